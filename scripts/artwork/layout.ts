/**
 * Format templates: every subject is drawn once as an 800 x 600 "scene" and placed into each
 * required format (full-screen hero, mobile hero, card, light panel) by these functions.
 */
import { cardBg, heroBg, heroBgMobile, lightPattern } from './backgrounds.ts';
import type { Tone } from './palette.ts';
import { at } from './shapes.ts';
import { begin, end } from './svg.ts';

/** A scene draws into 0..800 x 0..600; `dark` says whether it sits on a deep background. */
export type Scene = (dark: boolean) => string;
export const SW = 800;
export const SH = 600;

function place(scene: Scene, dark: boolean, x: number, y: number, w: number, h: number) {
  const s = Math.min(w / SW, h / SH);
  return at(x + (w - SW * s) / 2, y + (h - SH * s) / 2, s, scene(dark));
}

export function heroDesktop(scene: Scene, tone: Tone, seed: string, w = 1920, h = 1080) {
  begin();
  const box = { x: w * 0.53, y: h * 0.24, w: w * 0.44, h: h * 0.68 };
  return end(
    w,
    h,
    heroBg(w, h, box.x + box.w / 2, box.y + box.h / 2, box.h * 0.55, tone, seed) +
      place(scene, true, box.x, box.y, box.w, box.h),
  );
}

export function heroMobile(scene: Scene, tone: Tone, seed: string, w = 750, h = 1334) {
  begin();
  const box = { x: 24, y: h * 0.55, w: w - 48, h: h * 0.42 };
  return end(
    w,
    h,
    heroBgMobile(w, h, w / 2, box.y + box.h / 2, box.w * 0.5, tone, seed) +
      place(scene, true, box.x, box.y, box.w, box.h),
  );
}

/** Light tinted field with the scene filling most of it. */
export function onLight(scene: Scene, tone: Tone, seed: string, w: number, h: number, pad = 0.06) {
  begin();
  const px = w * pad;
  const py = h * pad;
  return end(w, h, cardBg(w, h, tone, seed) + place(scene, false, px, py, w - 2 * px, h - 2 * py));
}

export function pattern(glyphs: string[], tone: Tone, seed: string, w: number, h: number) {
  begin();
  return end(w, h, lightPattern(w, h, glyphs, tone, seed));
}
