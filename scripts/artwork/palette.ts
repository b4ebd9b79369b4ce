import { readFileSync } from 'node:fs';

/**
 * Brand palette for the generated artwork. Brand colours are read from src/styles/tokens.css, the one
 * place they are defined, so a change of brand colour there is picked up by `npm run artwork`.
 * Colours only illustrations need (skin and hair tones, extra tints) are defined here.
 */
const tokensCss = readFileSync(new URL('../../src/styles/tokens.css', import.meta.url), 'utf8');

function token(name: string): string {
  const match = tokensCss.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`));
  if (!match?.[1])
    throw new Error(`src/styles/tokens.css has no colour --color-${name} (the artwork needs it).`);
  return match[1];
}

export const C = {
  p50: token('primary-50'),
  p100: token('primary-100'),
  p200: token('primary-200'),
  p300: token('primary-300'),
  p400: token('primary-400'),
  p500: token('primary-500'),
  p600: token('primary-600'),
  p700: token('primary-700'),
  p800: token('primary-800'),
  p900: token('primary-900'),
  a300: token('accent-300'),
  a400: token('accent-400'),
  a500: token('accent-500'),
  a600: token('accent-600'),
  a700: token('accent-700'),
  t300: '#99f6e4',
  t400: token('teal-400'),
  t500: token('teal-500'),
  t600: '#0d9488',
  s300: '#7dd3fc',
  s400: '#38bdf8',
  s500: token('sky-500'),
  rose: '#f472b6',
  coral: '#fb7185',
  orange: '#f97316',
  white: token('white'),
  g50: token('gray-50'),
  g100: token('gray-100'),
  g200: token('gray-200'),
  g300: token('gray-300'),
  g400: token('gray-400'),
  g500: token('gray-500'),
  g600: token('gray-600'),
  g700: token('gray-700'),
  g800: token('gray-800'),
  g900: token('gray-900'),
  ink: token('ink'),
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
