/** Brand palette, mirrored from src/styles/tokens.css (the artwork is generated offline, so it cannot read CSS). */
export const C = {
  p50: '#eef0ff',
  p100: '#dfe3ff',
  p200: '#c2c9ff',
  p300: '#9aa3fb',
  p400: '#7078f3',
  p500: '#4f54e6',
  p600: '#3f3fd0',
  p700: '#3432a8',
  p800: '#2b2b86',
  p900: '#1e1e5c',
  a300: '#fcd48a',
  a400: '#fbbf4d',
  a500: '#f59e0b',
  a600: '#c97a06',
  a700: '#9a5b05',
  t300: '#99f6e4',
  t400: '#2dd4bf',
  t500: '#14b8a6',
  t600: '#0d9488',
  s300: '#7dd3fc',
  s400: '#38bdf8',
  s500: '#0ea5e9',
  rose: '#f472b6',
  coral: '#fb7185',
  orange: '#f97316',
  white: '#ffffff',
  g50: '#f7f8fc',
  g100: '#eef0f6',
  g200: '#e1e4ee',
  g300: '#c8cddc',
  g400: '#9aa1b5',
  g500: '#6b7289',
  g600: '#4e556b',
  g700: '#373d52',
  g800: '#23283a',
  g900: '#141827',
  ink: '#0d1020',
  skin1: '#f1c7a5',
  skin2: '#d99e76',
  skin3: '#a8714f',
  skin4: '#7a4e35',
  hair1: '#1f1a24',
  hair2: '#3b2a22',
  hair3: '#5b3a29',
} as const;

export type Tone = 'indigo' | 'saffron' | 'teal' | 'sky';

/** An accent ramp per tone: light, mid, strong, deep. */
export const TONES: Record<Tone, { light: string; mid: string; main: string; deep: string }> = {
  indigo: { light: C.p100, mid: C.p400, main: C.p600, deep: C.p800 },
  saffron: { light: '#fff1d6', mid: C.a400, main: C.a500, deep: C.a600 },
  teal: { light: '#ccfbf1', mid: C.t400, main: C.t500, deep: C.t600 },
  sky: { light: '#e0f2fe', mid: C.s400, main: C.s500, deep: '#0369a1' },
};

export const FONT = "'Plus Jakarta Sans Variable', system-ui, sans-serif";
