/**
 * Modern-format variants of raster pictures. SVG artwork is already as small and sharp as it gets;
 * when an editor replaces it with a photo (a .png, .jpg, .webp or .avif path in YAML), the build
 * writes AVIF and WebP copies at several widths, and <Img> offers them with srcset so each screen
 * downloads only what it needs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const VARIANT_WIDTHS = [480, 960, 1440, 1920] as const;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** srcset strings per format, by source path. */
export type ImageVariants = Record<string, Record<VariantFormat, string>>;

export interface PlannedVariant {
  src: string;
  width: number;
  format: VariantFormat;
  /** Output path from the site root, e.g. "/img/team-1a2b3c4d-960.avif". */
  file: string;
}

export const isRaster = (src: string): boolean => /\.(png|jpe?g|webp|avif)$/i.test(src);

/** Widths to make for a picture `intrinsicWidth` wide: the standard steps below it, plus its own. */
export function variantWidths(intrinsicWidth: number): number[] {
  const steps = VARIANT_WIDTHS.filter((w) => w < intrinsicWidth);
  return [...steps, Math.min(intrinsicWidth, 2560)];
}

export function planVariants(publicDir: string, sizes: Record<string, [number, number]>): PlannedVariant[] {
  return Object.entries(sizes)
    .filter(([src]) => isRaster(src))
    .flatMap(([src, [width]]) => {
      const hash = createHash('sha256')
        .update(readFileSync(path.join(publicDir, src)))
        .digest('hex')
        .slice(0, 8);
      const base = path.basename(src).replace(/\.[^.]+$/, '');
      return variantWidths(width).flatMap((w) =>
        VARIANT_FORMATS.map((format) => ({
          src,
          width: w,
          format,
          file: `/img/${base}-${hash}-${w}.${format}`,
        })),
      );
    });
}

export function srcsetsOf(plan: readonly PlannedVariant[]): ImageVariants {
  const out: ImageVariants = {};
  for (const v of plan) {
    out[v.src] ??= { avif: '', webp: '' };
    const entry = out[v.src] as Record<VariantFormat, string>;
    entry[v.format] = [entry[v.format], `${v.file} ${v.width}w`].filter(Boolean).join(', ');
  }
  return out;
}

/** How a variant is made (with its file name, which names the picture's bytes and width, its cache key). */
export const VARIANT_RECIPE = 'rotate; avif quality 55; webp quality 78';

export async function renderVariant(publicDir: string, v: PlannedVariant): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  // rotate(): upright as shown (a phone photo's EXIF orientation), since the copies carry no EXIF.
  const pipeline = sharp(path.join(publicDir, v.src))
    .rotate()
    .resize({ width: v.width, withoutEnlargement: true });
  return v.format === 'avif'
    ? pipeline.avif({ quality: 55 }).toBuffer()
    : pipeline.webp({ quality: 78 }).toBuffer();
}
