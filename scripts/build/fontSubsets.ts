/**
 * `tsx scripts/build/fontSubsets.ts`: writes the Latin core of the body font,
 * src/styles/fonts/plus-jakarta-sans-latin-core-wght-normal.woff2, from @fontsource-variable's
 * Latin file, and prints the two unicode-range values src/styles/webfont.css must hold.
 *
 * Why (issue 23): the body font is preloaded and arrives before the first paint, so Lighthouse
 * counts it in LCP. The whole Latin file is 27.3 KB; the core (printable ASCII and the punctuation
 * the site's text uses) is 17.6 KB with the same weight axis, and took the simulated LCP from 1.51 s
 * to 1.36 s. Any other Latin character (an accented name, a currency sign) comes from the full
 * Latin file, which the browser fetches only for a page that has one: its unicode-range is Latin
 * minus the core. Run again after a fontsource upgrade or a change of LATIN_CORE; fontSubsets.test.ts
 * checks webfont.css against these ranges.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const FONT_SOURCE = path.join(
  ROOT,
  'node_modules/@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2',
);
export const CORE_FILE = path.join(ROOT, 'src/styles/fonts/plus-jakarta-sans-latin-core-wght-normal.woff2');

/**
 * ASCII (with the control characters: a newline in the text must not make the browser fetch the
 * other file), the no-break space, and the punctuation, signs and letters of the site's own text
 * (é: résumé).
 */
export const LATIN_CORE = [
  ...Array.from({ length: 0xa1 }, (_, i) => i),
  ...[...'©·é–—‘’“”•…'].map((c) => c.codePointAt(0) as number),
].sort((a, b) => a - b);

/** fontsource's Latin subset (its unicode-range), as code points. */
export const LATIN_RANGE = parseUnicodeRange(
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
);

export function parseUnicodeRange(value: string): number[] {
  return value
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map((h) => Number.parseInt(h, 16));
      return Array.from({ length: (to as number) - (from as number) + 1 }, (_, i) => (from as number) + i);
    });
}

/** Code points as a CSS unicode-range value (consecutive ones as spans), e.g. "U+0020-007E, U+00A0". */
export function unicodeRange(codePoints: readonly number[]): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const spans: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++;
    const [a, b] = [sorted[i] as number, sorted[j] as number];
    spans.push(a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`);
    i = j + 1;
  }
  return spans.join(', ');
}

/** The unicode-range of each of the two faces. */
export function latinFaces(): { core: string; rest: string } {
  const core = new Set(LATIN_CORE);
  return { core: unicodeRange(LATIN_CORE), rest: unicodeRange(LATIN_RANGE.filter((c) => !core.has(c))) };
}

async function main() {
  const text = String.fromCodePoint(...LATIN_CORE);
  const font = await subsetFont(readFileSync(FONT_SOURCE), text, { targetFormat: 'woff2' });
  writeFileSync(CORE_FILE, font);
  const { core, rest } = latinFaces();
  console.log(`Wrote ${path.relative(ROOT, CORE_FILE)} (${font.length} bytes).`);
  console.log(`src/styles/webfont.css, Latin core face:\n  unicode-range: ${core};`);
  console.log(`src/styles/webfont.css, Latin face (the rest):\n  unicode-range: ${rest};`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
