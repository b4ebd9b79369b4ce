// @vitest-environment node
/**
 * Intrinsic sizes of every picture type the content schema accepts, read from real files
 * (tests/fixtures/images, made with sharp): each size is what sharp itself reports, and a photo
 * shown turned by its EXIF orientation is as tall as it is shown.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readImageSize, readImageSizes } from './imageSizes.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/images');
const tmp = mkdtempSync(path.join(tmpdir(), 'sizes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('image sizes', () => {
  it.each([
    ['tiny.png', [48, 32]],
    ['tiny.jpg', [40, 30]],
    ['tiny-progressive.jpg', [41, 31]],
    ['tiny-lossy.webp', [44, 33]],
    ['tiny-lossless.webp', [45, 34]],
    ['tiny-alpha.webp', [46, 35]],
    ['tiny.avif', [50, 38]],
  ] as const)('reads %s as sharp does', async (file, size) => {
    const meta = await sharp(path.join(FIXTURES, file)).metadata();
    expect([meta.width, meta.height]).toEqual(size);
    expect(readImageSize(path.join(FIXTURES, file))).toEqual(size);
  });

  it('gives a JPEG turned by its EXIF orientation the size it is shown at', async () => {
    const file = path.join(FIXTURES, 'tiny-turned.jpg');
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([40, 30, 6]);
    expect(readImageSize(file)).toEqual([30, 40]);
  });

  it('reads SVG artwork from width/height or the viewBox', () => {
    writeFileSync(
      path.join(tmp, 'a.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"/>',
    );
    writeFileSync(
      path.join(tmp, 'b.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 1080"/>',
    );
    expect(readImageSizes(tmp, ['/a.svg', '/b.svg'])).toEqual({
      '/a.svg': [120, 80],
      '/b.svg': [1920, 1080],
    });
  });

  it('leaves out what it cannot read: a missing file, a file that is not the picture its name says', () => {
    writeFileSync(path.join(tmp, 'broken.webp'), 'RIFF....WEBPnope');
    expect(readImageSizes(tmp, ['/missing.png', '/broken.webp'])).toEqual({});
  });
});
