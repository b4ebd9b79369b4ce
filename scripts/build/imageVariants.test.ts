// @vitest-environment node
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readImageSizes } from '../../node/imageSizes.ts';
import { isRaster, planVariants, renderVariant, srcsetsOf, variantWidths } from './imageVariants.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/images');

const dir = mkdtempSync(path.join(tmpdir(), 'variants-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('raster image variants', () => {
  it('makes standard widths below the original, plus the original width', () => {
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(400)).toEqual([400]);
    expect(variantWidths(4000)).toEqual([480, 960, 1440, 1920, 2560]);
  });

  it('plans AVIF and WebP for photos only, and renders them at the planned width', async () => {
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#3f3fd0' } })
      .png()
      .toBuffer();
    writeFileSync(path.join(dir, 'team.png'), png);
    writeFileSync(
      path.join(dir, 'art.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    );
    const plan = planVariants(dir, { '/team.png': [1000, 500], '/art.svg': [10, 10] });
    expect(plan.map((v) => `${v.width}.${v.format}`)).toEqual([
      '480.avif',
      '480.webp',
      '960.avif',
      '960.webp',
      '1000.avif',
      '1000.webp',
    ]);
    const srcsets = srcsetsOf(plan);
    expect(Object.keys(srcsets)).toEqual(['/team.png']);
    expect(srcsets['/team.png']?.webp).toMatch(
      /^\/img\/team-[0-9a-f]{8}-480\.webp 480w, .*-960\.webp 960w, .*-1000\.webp 1000w$/,
    );
    const webp = await renderVariant(dir, plan[1] as (typeof plan)[number]);
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 480]);
  });

  it('makes AVIF and WebP copies of a real PNG photo at each planned width, upright and decodable', async () => {
    const publicDir = path.join(dir, 'public');
    mkdirSync(path.join(publicDir, 'images'), { recursive: true });
    copyFileSync(path.join(FIXTURES, 'team.png'), path.join(publicDir, 'images', 'team.png'));
    const sizes = readImageSizes(publicDir, ['/images/team.png']);
    expect(sizes).toEqual({ '/images/team.png': [600, 400] });
    const plan = planVariants(publicDir, sizes);
    expect(plan.map((v) => `${v.width}.${v.format}`)).toEqual([
      '480.avif',
      '480.webp',
      '600.avif',
      '600.webp',
    ]);
    for (const v of plan) {
      const out = await sharp(await renderVariant(publicDir, v)).metadata();
      expect([out.format === 'heif' ? 'avif' : out.format, out.width, out.height], v.file).toEqual([
        v.format,
        v.width,
        Math.round((v.width * 400) / 600),
      ]);
    }
    const srcsets = srcsetsOf(plan);
    expect(srcsets['/images/team.png']?.avif).toMatch(
      /^\/img\/team-[0-9a-f]{8}-480\.avif 480w, \/img\/team-[0-9a-f]{8}-600\.avif 600w$/,
    );
  });

  it('treats every raster type the schema accepts as a photo, and turns a phone photo upright', async () => {
    expect(['/a.png', '/a.jpg', '/a.jpeg', '/a.webp', '/a.avif', '/a.svg'].map(isRaster)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    copyFileSync(path.join(FIXTURES, 'tiny-turned.jpg'), path.join(dir, 'turned.jpg'));
    const plan = planVariants(dir, readImageSizes(dir, ['/turned.jpg']));
    expect(plan.map((v) => `${v.width}.${v.format}`)).toEqual(['30.avif', '30.webp']);
    const webp = await sharp(await renderVariant(dir, plan[1] as (typeof plan)[number])).metadata();
    expect([webp.width, webp.height]).toEqual([30, 40]);
  });
});
