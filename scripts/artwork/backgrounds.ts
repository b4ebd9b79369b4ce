/** Backgrounds: deep hero fields (white text sits on them), light motif patterns, tinted card fields. */
import { icon } from './icons.ts';
import { C, TONES, type Tone } from './palette.ts';
import { rng } from './random.ts';
import { circ, dotGrid, g, rect, sparkle } from './shapes.ts';
import { lin, mask, pattern, rad } from './svg.ts';

/** Deep indigo field with a glow and rings around the focal point (fx, fy) where the art goes. */
export function heroBg(w: number, h: number, fx: number, fy: number, fr: number, tone: Tone, seed: string) {
  const t = TONES[tone];
  const q = rng(seed);
  const dots = pattern(28, 28, circ(14, 14, 1.6, C.white));
  const fade = mask(rect(0, 0, w, h, 0, rad(['#fff/0.9', '#fff/0'], fx / w, fy / h, 0.55)));
  const parts = [
    rect(0, 0, w, h, 0, lin([C.ink, C.p900, C.p800], 0, 0, 1, 1)),
    circ(fx, fy, fr * 1.25, rad([`${C.p500}/0.55`, `${C.p600}/0.18`, `${C.p600}/0`])),
    circ(fx + fr * 0.55, fy + fr * 0.45, fr * 0.7, rad([`${t.main}/0.28`, `${t.main}/0`])),
    circ(w * 0.08, h * 0.1, Math.max(w, h) * 0.3, rad([`${C.p700}/0.35`, `${C.p700}/0`])),
    g(rect(0, 0, w, h, 0, dots), { mask: fade, opacity: 0.13 }),
  ];
  for (let i = 1; i <= 4; i++)
    parts.push(
      circ(fx, fy, fr * (0.5 + i * 0.22), 'none', {
        stroke: C.white,
        'stroke-opacity': 0.07,
        'stroke-width': 1.5,
      }),
    );
  for (let i = 0; i < 7; i++) {
    const a = q.range(0, Math.PI * 2);
    const rr = fr * q.range(0.9, 1.35);
    parts.push(
      circ(fx + Math.cos(a) * rr, fy + Math.sin(a) * rr, q.range(2, 4.5), i % 3 === 0 ? t.mid : C.white, {
        opacity: 0.55,
      }),
    );
  }
  parts.push(
    sparkle(fx - fr * 0.95, fy - fr * 0.7, 12, C.a300, 0.8),
    sparkle(fx + fr * 1.05, fy - fr * 0.85, 8, C.white, 0.6),
  );
  // keep the text side calm: a soft darkening from the left
  parts.push(rect(0, 0, w, h, 0, lin([`${C.ink}/0.45`, `${C.ink}/0`], 0, 0, 0.6, 0)));
  return parts.join('');
}

/** Mobile hero: same language, focal point low. */
export function heroBgMobile(
  w: number,
  h: number,
  fx: number,
  fy: number,
  fr: number,
  tone: Tone,
  seed: string,
) {
  return (
    heroBg(w, h, fx, fy, fr, tone, seed) + rect(0, 0, w, h * 0.5, 0, lin([`${C.ink}/0.35`, `${C.ink}/0`]))
  );
}

/** Light, low-contrast pattern of motif glyphs for behind a text card. */
export function lightPattern(w: number, h: number, glyphs: string[], tone: Tone, seed: string) {
  const t = TONES[tone];
  const q = rng(seed);
  const dots = pattern(24, 24, circ(12, 12, 1.4, C.p200));
  const parts = [
    rect(0, 0, w, h, 0, lin([C.g50, C.p50], 0, 0, 1, 1)),
    circ(w * 0.92, h * 0.1, Math.min(w, h) * 0.45, rad([`${t.light}/0.9`, `${t.light}/0`])),
    circ(w * 0.05, h * 0.95, Math.min(w, h) * 0.5, rad([`${C.p100}/0.9`, `${C.p100}/0`])),
    rect(0, 0, w, h, 0, dots, { opacity: 0.55 }),
  ];
  const cell = 150;
  const cols = Math.ceil(w / cell);
  const rows = Math.ceil(h / cell);
  let k = 0;
  const ic: string[] = [];
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      if (q.next() < 0.22) continue;
      const s = q.range(34, 58);
      const x = i * cell + (j % 2) * (cell / 2) + q.range(10, cell - s - 10);
      const y = j * cell + q.range(10, cell - s - 10);
      const name = glyphs[k++ % glyphs.length] as string;
      const col = k % 3 === 0 ? t.mid : C.p300;
      ic.push(
        g(icon(name, 0, 0, s, col, 1.6), {
          transform: `rotate(${Math.round(q.range(-14, 14))} ${Math.round(x + s / 2)} ${Math.round(y + s / 2)}) translate(${Math.round(x)} ${Math.round(y)})`,
        }),
      );
    }
  parts.push(g(ic, { opacity: 0.32 }));
  parts.push(circ(w * 0.5, h * 0.5, Math.max(w, h) * 0.45, rad([`${C.white}/0.55`, `${C.white}/0`])));
  return parts.join('');
}

/** Light tinted card field. */
export function cardBg(w: number, h: number, tone: Tone, seed: string) {
  const t = TONES[tone];
  const q = rng(seed);
  return [
    rect(0, 0, w, h, 0, lin([C.white, t.light], 0, 0, 0.4, 1)),
    circ(w * q.range(0.7, 0.9), h * 0.25, Math.min(w, h) * 0.55, rad([`${C.p100}/0.9`, `${C.p100}/0`])),
    circ(w * 0.1, h * 0.9, Math.min(w, h) * 0.4, rad([`${t.light}/1`, `${t.light}/0`])),
    dotGrid(w * 0.05, h * 0.08, 6, 4, 16, 2, C.p300, 0.5),
    dotGrid(w * 0.86, h * 0.7, 5, 5, 16, 2, t.mid, 0.45),
  ].join('');
}

/** Rich gradient field (product strip cards, brand). */
export function richBg(w: number, h: number, c1: string, c2: string, c3: string, seed: string) {
  const q = rng(seed);
  const dots = pattern(26, 26, circ(13, 13, 1.5, C.white));
  return [
    rect(0, 0, w, h, 0, lin([c1, c2, c3], 0, 0, 0.7, 1)),
    circ(w * 0.85, h * 0.12, w * 0.6, rad(['#fff/0.22', '#fff/0'])),
    circ(w * 0.1, h * 0.9, w * 0.5, rad([`${C.ink}/0.3`, `${C.ink}/0`])),
    rect(0, 0, w, h, 0, dots, { opacity: 0.12 }),
    circ(w * q.range(0.1, 0.3), h * 0.2, w * 0.22, 'none', {
      stroke: C.white,
      'stroke-opacity': 0.12,
      'stroke-width': 2,
    }),
    circ(w * 0.9, h * 0.55, w * 0.32, 'none', { stroke: C.white, 'stroke-opacity': 0.1, 'stroke-width': 2 }),
  ].join('');
}
