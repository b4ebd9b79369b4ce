// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { planVariants, renderVariant, srcsetsOf, variantWidths } from './imageVariants.ts';

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
});
