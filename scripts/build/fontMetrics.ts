/**
 * Font metrics for a metric-matched fallback @font-face (src/styles/fonts.css): reads the tables of
 * a TrueType/OpenType (.ttf/.otf) or WOFF2 file — head, hhea, OS/2, hmtx, cmap — and computes what a
 * local font needs to take the same room as the web font (size-adjust and the ascent/descent/line-gap
 * overrides), for a page painted before the web font arrived (src/styles/webfont.css).
 *
 *   tsx scripts/build/fontMetrics.ts <web font .woff2|.ttf> <fallback .ttf> [<bold fallback .ttf>]
 *
 * prints the overrides (the fallback files are e.g. Debian's Liberation Sans, metric-compatible with
 * Arial). Widths are those of the font's default instance; `widthAt` in the browser suite measures
 * the variable weights.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

/** The tags a WOFF2 table directory names by index (WOFF2 spec, 5.1). */
const WOFF2_KNOWN_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
  'prep',
  'CFF ',
  'VORG',
  'EBDT',
  'EBLC',
  'gasp',
  'hdmx',
  'kern',
  'LTSH',
  'PCLT',
  'VDMX',
  'vhea',
  'vmtx',
  'BASE',
  'GDEF',
  'GPOS',
  'GSUB',
  'EBSC',
  'JSTF',
  'MATH',
  'CBDT',
  'CBLC',
  'COLR',
  'CPAL',
  'SVG ',
  'sbix',
  'acnt',
  'avar',
  'bdat',
  'bloc',
  'bsln',
  'cvar',
  'fdsc',
  'feat',
  'fmtx',
  'fvar',
  'gvar',
  'hsty',
  'just',
  'lcar',
  'mort',
  'morx',
  'opbd',
  'prop',
  'trak',
  'Zapf',
  'Silf',
  'Glat',
  'Gloc',
  'Feat',
  'Sill',
] as const;

export type FontTables = Map<string, Buffer>;

function readBase128(buf: Buffer, at: { pos: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = buf.readUInt8(at.pos++);
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  throw new Error('WOFF2: bad UIntBase128');
}

function woff2Tables(buf: Buffer): FontTables {
  const numTables = buf.readUInt16BE(12);
  const compressedLength = buf.readUInt32BE(20);
  const at = { pos: 48 };
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = buf.readUInt8(at.pos++);
    const index = flags & 0x3f;
    let tag: string;
    if (index === 63) {
      tag = buf.toString('latin1', at.pos, at.pos + 4);
      at.pos += 4;
    } else tag = WOFF2_KNOWN_TAGS[index] ?? `#${index}`;
    const version = (flags >> 6) & 3;
    const origLength = readBase128(buf, at);
    // glyf/loca are transformed unless version 3; any other table only when version != 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? readBase128(buf, at) : origLength;
    entries.push({ tag, length });
  }
  const data = brotliDecompressSync(buf.subarray(at.pos, at.pos + compressedLength));
  const tables: FontTables = new Map();
  let offset = 0;
  for (const { tag, length } of entries) {
    tables.set(tag, data.subarray(offset, offset + length));
    offset += length;
  }
  return tables;
}

function sfntTables(buf: Buffer): FontTables {
  const numTables = buf.readUInt16BE(4);
  const tables: FontTables = new Map();
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = buf.toString('latin1', rec, rec + 4);
    const offset = buf.readUInt32BE(rec + 8);
    const length = buf.readUInt32BE(rec + 12);
    tables.set(tag, buf.subarray(offset, offset + length));
  }
  return tables;
}

export function readFontTables(file: Buffer): FontTables {
  const magic = file.toString('latin1', 0, 4);
  if (magic === 'wOF2') return woff2Tables(file);
  if (magic === '\0\x01\0\0' || magic === 'OTTO' || magic === 'true') return sfntTables(file);
  throw new Error(`Not a TrueType, OpenType or WOFF2 font (starts with ${JSON.stringify(magic)})`);
}

function table(tables: FontTables, tag: string): Buffer {
  const t = tables.get(tag);
  if (!t) throw new Error(`The font has no ${tag} table`);
  return t;
}

