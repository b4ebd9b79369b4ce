/**
 * Lucide glyphs as inline SVG groups. The icon node data is read from lucide-react's per-icon ES
 * modules (an array of [tag, attrs]) and drawn at any size, colour and stroke width.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { el, f } from './svg.ts';

// Paths from import.meta.dirname, not URLs: the artwork test runs where URL is jsdom's.
const ICON_DIR = `${path.resolve(import.meta.dirname, '../../node_modules/lucide-react/dist/esm/icons')}/`;
const cache = new Map<string, string>();

function nodes(name: string): string {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const src = readFileSync(`${ICON_DIR}${name}.mjs`, 'utf8');
  const alias = src.match(/export \{ default \} from '\.\/([\w-]+)\.mjs'/);
  if (alias?.[1]) {
    const out = nodes(alias[1]);
    cache.set(name, out);
    return out;
  }
  const body = src.slice(src.indexOf('node:'));
  let out = '';
  for (const m of body.matchAll(/\[\s*"(\w+)",\s*\{([^}]*)\}\s*\]/g)) {
    const a: Record<string, string> = {};
    for (const am of (m[2] ?? '').matchAll(/"?([\w-]+)"?:\s*"([^"]*)"/g)) {
      if (am[1] !== 'key') a[am[1] as string] = am[2] as string;
    }
    out += el(m[1] as string, a);
  }
  if (!out) throw new Error(`lucide icon "${name}" has no nodes`);
  cache.set(name, out);
  return out;
}

/** Draw a lucide icon with its top-left corner at (x, y), `size` px square. */
export function icon(name: string, x: number, y: number, size: number, color: string, sw = 2): string {
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${Math.round((size / 24) * 1000) / 1000})" stroke="${color}" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round" fill="none">${nodes(name)}</g>`;
}

/** Same, centred on (cx, cy). */
export function iconC(name: string, cx: number, cy: number, size: number, color: string, sw = 2): string {
  return icon(name, cx - size / 2, cy - size / 2, size, color, sw);
}
