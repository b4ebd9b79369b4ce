/** Device mock-ups (phone, laptop, browser, monitor) and the small UI widgets drawn on their screens. */
import { icon, iconC } from './icons.ts';
import { C } from './palette.ts';
import { bars, card, circ, floor, g, iconBadge, pill, rect, shadow } from './shapes.ts';
import { clip, lin } from './svg.ts';

export type Screen = (x: number, y: number, w: number, h: number) => string;

/** Phone, top-left (x, y), size w x h; `screen` draws into the display rectangle. */
export function phone(x: number, y: number, w: number, h: number, screen: Screen, frame: string = C.g900) {
  const r = w * 0.15;
  const b = w * 0.035;
  const sx = x + b;
  const sy = y + b;
  const sw = w - 2 * b;
  const sh = h - 2 * b;
  return [
    shadow(x, y, w, h, r, 0.3, w * 0.08, w * 0.07),
    rect(x, y, w, h, r, lin([C.g700, frame], 0, 0, 1, 1)),
    rect(x + 1.5, y + 1.5, w - 3, h - 3, r - 1.5, 'none', {
      stroke: C.white,
      'stroke-opacity': 0.18,
      'stroke-width': 1.5,
    }),
    g([rect(sx, sy, sw, sh, 0, C.g50), screen(sx, sy, sw, sh)], {
      'clip-path': clip(rect(sx, sy, sw, sh, r - b, C.black)),
    }),
    pill(x + w / 2 - w * 0.16, y + b + w * 0.03, w * 0.32, w * 0.075, C.ink),
  ].join('');
}

/** Laptop; (x, y) is the top-left of the lid, w its width. Total height ~0.68w. */
export function laptop(x: number, y: number, w: number, screen: Screen) {
  const h = w * 0.63;
  const b = w * 0.022;
  const sx = x + b;
  const sy = y + b;
  const sw = w - 2 * b;
  const sh = h - 2 * b;
  const bx = x - w * 0.07;
  const bw = w * 1.14;
  return [
    floor(x + w / 2, y + h + w * 0.045, w * 0.62, w * 0.035, 0.35),
    rect(x, y, w, h, w * 0.03, lin([C.g700, C.g900])),
    g([rect(sx, sy, sw, sh, 0, C.g50), screen(sx, sy, sw, sh)], {
      'clip-path': clip(rect(sx, sy, sw, sh, w * 0.01, C.black)),
    }),
    rect(bx, y + h - 2, bw, w * 0.035, w * 0.015, lin([C.g200, C.g400])),
    rect(x + w / 2 - w * 0.09, y + h - 2, w * 0.18, w * 0.014, w * 0.007, C.g400),
    rect(bx + w * 0.02, y + h + w * 0.03, bw - w * 0.04, w * 0.01, w * 0.005, C.g500, { opacity: 0.5 }),
  ].join('');
}

/** Browser window. */
export function browser(x: number, y: number, w: number, h: number, screen: Screen, bar: string = C.g100) {
  const bh = Math.max(34, h * 0.075);
  const r = 18;
  return [
    shadow(x, y, w, h, r, 0.25, 18, 18),
    g(
      [
        rect(x, y, w, h, 0, C.white),
        rect(x, y, w, bh, 0, bar),
        circ(x + bh * 0.6, y + bh / 2, bh * 0.14, C.coral),
        circ(x + bh * 1.0, y + bh / 2, bh * 0.14, C.a400),
        circ(x + bh * 1.4, y + bh / 2, bh * 0.14, C.t400),
        pill(x + bh * 2.2, y + bh * 0.24, Math.min(w * 0.45, w - bh * 3), bh * 0.52, C.white),
        icon('lock', x + bh * 2.4, y + bh * 0.34, bh * 0.32, C.t500, 2.4),
        screen(x, y + bh, w, h - bh),
      ],
      { 'clip-path': clip(rect(x, y, w, h, r, C.black)) },
    ),
  ].join('');
}

/** Desktop monitor on a stand; (x, y) top-left of the panel. */
export function monitor(x: number, y: number, w: number, h: number, screen: Screen) {
  const b = w * 0.025;
  return [
    floor(x + w / 2, y + h + w * 0.16, w * 0.35, w * 0.03, 0.35),
    rect(x + w * 0.44, y + h - 4, w * 0.12, w * 0.14, 0, lin([C.g300, C.g500])),
    rect(x + w * 0.3, y + h + w * 0.13, w * 0.4, w * 0.03, w * 0.015, lin([C.g300, C.g400])),
    rect(x, y, w, h, w * 0.025, lin([C.g700, C.g900])),
    g([rect(x + b, y + b, w - 2 * b, h - 2 * b, 0, C.g50), screen(x + b, y + b, w - 2 * b, h - 2 * b)], {
      'clip-path': clip(rect(x + b, y + b, w - 2 * b, h - 2 * b, w * 0.01, C.black)),
    }),
  ].join('');
}