/** Unicode code point -> glyph id, from the cmap's format 4 (BMP) subtable. */
function glyphIds(cmap: Buffer): Map<number, number> {
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    if (!((platform === 3 && encoding === 1) || platform === 0)) continue;
    if (cmap.readUInt16BE(offset) !== 4) continue;
    const segX2 = cmap.readUInt16BE(offset + 6);
    const ends = offset + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffsets = deltas + segX2;
    const map = new Map<number, number>();
    for (let s = 0; s < segX2 / 2; s++) {
      const end = cmap.readUInt16BE(ends + s * 2);
      const start = cmap.readUInt16BE(starts + s * 2);
      const delta = cmap.readInt16BE(deltas + s * 2);
      const ro = cmap.readUInt16BE(rangeOffsets + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let glyph: number;
        if (ro === 0) glyph = (c + delta) & 0xffff;
        else {
          const g = cmap.readUInt16BE(rangeOffsets + s * 2 + ro + (c - start) * 2);
          glyph = g === 0 ? 0 : (g + delta) & 0xffff;
        }
        if (glyph) map.set(c, glyph);
      }
    }
    return map;
  }
  throw new Error('The font has no Unicode BMP (format 4) cmap');
}

/**
 * Latin letters and the space weighted by how often they occur in English text (as capsize and
 * Next.js do), for an average advance width that predicts how long a line of running text is.
 */
export const ENGLISH_FREQUENCY: Readonly<Record<string, number>> = {
  ' ': 0.1818,
  e: 0.1015,
  t: 0.0737,
  a: 0.0668,
  o: 0.0628,
  i: 0.0599,
  n: 0.0586,
  s: 0.0521,
  r: 0.0497,
  h: 0.0435,
  l: 0.0334,
  d: 0.0306,
  c: 0.0262,
  u: 0.0222,
  m: 0.0194,
  f: 0.0182,
  p: 0.0168,
  g: 0.0159,
  w: 0.0151,
  y: 0.0144,
  b: 0.0122,
  v: 0.0083,
  k: 0.0057,
  x: 0.0014,
  j: 0.0011,
  q: 0.0009,
  z: 0.0007,
};

export interface FontMetrics {
  unitsPerEm: number;
  /** The vertical metrics a browser lays lines out with (typo metrics when USE_TYPO_METRICS is set, else hhea). */
  ascent: number;
  descent: number;
  lineGap: number;
  /** Frequency-weighted average advance of English text, in font units. */
  xWidthAvg: number;
}

export function fontMetrics(file: Buffer): FontMetrics {
  const tables = readFontTables(file);
  const head = table(tables, 'head');
  const hhea = table(tables, 'hhea');
  const os2 = tables.get('OS/2');
  const unitsPerEm = head.readUInt16BE(18);
  const useTypo = os2 !== undefined && (os2.readUInt16BE(62) & (1 << 7)) !== 0;
  const ascent = useTypo && os2 ? os2.readInt16BE(68) : hhea.readInt16BE(4);
  const descent = useTypo && os2 ? os2.readInt16BE(70) : hhea.readInt16BE(6);
  const lineGap = useTypo && os2 ? os2.readInt16BE(72) : hhea.readInt16BE(8);
  const numberOfHMetrics = hhea.readUInt16BE(34);
  const hmtx = table(tables, 'hmtx');
  const advance = (glyph: number) => hmtx.readUInt16BE(Math.min(glyph, numberOfHMetrics - 1) * 4);
  const ids = glyphIds(table(tables, 'cmap'));
  let total = 0;
  let weights = 0;
  for (const [char, weight] of Object.entries(ENGLISH_FREQUENCY)) {
    const glyph = ids.get(char.codePointAt(0) ?? 0);
    if (glyph === undefined) continue;
    total += advance(glyph) * weight;
    weights += weight;
  }
  return { unitsPerEm, ascent, descent: Math.abs(descent), lineGap, xWidthAvg: total / weights };
}

export interface FallbackOverrides {
  /** size-adjust, a percentage. */
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
}

/**
 * The @font-face descriptors that make `fallback` take the room of `web`: size-adjust scales the
 * fallback's glyphs to the web font's average width; the overrides (which size-adjust scales too,
 * hence the division) give it the web font's ascent, descent and line gap. Percentages, 2 decimals.
 */
export function fallbackOverrides(
  web: FontMetrics,
  fallback: FontMetrics,
  webWidthPerEm?: number,
  fallbackWidthPerEm?: number,
): FallbackOverrides {
  const pct = (v: number) => Math.round(v * 10000) / 100;
  // Rounded first, as written in the stylesheet: the overrides are divided by what the browser uses.
  const ratio =
    pct(
      (webWidthPerEm ?? web.xWidthAvg / web.unitsPerEm) /
        (fallbackWidthPerEm ?? fallback.xWidthAvg / fallback.unitsPerEm),
    ) / 100;
  return {
    sizeAdjust: pct(ratio),
    ascentOverride: pct(web.ascent / web.unitsPerEm / ratio),
    descentOverride: pct(web.descent / web.unitsPerEm / ratio),
    lineGapOverride: pct(web.lineGap / web.unitsPerEm / ratio),
  };
}

