/**
 * Text contrast measured on the rendered pixels, for text over a picture. axe cannot rate that
 * text: it does not know a picture's colours, so it either reports the text as "incomplete" or
 * rates it against a background colour behind the picture. This takes a screenshot of what is
 * behind the text, with the layer the text belongs to (e.g. the fixed header) hidden, and compares
 * the text's colour with the backdrop pixel that gives the lowest ratio. That is stricter than
 * axe, which uses one background colour: every pixel behind the text must give the ratio.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

type Rgb = readonly [number, number, number];

/** WCAG 2.2 relative luminance of an sRGB colour (channels 0-255). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.2 contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MeasuredContrast {
  /** The element's text, or its accessible name when it has no text (an icon button). */
  name: string;
  /** The element's own colour, e.g. rgb(255, 255, 255). */
  color: string;
  /** The lowest ratio between that colour and any backdrop pixel behind it, rounded down to 0.01. */
  ratio: number;
  /** The backdrop pixel giving that ratio, e.g. rgb(110, 112, 121). */
  worstBackdrop: string;
}

/**
 * The contrast of each visible element of `targets` against what is behind it once `layer` (an
 * ancestor painting nothing of its own) is hidden. Elements with text are measured on the boxes
 * of their text, others (icon buttons) on their whole box. Needs a device scale factor of 1 or more.
 */
export async function backdropContrast(
  page: Page,
  layer: Locator,
  targets: Locator,
): Promise<MeasuredContrast[]> {
  const measured = await targets.evaluateAll((elements) =>
    elements
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const boxes: { x: number; y: number; width: number; height: number }[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || !node.parentElement?.checkVisibility()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects())
            boxes.push({ x: r.x, y: r.y, width: r.width, height: r.height });
        }
        const text = el.textContent?.trim() ?? '';
        if (boxes.length === 0) {
          const r = el.getBoundingClientRect();
          boxes.push({ x: r.x, y: r.y, width: r.width, height: r.height });
        }
        return {
          name: text || (el.closest('[aria-label]')?.getAttribute('aria-label') ?? ''),
          color: getComputedStyle(el).color,
          boxes,
        };
      }),
  );
  if (measured.length === 0) throw new Error('No visible element to measure.');

  const all = measured.flatMap((m) => m.boxes);
  const left = Math.floor(Math.min(...all.map((b) => b.x)));
  const top = Math.floor(Math.min(...all.map((b) => b.y)));
  const clip: Box = {
    x: left,
    y: top,
    width: Math.ceil(Math.max(...all.map((b) => b.x + b.width))) - left,
    height: Math.ceil(Math.max(...all.map((b) => b.y + b.height))) - top,
  };

  await layer.evaluate((el: HTMLElement) => {
    el.style.visibility = 'hidden';
  });
  let png: Buffer;
  try {
    png = await page.screenshot({ clip });
  } finally {
    await layer.evaluate((el: HTMLElement) => {
      el.style.visibility = '';
    });
  }
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scale = info.width / clip.width;

  return measured.map(({ name, color, boxes }) => {
    const fg = parseRgb(color);
    let ratio = Number.POSITIVE_INFINITY;
    let worst: Rgb = [0, 0, 0];
    for (const box of boxes) {
      const x0 = Math.max(0, Math.floor((box.x - clip.x) * scale));
      const y0 = Math.max(0, Math.floor((box.y - clip.y) * scale));
      const x1 = Math.min(info.width, Math.ceil((box.x + box.width - clip.x) * scale));
      const y1 = Math.min(info.height, Math.ceil((box.y + box.height - clip.y) * scale));
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const at = (y * info.width + x) * info.channels;
          const pixel: Rgb = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
          const r = contrastRatio(fg, pixel);
          if (r < ratio) {
            ratio = r;
            worst = pixel;
          }
        }
    }
    return { name, color, ratio: Math.floor(ratio * 100) / 100, worstBackdrop: `rgb(${worst.join(', ')})` };
  });
}

/** An opaque computed colour, rgb(r, g, b), as channels. */
function parseRgb(css: string): Rgb {
  const [r, g, b, alpha = 1] = css.match(/[\d.]+/g)?.map(Number) ?? [];
  if (r === undefined || g === undefined || b === undefined || alpha !== 1)
    throw new Error(`Not an opaque rgb() colour: ${css}`);
  return [r, g, b];
}
