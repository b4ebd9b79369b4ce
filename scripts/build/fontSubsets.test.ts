import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORE_FILE,
  LATIN_CORE,
  LATIN_RANGE,
  latinFaces,
  parseUnicodeRange,
  unicodeRange,
} from './fontSubsets.ts';

const css = readFileSync(path.join(import.meta.dirname, '../../src/styles/webfont.css'), 'utf8');

/** The unicode-range of webfont.css's face whose src names `file`. */
function rangeOf(file: string): string | undefined {
  const face = css.split('@font-face').find((block) => block.includes(file));
  return /unicode-range:\s*([^;]+);/
    .exec(face ?? '')?.[1]
    ?.replace(/\s+/g, ' ')
    .trim();
}

describe('the body font split in two (fontSubsets.ts)', () => {
  it('writes spans as CSS unicode-range values and reads them back', () => {
    expect(unicodeRange([0x41, 0x20, 0x21, 0x22, 0x2026])).toBe('U+0020-0022, U+0041, U+2026');
    expect(parseUnicodeRange('U+0020-0022, U+0041')).toEqual([0x20, 0x21, 0x22, 0x41]);
  });

  it('gives webfont.css the ranges fontSubsets.ts prints: the core, and Latin minus the core', () => {
    const { core, rest } = latinFaces();
    expect(rangeOf('latin-core-wght-normal.woff2')).toBe(core);
    expect(rangeOf('plus-jakarta-sans-latin-wght-normal.woff2')).toBe(rest);
  });

  it('covers every Latin character exactly once between the two faces', () => {
    const core = parseUnicodeRange(rangeOf('latin-core-wght-normal.woff2') ?? '');
    const rest = parseUnicodeRange(rangeOf('plus-jakarta-sans-latin-wght-normal.woff2') ?? '');
    expect(core.filter((c) => rest.includes(c))).toEqual([]);
    expect(LATIN_RANGE.filter((c) => !core.includes(c) && !rest.includes(c))).toEqual([]);
    expect(LATIN_CORE).toContain('’'.codePointAt(0));
  });

  it('has the core file committed, as WOFF2, smaller than the whole Latin file', () => {
    expect(existsSync(CORE_FILE)).toBe(true);
    const font = readFileSync(CORE_FILE);
    expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.length).toBeLessThan(20_000);
  });
});
