/**
 * Everything `npm run artwork` draws into public/, by path: the SVG illustrations, and the files
 * made from SVG sources (favicon.ico, app icons, the default sharing picture).
 * Deterministic: the same code always gives the same bytes.
 */
import sharp from 'sharp';
import { brandFiles, rasterSources } from './brand.ts';
import { pageFiles } from './pages.ts';
import { productFiles } from './products.ts';
import { serviceFiles } from './services.ts';

/** The SVG artwork, by path under public/. */
export function svgFiles(): [string, string][] {
  return [...brandFiles(), ...pageFiles(), ...productFiles(), ...serviceFiles()];
}

const png = (svg: string, size?: number) => {
  const img = sharp(Buffer.from(svg), { density: 72 * (size ? 4 : 1) });
  return (size ? img.resize(size, size) : img).png({ compressionLevel: 9 }).toBuffer();
};

/** Wrap PNG images into a .ico container (PNG-compressed entries). */
function ico(images: { size: number; data: Buffer }[]) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((im, i) => {
    const e = 6 + i * 16;
    header.writeUInt8(im.size >= 256 ? 0 : im.size, e);
    header.writeUInt8(im.size >= 256 ? 0 : im.size, e + 1);
    header.writeUInt8(0, e + 2);
    header.writeUInt8(0, e + 3);
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(im.data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += im.data.length;
  });
  return Buffer.concat([header, ...images.map((im) => im.data)]);
}

/** The files drawn from SVG sources (their bytes depend on sharp's version). */
export async function otherFiles(): Promise<[string, Buffer | string][]> {
  const r = rasterSources();
  const icoImages = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(r.favicon, size) })),
  );
  return [
    ['favicon.ico', ico(icoImages)],
    ['apple-touch-icon.png', await png(r.appIconSquare(180))],
    // A smooth gradient compresses poorly as PNG (~280 KB); as JPEG it is a fraction of that.
    [
      'images/brand/og-image.jpg',
      await sharp(Buffer.from(r.og)).jpeg({ quality: 86, mozjpeg: true }).toBuffer(),
    ],
  ];
}
