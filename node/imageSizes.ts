/**
 * Intrinsic sizes of the images the content uses, read at build time, so every <img> gets
 * width/height attributes and nothing shifts while pictures load. Reads the file headers of every
 * type the content schema accepts (SVG, PNG, JPEG, WebP, AVIF), synchronously and without a native
 * dependency (the dev server and the tests call it too).
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

/** The EXIF orientation (1-8) in a JPEG's APP1 segment at `at` (its contents), or 1. */
function exifOrientation(buf: Buffer, at: number, end: number): number {
  if (buf.toString('ascii', at, at + 6) !== 'Exif\0\0') return 1;
  const tiff = at + 6;
  const little = buf.toString('ascii', tiff, tiff + 2) === 'II';
  const u16 = (o: number) => (little ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o: number) => (little ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let e = 0; e < count; e++) {
    const entry = ifd + 2 + e * 12;
    if (entry + 12 > end) break;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

/** JPEG: the frame header (SOFn); shown turned by 90° (EXIF orientation 5-8) it is as tall as wide. */
function jpegSize(buf: Buffer): [number, number] | undefined {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) return undefined;
  let orientation = 1;
  let i = 2;
  while (i + 9 < buf.length && buf[i] === 0xff) {
    const marker = buf[i + 1] ?? 0;
    const len = buf.readUInt16BE(i + 2);
    if (marker === 0xe1) orientation = exifOrientation(buf, i + 4, Math.min(i + 2 + len, buf.length));
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const size: [number, number] = [buf.readUInt16BE(i + 7), buf.readUInt16BE(i + 5)];
      return orientation >= 5 && orientation <= 8 ? [size[1], size[0]] : size;
    }
    i += 2 + len;
  }
  return undefined;
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X, e.g. with alpha or animation). */
function webpSize(buf: Buffer): [number, number] | undefined {
  if (buf.length < 30 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WEBP')
    return undefined;
  const chunk = buf.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame header after the 3-byte frame tag and the start code 9d 01 2a: 14-bit width and height.
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return undefined;
    return [buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return undefined;
    const bits = buf.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [buf.readUIntLE(24, 3) + 1, buf.readUIntLE(27, 3) + 1];
  return undefined;
}

/** ISO BMFF boxes (AVIF/HEIF) inside [start, end): type and the range of its contents. */
function* boxes(
  buf: Buffer,
  start: number,
  end: number,
): Generator<{ type: string; from: number; to: number }> {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1 && at + 16 <= end) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    yield { type: buf.toString('ascii', at + 4, at + 8), from: at + header, to: at + size };
    at += size;
  }
}

/**
 * AVIF: the image spatial extents ('ispe') in meta/iprp/ipco. A picture stored as a grid of tiles
 * (or with an alpha plane) has several; the whole picture is the largest. A 90° or 270° rotation
 * ('irot') swaps width and height.
 */
function avifSize(buf: Buffer): [number, number] | undefined {
  if (buf.length < 16 || buf.toString('ascii', 4, 8) !== 'ftyp') return undefined;
  const brands = buf.toString('ascii', 8, Math.min(buf.readUInt32BE(0), buf.length));
  if (!/avif|avis|mif1/.test(brands)) return undefined;
  const find = (type: string, from: number, to: number) => {
    for (const box of boxes(buf, from, to)) if (box.type === type) return box;
    return undefined;
  };
  const meta = find('meta', 0, buf.length);
  // 'meta' is a full box: 4 bytes of version and flags before its children.
  const iprp = meta && find('iprp', meta.from + 4, meta.to);
  const ipco = iprp && find('ipco', iprp.from, iprp.to);
  if (!ipco) return undefined;
  let best: [number, number] | undefined;
  let turned = false;
  for (const box of boxes(buf, ipco.from, ipco.to)) {
    if (box.type === 'ispe' && box.to - box.from >= 12) {
      const size: [number, number] = [buf.readUInt32BE(box.from + 4), buf.readUInt32BE(box.from + 8)];
      if (!best || size[0] * size[1] > best[0] * best[1]) best = size;
    }
    if (box.type === 'irot' && box.to > box.from) turned = ((buf[box.from] ?? 0) & 0x3) % 2 === 1;
  }
  return best && turned ? [best[1], best[0]] : best;
}

export function readImageSize(absPath: string): [number, number] | undefined {
  try {
    if (absPath.endsWith('.svg')) return svgSize(readFileSync(absPath, 'utf8'));
    const buf = readFileSync(absPath);
    return pngSize(buf) ?? jpegSize(buf) ?? webpSize(buf) ?? avifSize(buf);
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
