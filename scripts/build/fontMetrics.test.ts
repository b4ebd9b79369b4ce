// @vitest-environment node
/**
 * The body font's metric-matched fallback (src/styles/fonts.css) agrees with the font file: the
 * tables are read from the real WOFF2 (and from Debian's Liberation Sans, Arial's metric twin, when
 * installed), and each fallback face's overrides are the web font's ascent, descent and line gap
 * divided by its size-adjust.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_FACES, fallbackOverrides, fontMetrics, readFontTables } from './fontMetrics.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_FONT = path.join(
  ROOT,
  'node_modules/@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2',
);
const LIBERATION = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';

interface Face {
  family: string;
  weight: string;
  src: string;
  sizeAdjust: number;
  ascent: number;
  descent: number;
  lineGap: number;
}

function fallbackFaces(): Face[] {
  const css = readFileSync(path.join(ROOT, 'src/styles/fonts.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => {
    const get = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1]?.trim() ?? '';
    const pct = (name: string) => Number.parseFloat(get(name));
    return {
      family: get('font-family'),
      weight: get('font-weight'),
      src: get('src'),
      sizeAdjust: pct('size-adjust'),
      ascent: pct('ascent-override'),
      descent: pct('descent-override'),
      lineGap: pct('line-gap-override'),
    };
  });
}

describe('font metrics', () => {
  it('reads the tables of the self-hosted WOFF2 (Plus Jakarta Sans, default weight 400)', () => {
    const file = readFileSync(WEB_FONT);
    expect([...readFontTables(file).keys()]).toEqual(
      expect.arrayContaining(['head', 'hhea', 'OS/2', 'hmtx', 'cmap']),
    );
    const m = fontMetrics(file);
    expect({ ...m, xWidthAvg: Math.round(m.xWidthAvg) }).toEqual({
      unitsPerEm: 1000,
      ascent: 1038,
      descent: 222,
      lineGap: 0,
      xWidthAvg: 460,
    });
  });

  it.runIf(existsSync(LIBERATION))('reads a TrueType file (Liberation Sans: Arial metrics)', () => {
    const m = fontMetrics(readFileSync(LIBERATION));
    expect([m.unitsPerEm, m.ascent, m.descent, m.lineGap]).toEqual([2048, 1854, 434, 67]);
  });

  it('has one fallback face per weight range, using local Arial-compatible fonts only', () => {
    const faces = fallbackFaces();
    expect(faces.map((f) => [f.family, f.weight])).toEqual(
      FALLBACK_FACES.map((f) => ['"Plus Jakarta Sans Fallback"', f.weights]),
    );
    for (const face of faces) {
      expect(face.src).toMatch(/^local\(/);
      expect(face.src).not.toMatch(/url\(/);
      expect(face.src).toContain('Liberation Sans');
    }
  });

  it("gives every fallback face the web font's vertical metrics, scaled back by its size-adjust", () => {
    const web = fontMetrics(readFileSync(WEB_FONT));
    for (const face of fallbackFaces()) {
      const ratio = face.sizeAdjust / 100;
      const expected = fallbackOverrides(web, web, ratio, 1);
      expect([face.ascent, face.descent, face.lineGap], face.weight).toEqual([
        expected.ascentOverride,
        expected.descentOverride,
        expected.lineGapOverride,
      ]);
    }
  });

  it.runIf(existsSync(LIBERATION))(
    "sizes the regular face to the web font's average width (its default instance, 400)",
    () => {
      const web = fontMetrics(readFileSync(WEB_FONT));
      const expected = fallbackOverrides(web, fontMetrics(readFileSync(LIBERATION)));
      const regular = fallbackFaces()[0];
      expect(regular?.sizeAdjust).toBeCloseTo(expected.sizeAdjust, 1);
      expect(regular?.ascent).toBeCloseTo(expected.ascentOverride, 1);
    },
  );
});
