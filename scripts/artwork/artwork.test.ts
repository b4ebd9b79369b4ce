// @vitest-environment jsdom
/**
 * The artwork of public/, drawn by scripts/artwork (npm run artwork): public/ holds exactly what the
 * scripts draw (plus the hand-drawn files listed below), and every SVG is well-formed SVG of its
 * slot's size, uses only the palette's colours and refers to nothing outside itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { otherFiles, svgFiles } from './files.ts';
import { C } from './palette.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');
/** Pictures made by hand, not by the scripts (still checked like the others). */
const HAND_DRAWN = ['images/about/hero-desktop.svg', 'images/about/hero-mobile.svg'];

/** The size of each picture slot (what the pages and their CSS are laid out for). */
const SLOTS: [RegExp, number, number][] = [
  [/(^images\/home\/hero-\d|\/hero-desktop)\.svg$/, 1920, 1080],
  [/\/hero-mobile\.svg$/, 750, 1334],
  [/^images\/brand\/logo(-white)?\.svg$/, 240, 56],
  [/^favicon\.svg$/, 64, 64],
  [/^images\/clients\/[\w-]+\.svg$/, 320, 120],
  [/^images\/industries\/[\w-]+\.svg$/, 1200, 800],
  [/^images\/about\/about-\d\.svg$/, 1200, 900],
  [/^images\/brand\/(not-found|privacy)\.svg$/, 800, 500],
  [/^images\/products\/[\w-]+\/card\.svg$/, 600, 800],
  [/^images\/products\/[\w-]+\/app-[\w-]+\.svg$/, 600, 1000],
  [/^images\/products\/[\w-]+\/transit-site\.svg$/, 1200, 630],
  [/^images\/products\/[\w-]+\/(expanded|why-choose-us)\.svg$/, 1200, 800],
  [/^images\/services\/[\w-]+\/card\.svg$/, 620, 420],
  [/\/about-desktop\.svg$/, 1600, 700],
  [/\/about-mobile\.svg$/, 750, 1100],
  [/\/gallery-\d\.svg$/, 900, 600],
];

const drawn = svgFiles();
let others: [string, Buffer | string][] = [];
const all = () => [...drawn, ...others];
const svgs: [string, string][] = [
  ...drawn,
  ...HAND_DRAWN.map((rel): [string, string] => [rel, readFileSync(path.join(PUBLIC, rel), 'utf8')]),
];

beforeAll(async () => {
  others = await otherFiles();
});

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

/** #abc -> #aabbcc, lower case. */
const normal = (colour: string) => {
  const c = colour.trim().toLowerCase();
  return /^#[0-9a-f]{3}$/.test(c) ? `#${[...c.slice(1)].map((x) => x + x).join('')}` : c;
};
const PALETTE = new Set(Object.values(C).map(normal));

describe('public/ and the artwork scripts', () => {
  it('public/ holds exactly what the scripts draw, byte for byte (else: npm run artwork)', () => {
    const expected = [...all().map(([rel]) => rel), ...HAND_DRAWN].sort();
    expect(
      filesUnder(PUBLIC)
        .map((f) => path.relative(PUBLIC, f).split(path.sep).join('/'))
        .sort(),
    ).toEqual(expected);
    const stale = all()
      .filter(([rel, data]) => !readFileSync(path.join(PUBLIC, rel)).equals(Buffer.from(data)))
      .map(([rel]) => rel);
    expect(stale, 'differ from what npm run artwork draws').toEqual([]);
  });

  it('draws the same bytes every time', async () => {
    expect(svgFiles()).toEqual(drawn);
    expect(await otherFiles()).toEqual(others);
  });
});

describe.each(svgs)('%s', (rel, svg) => {
  it('is well-formed SVG of its slot’s size', async () => {
    // jsdom's XML parser: a malformed file gives a <parsererror> document.
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(root.localName).toBe('svg');
    const slots = SLOTS.filter(([pattern]) => pattern.test(rel));
    expect(slots, 'matches one slot').toHaveLength(1);
    const [, width, height] = slots[0] ?? [];
    expect([root.getAttribute('width'), root.getAttribute('height')]).toEqual([
      String(width),
      String(height),
    ]);
    expect(root.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`);
    // And what an image library (librsvg, as browsers would) makes of it.
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', width, height]);
  });

  it('uses only the palette’s colours', () => {
    const colours = [
      ...svg.matchAll(/\b(?:fill|stroke|stop-color|flood-color|color)\s*[=:]\s*"?\s*([^";)]+)/g),
    ]
      .map((m) => normal(m[1] ?? ''))
      .filter((c) => c !== 'none' && c !== 'currentcolor' && !c.startsWith('url(#'));
    expect(colours.filter((c) => !PALETTE.has(c))).toEqual([]);
  });

  it('refers to nothing outside itself', () => {
    expect(svg).not.toMatch(/<(image|script|foreignObject|use)\b(?![^>]*\bhref="#)/i);
    expect(
      [...svg.matchAll(/\bhref="([^"]*)"/g)].map((m) => m[1]).filter((h) => !h?.startsWith('#')),
    ).toEqual([]);
    expect([...svg.matchAll(/url\(([^)]*)\)/g)].map((m) => m[1]).filter((u) => !u?.startsWith('#'))).toEqual(
      [],
    );
    expect(svg.replaceAll('http://www.w3.org/', '')).not.toMatch(/https?:|@import|data:/i);
  });
});
