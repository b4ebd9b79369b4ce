import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Brand palette for the generated artwork. Brand colours are read from src/styles/tokens.css, the one
 * place they are defined, so a change of brand colour there is picked up by `npm run artwork`.
 * Colours only illustrations need (skin and hair tones, extra tints, client logos) are defined here:
 * every colour of the artwork is one of these (scripts/artwork/artwork.test.ts checks the output).
 */
const tokensCss = readFileSync(path.resolve(import.meta.dirname, '../../src/styles/tokens.css'), 'utf8');

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
  // Tints of the tones' ramps (TONES below).
  a100: '#fff1d6',
  t100: '#ccfbf1',
  t700: '#0f766e',
  t800: '#115e59',
  s100: '#e0f2fe',
  s700: '#0369a1',
  // Shadows (always with an opacity).
  black: '#000',
  // Illustration colours outside the brand: client logos, a pink product, furniture and maps.
  green400: '#4ade80',
  green700: '#15803d',
  blue900: '#1e3a8a',
  purple500: '#a855f7',
  purple700: '#7e22ce',
  purple800: '#6b21a8',
  pink50: '#fdf2f8',
  pink100: '#fce7f3',
  pink200: '#fbcfe8',
  pink600: '#db2777',
  pink700: '#be185d',
  pink900: '#831843',
  rose600: '#e11d48',
  orange700: '#c2410c',
  orange800: '#9a3412',
  slate700: '#23465a',
  slate800: '#1b3545',
  wood: '#c89b6a',
  woodLight: '#e8c9a0',
  glass: '#e8f3ff',
  mapLand: '#eef1f8',
  mapBlock: '#e3e7f2',
  mapPark: '#cdf3e6',
  mapWater: '#cfe9fb',
  mapBlockDark: '#25256e',
  mapParkDark: '#1f4f6e',
  mapWaterDark: '#1c3f7a',
  mapRoadDark: '#3a3a98',
} as const;

export type Tone = 'indigo' | 'saffron' | 'teal' | 'sky';

/** An accent ramp per tone: light, mid, strong, deep. */
export const TONES: Record<Tone, { light: string; mid: string; main: string; deep: string }> = {
  indigo: { light: C.p100, mid: C.p400, main: C.p600, deep: C.p800 },
  saffron: { light: C.a100, mid: C.a400, main: C.a500, deep: C.a600 },
  teal: { light: C.t100, mid: C.t400, main: C.t500, deep: C.t600 },
  sky: { light: C.s100, mid: C.s400, main: C.s500, deep: C.s700 },
};

export const FONT = "'Plus Jakarta Sans Variable', system-ui, sans-serif";
