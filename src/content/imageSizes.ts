/**
 * Intrinsic sizes of the images the content uses, read at build time, so every <img> gets
 * width/height attributes and nothing shifts while pictures load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type ImageSizes = Record<string, [number, number]>;

function svgSize(text: string): [number, number] | undefined {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0] ?? '';
  const w = /\bwidth="([\d.]+)"/.exec(root)?.[1];
  const h = /\bheight="([\d.]+)"/.exec(root)?.[1];
  if (w && h) return [Math.round(Number(w)), Math.round(Number(h))];
  const vb = /\bviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
  return vb ? [Math.round(Number(vb[1])), Math.round(Number(vb[2]))] : undefined;
}

function pngSize(buf: Buffer): [number, number] | undefined {
  return buf.length > 24 && buf.toString('ascii', 1, 4) === 'PNG'
    ? [buf.readUInt32BE(16), buf.readUInt32BE(20)]
    : undefined;
}

function jpegSize(buf: Buffer): [number, number] | undefined {
  let i = 2;
  while (i + 9 < buf.length && buf[i] === 0xff) {
    const marker = buf[i + 1] ?? 0;
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [buf.readUInt16BE(i + 7), buf.readUInt16BE(i + 5)];
    }
    i += 2 + len;
  }
  return undefined;
}

export function readImageSize(absPath: string): [number, number] | undefined {
  try {
    if (absPath.endsWith('.svg')) return svgSize(readFileSync(absPath, 'utf8'));
    const buf = readFileSync(absPath);
    return pngSize(buf) ?? jpegSize(buf);
  } catch {
    return undefined;
  }
}

export function readImageSizes(publicDir: string, srcs: Iterable<string>): ImageSizes {
  const out: ImageSizes = {};
  for (const src of new Set(srcs)) {
    const size = readImageSize(path.join(publicDir, src));
    if (size) out[src] = size;
  }
  return out;
}