/** One face of the fallback family: the local fonts it uses and the web font weight it stands in for. */
export interface FallbackFace {
  /** The @font-face font-weight range. */
  weights: string;
  /** The web font's weight whose widths this face matches. */
  matchWeight: number;
  /** local() names (full names and PostScript names), metric-compatible with one another. */
  locals: string[];
  /** How the browser names the first installed one, to measure it (e.g. "Liberation Sans"). */
  measureFamily: string;
  measureWeight: number;
}

/** Arial Bold and its metric-compatible stand-ins: both heavier faces are drawn from it. */
const BOLD_LOCALS = [
  'Arial Bold',
  'Arial-BoldMT',
  'Liberation Sans Bold',
  'LiberationSans-Bold',
  'Arimo Bold',
  'Helvetica Bold',
];

export const FALLBACK_FACES: readonly FallbackFace[] = [
  {
    weights: '100 549',
    matchWeight: 400,
    locals: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo', 'Helvetica'],
    measureFamily: 'Liberation Sans',
    measureWeight: 400,
  },
  {
    weights: '550 749',
    matchWeight: 700,
    locals: BOLD_LOCALS,
    measureFamily: 'Liberation Sans',
    measureWeight: 700,
  },
  {
    weights: '750 900',
    matchWeight: 800,
    locals: BOLD_LOCALS,
    measureFamily: 'Liberation Sans',
    measureWeight: 700,
  },
];

/**
 * Frequency-weighted average advance per em of `family` at `weight`, measured in Chromium, for
 * variable fonts whose widths change with the weight (the file's hmtx holds the default instance's).
 */
async function measureWidths(
  webFont: Buffer,
  requests: { family: 'web' | string; weight: number }[],
): Promise<number[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH?.trim() || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      async ({ woff2, requests, frequency }) => {
        const face = new FontFace('Web Font Under Test', `url(data:font/woff2;base64,${woff2})`, {
          weight: '1 1000',
        });
        document.fonts.add(await face.load());
        const ctx = document.createElement('canvas').getContext('2d');
        if (!ctx) throw new Error('no canvas');
        return requests.map(({ family, weight }) => {
          ctx.font = `${weight} 100px "${family === 'web' ? 'Web Font Under Test' : family}"`;
          let total = 0;
          let weights = 0;
          for (const [char, w] of Object.entries(frequency)) {
            total += ctx.measureText(char).width * w;
            weights += w;
          }
          return total / weights / 100;
        });
      },
      { woff2: webFont.toString('base64'), requests, frequency: ENGLISH_FREQUENCY },
    );
  } finally {
    await browser.close();
  }
}

/** The fallback @font-face rules for `family`, with widths measured in Chromium. */
export async function fallbackCss(webFontFile: Buffer, family: string): Promise<string> {
  const web = fontMetrics(webFontFile);
  const widths = await measureWidths(
    webFontFile,
    FALLBACK_FACES.flatMap((f) => [
      { family: 'web', weight: f.matchWeight },
      { family: f.measureFamily, weight: f.measureWeight },
    ]),
  );
  return FALLBACK_FACES.map((face, i) => {
    const o = fallbackOverrides(web, web, widths[i * 2], widths[i * 2 + 1]);
    return [
      `/* Stands in for weight ${face.matchWeight}. */`,
      '@font-face {',
      `  font-family: "${family}";`,
      '  font-style: normal;',
      `  font-weight: ${face.weights};`,
      `  src: ${face.locals.map((n) => `local("${n}")`).join(', ')};`,
      `  size-adjust: ${o.sizeAdjust}%;`,
      `  ascent-override: ${o.ascentOverride}%;`,
      `  descent-override: ${o.descentOverride}%;`,
      `  line-gap-override: ${o.lineGapOverride}%;`,
      '}',
    ].join('\n');
  }).join('\n\n');
}

async function main() {
  const [webFile, fallbackFile] = process.argv.slice(2);
  if (!webFile) {
    console.error('Usage: tsx scripts/build/fontMetrics.ts <web font .woff2|.ttf> [<fallback .ttf>]');
    process.exit(1);
  }
  const file = readFileSync(webFile);
  console.log('/* web font:', JSON.stringify(fontMetrics(file)), '*/');
  if (fallbackFile) {
    const fallback = fontMetrics(readFileSync(fallbackFile));
    console.log(
      '/* fallback:',
      JSON.stringify(fallback),
      JSON.stringify(fallbackOverrides(fontMetrics(file), fallback)),
      '*/',
    );
  }
  console.log(await fallbackCss(file, 'Plus Jakarta Sans Fallback'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
