/**
 * Generates the site's illustrations into public/ (run: npm run artwork).
 * Deterministic: the same code always writes the same bytes. After writing, every SVG is parsed
 * with sharp to check its intrinsic size, and a size summary is printed.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { brandFiles, rasterSources } from './brand.ts';
import { pageFiles } from './pages.ts';
import { C } from './palette.ts';
import { productFiles } from './products.ts';
import { serviceFiles } from './services.ts';

const PUBLIC = fileURLToPath(new URL('../../public/', import.meta.url));

function write(rel: string, data: string | Buffer) {
  const p = join(PUBLIC, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, data);
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

async function main() {
  const svgs: [string, string][] = [...brandFiles(), ...pageFiles(), ...productFiles(), ...serviceFiles()];
  for (const [rel, svg] of svgs) write(rel, svg);

  const r = rasterSources();
  const sizes = [16, 32, 48];
  const icoImgs = await Promise.all(sizes.map(async (size) => ({ size, data: await png(r.favicon, size) })));
  write('favicon.ico', ico(icoImgs));
  write('apple-touch-icon.png', await png(r.appIconSquare(180)));
  write('icons/icon-192.png', await png(r.appIcon(192)));
  write('icons/icon-512.png', await png(r.appIcon(512)));
  // A smooth gradient compresses poorly as PNG (~280 KB); as JPEG it is a fraction of that.
  write(
    'images/brand/og-image.jpg',
    await sharp(Buffer.from(r.og)).jpeg({ quality: 86, mozjpeg: true }).toBuffer(),
  );
  write(
    'site.webmanifest',
    `${JSON.stringify(
      {
        name: 'Triune Technologies',
        short_name: 'Triune',
        description: 'Software, apps & services for education and business.',
        start_url: '/',
        display: 'standalone',
        // The brand colour and the page background of src/styles/tokens.css (index.html's theme-color
        // is the same token; tests/unit/design-tokens.test.ts checks both).
        theme_color: C.p600,
        background_color: C.white,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      null,
      2,
    )}\n`,
  );

  // Verify: every SVG parses and reports the size written in its root element.
  let total = 0;
  let biggest: [string, number] = ['', 0];
  const problems: string[] = [];
  for (const [rel, svg] of svgs) {
    const m = svg.match(/width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"/);
    const meta = await sharp(readFileSync(join(PUBLIC, rel))).metadata();
    if (!m || meta.width !== Number(m[1]) || meta.height !== Number(m[2]) || m[1] !== m[3] || m[2] !== m[4])
      problems.push(`${rel}: size mismatch`);
    const bytes = Buffer.byteLength(svg);
    if (bytes > 40_000) problems.push(`${rel}: ${bytes} bytes (> 40 KB)`);
    if (/https?:\/\/(?!www\.w3\.org)/.test(svg) || /<image/.test(svg))
      problems.push(`${rel}: external reference`);
    if (bytes > biggest[1]) biggest = [rel, bytes];
    total += bytes;
  }
  const rasters = [
    'favicon.ico',
    'apple-touch-icon.png',
    'icons/icon-192.png',
    'icons/icon-512.png',
    'images/brand/og-image.jpg',
    'site.webmanifest',
  ];
  for (const rel of rasters) total += statSync(join(PUBLIC, rel)).size;
  console.log(
    `artwork: ${svgs.length} SVG + ${rasters.length} other files, ${(total / 1024).toFixed(1)} KB total; largest ${biggest[0]} (${(biggest[1] / 1024).toFixed(1)} KB)`,
  );
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
}

await main();