/* ---------- screen widgets ---------- */

/** Status bar strip for phone screens. */
export function status(x: number, y: number, w: number, color: string = C.g800) {
  const s = w / 300;
  return (
    rect(x + 22 * s, y + 14 * s, 30 * s, 7 * s, 3.5 * s, color, { opacity: 0.7 }) +
    rect(x + w - 60 * s, y + 14 * s, 12 * s, 7 * s, 2 * s, color, { opacity: 0.7 }) +
    rect(x + w - 44 * s, y + 14 * s, 22 * s, 7 * s, 2 * s, color, { opacity: 0.7 })
  );
}

/** Coloured app header with title bars and an avatar dot. */
export function appHeader(x: number, y: number, w: number, h: number, c1: string, c2: string) {
  const s = w / 300;
  return (
    rect(x, y, w, h, 0, lin([c1, c2], 0, 0, 1, 1)) +
    status(x, y, w, C.white) +
    rect(x + 22 * s, y + h - 46 * s, 120 * s, 12 * s, 6 * s, C.white) +
    rect(x + 22 * s, y + h - 26 * s, 80 * s, 8 * s, 4 * s, C.white, { opacity: 0.55 }) +
    circ(x + w - 38 * s, y + h - 34 * s, 16 * s, C.white, { opacity: 0.25 }) +
    iconC('bell', x + w - 38 * s, y + h - 34 * s, 16 * s, C.white, 2.2)
  );
}

/** A list row card: icon badge, two bars, optional right element. */
export function row(
  x: number,
  y: number,
  w: number,
  h: number,
  name: string,
  tone: [string, string],
  right: 'check' | 'chip' | 'chev' | 'none' = 'chev',
  seed = 'r',
) {
  const ib = h * 0.62;
  let rt = '';
  if (right === 'check')
    rt =
      circ(x + w - h * 0.45, y + h / 2, h * 0.2, C.t500) +
      iconC('check', x + w - h * 0.45, y + h / 2, h * 0.24, C.white, 3.4);
  if (right === 'chip')
    rt =
      pill(x + w - h * 1.2, y + h / 2 - h * 0.15, h * 0.9, h * 0.3, tone[0], { opacity: 0.2 }) +
      pill(x + w - h * 1.1, y + h / 2 - h * 0.05, h * 0.7, h * 0.1, tone[1]);
  if (right === 'chev') rt = iconC('chevron-right', x + w - h * 0.4, y + h / 2, h * 0.3, C.g400, 2.4);
  return (
    card(x, y, w, h, { r: h * 0.24, sh: 0.08 }) +
    iconBadge(x + (h - ib) / 2, y + (h - ib) / 2, ib, name, tone[0], tone[1]) +
    bars(x + h, y + h * 0.3, w - h * 2.3, 2, C.g300, seed, h * 0.12, h * 0.26) +
    rt
  );
}

/** Bottom tab bar with icons. */
export function tabBar(x: number, y: number, w: number, h: number, icons: string[], active: string) {
  const step = w / icons.length;
  return (
    rect(x, y, w, h, 0, C.white) +
    rect(x, y, w, 1.5, 0, C.g200) +
    icons
      .map((n, i) => iconC(n, x + step * (i + 0.5), y + h * 0.45, h * 0.36, i === 0 ? active : C.g400, 2.2))
      .join('')
  );
}

/** Dashboard sidebar. */
export function sidebar(x: number, y: number, w: number, h: number, icons: string[], c1: string, c2: string) {
  const s = w / 60;
  return (
    rect(x, y, w, h, 0, lin([c1, c2])) +
    rect(x + w * 0.2, y + 14 * s, w * 0.6, w * 0.6, w * 0.18, C.white, { opacity: 0.95 }) +
    iconC('sparkles', x + w / 2, y + 14 * s + w * 0.3, w * 0.32, c2, 2.4) +
    icons
      .map((n, i) => {
        const cy = y + w * 1.6 + i * w * 0.9;
        return (
          (i === 0
            ? rect(x + w * 0.16, cy - w * 0.3, w * 0.68, w * 0.6, w * 0.16, C.white, { opacity: 0.2 })
            : '') + iconC(n, x + w / 2, cy, w * 0.36, C.white, 2.2)
        );
      })
      .join('')
  );
}

/** Small KPI tile: icon, big bar (number), small bar. */
export function kpi(x: number, y: number, w: number, h: number, name: string, tone: [string, string]) {
  const s = h / 80;
  return (
    card(x, y, w, h, { r: 12 * s, sh: 0.07 }) +
    iconBadge(x + 12 * s, y + 14 * s, 30 * s, name, tone[0], tone[1]) +
    rect(x + 12 * s, y + 54 * s, Math.min(w * 0.5, 60 * s), 12 * s, 6 * s, C.g800) +
    rect(x + w - 12 * s - w * 0.3, y + 24 * s, w * 0.3, 8 * s, 4 * s, tone[0], { opacity: 0.35 })
  );
}
