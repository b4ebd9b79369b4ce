/** App screens drawn inside device mock-ups: each takes the display rectangle (x, y, w, h). */
import { appHeader, kpi, row, sidebar, status, tabBar } from './devices.ts';
import { iconC } from './icons.ts';
import { C } from './palette.ts';
import { rng } from './random.ts';
import {
  avatar,
  barChart,
  bars,
  bus,
  card,
  check,
  circ,
  donut,
  g,
  iconBadge,
  LOOKS,
  lineChart,
  mapView,
  pill,
  pin,
  progress,
  rect,
  route,
  sparkle,
} from './shapes.ts';
import { clip, lin } from './svg.ts';

type T2 = [string, string];
export const IND: T2 = [C.p400, C.p600];
export const SAF: T2 = [C.a400, C.a600];
export const TEA: T2 = [C.t400, C.t600];
export const SKY: T2 = [C.s400, C.s700];
export const ROS: T2 = [C.rose, C.pink700];

/** Generic web dashboard: sidebar, KPI tiles, a chart card and a list card. */
export function dashboard(
  x: number,
  y: number,
  w: number,
  h: number,
  o: {
    seed: string;
    tone: T2;
    icons: string[];
    chart?: 'bar' | 'line';
    side?: (x: number, y: number, w: number, h: number) => string;
  },
) {
  const sw = w * 0.11;
  const s = w / 600;
  const cx = x + sw + 16 * s;
  const cw = w - sw - 32 * s;
  const q = rng(o.seed);
  const kw = (cw - 24 * s) / 3;
  const tones: T2[] = [o.tone, SAF, TEA];
  const vals = Array.from({ length: 8 }, () => q.range(30, 100));
  const chartH = h * 0.42;
  const cy = y + 20 * s + 30 * s + kw * 0.5 + 14 * s;
  const lw = cw * 0.6;
  return [
    rect(x, y, w, h, 0, C.g50),
    sidebar(x, y, sw, h, o.icons.slice(0, 5), o.tone[0], o.tone[1]),
    rect(cx, y + 18 * s, 140 * s, 12 * s, 6 * s, C.g800),
    rect(cx, y + 36 * s, 90 * s, 7 * s, 3.5 * s, C.g300),
    avatar(x + w - 30 * s, y + 30 * s, 14 * s, LOOKS[0] as (typeof LOOKS)[0]),
    ...[0, 1, 2].map((i) =>
      kpi(cx + i * (kw + 12 * s), y + 56 * s, kw, kw * 0.5, o.icons[i + 1] ?? 'star', tones[i] as T2),
    ),
    card(cx, cy, lw, chartH, { r: 12 * s, sh: 0.07 }),
    rect(cx + 14 * s, cy + 14 * s, 90 * s, 8 * s, 4 * s, C.g700),
    o.chart === 'line'
      ? lineChart(cx + 14 * s, cy + 36 * s, lw - 28 * s, chartH - 50 * s, vals, o.tone[1], { sw: 3 * s })
      : barChart(cx + 14 * s, cy + 36 * s, lw - 28 * s, chartH - 50 * s, vals, [o.tone[0], o.tone[1]], 4 * s),
    o.side
      ? o.side(cx + lw + 12 * s, cy, cw - lw - 12 * s, chartH)
      : card(cx + lw + 12 * s, cy, cw - lw - 12 * s, chartH, { r: 12 * s, sh: 0.07 }) +
        donut(
          cx + lw + 12 * s + (cw - lw - 12 * s) / 2,
          cy + chartH * 0.48,
          Math.min(cw - lw, chartH) * 0.26,
          12 * s,
          [
            [5, o.tone[1]],
            [3, C.a400],
            [2, C.t400],
          ],
        ),
    ...[0, 1, 2].map((i) => {
      const ry = cy + chartH + 12 * s + i * 30 * s;
      return (
        rect(cx, ry, cw, 24 * s, 6 * s, C.white) +
        circ(cx + 14 * s, ry + 12 * s, 6 * s, (tones[i] as T2)[0]) +
        rect(cx + 28 * s, ry + 8 * s, cw * 0.35, 8 * s, 4 * s, C.g300) +
        pill(cx + cw - 60 * s, ry + 7 * s, 46 * s, 10 * s, (tones[i] as T2)[0], { opacity: 0.35 })
      );
    }),
  ].join('');
}

/* ---------- Triune TransitShield ---------- */

export function transitParent(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  const mh = h * 0.58;
  return [
    mapView(x, y, w, mh + 30 * s, 'parent-map'),
    route(
      [
        [x + 40 * s, y + mh - 20 * s],
        [x + 40 * s, y + mh * 0.55],
        [x + 160 * s, y + mh * 0.55],
        [x + 160 * s, y + mh * 0.3],
        [x + 250 * s, y + mh * 0.3],
      ],
      C.p500,
      6 * s,
    ),
    circ(x + 40 * s, y + mh - 20 * s, 8 * s, C.white, { stroke: C.p500, 'stroke-width': 4 * s }),
    circ(x + 160 * s, y + mh * 0.55, 26 * s, C.a400, { opacity: 0.25 }),
    circ(x + 160 * s, y + mh * 0.55, 17 * s, C.a500),
    iconC('bus', x + 160 * s, y + mh * 0.55, 20 * s, C.white, 2.2),
    pin(x + 250 * s, y + mh * 0.3, 40 * s, C.p600),
    status(x, y, w),
    card(x + 16 * s, y + 40 * s, w - 32 * s, 40 * s, { r: 20 * s, sh: 0.12 }),
    iconC('search', x + 36 * s, y + 60 * s, 16 * s, C.g400, 2.4),
    rect(x + 54 * s, y + 56 * s, 120 * s, 8 * s, 4 * s, C.g300),
    rect(x, y + mh, w, h - mh, 22 * s, C.white),
    pill(x + w / 2 - 20 * s, y + mh + 10 * s, 40 * s, 5 * s, C.g200),
    avatar(x + 42 * s, y + mh + 50 * s, 24 * s, LOOKS[2] as (typeof LOOKS)[0], C.a300),
    rect(x + 76 * s, y + mh + 36 * s, 110 * s, 11 * s, 5.5 * s, C.g800),
    rect(x + 76 * s, y + mh + 55 * s, 70 * s, 8 * s, 4 * s, C.g300),
    pill(x + w - 86 * s, y + mh + 38 * s, 66 * s, 24 * s, C.t100),
    rect(x + w - 74 * s, y + mh + 47 * s, 42 * s, 6 * s, 3 * s, C.t600),
    progress(x + 20 * s, y + mh + 92 * s, w - 40 * s, 8 * s, 0.72, C.a500),
    circ(x + 20 * s + (w - 40 * s) * 0.72, y + mh + 96 * s, 9 * s, C.white, {
      stroke: C.a500,
      'stroke-width': 4 * s,
    }),
    row(x + 16 * s, y + mh + 116 * s, w - 32 * s, 50 * s, 'bell', IND, 'chev', 'pa'),
    rect(x + 16 * s, y + h - 58 * s, w - 32 * s, 42 * s, 21 * s, lin([C.p500, C.p700], 0, 0, 1, 0)),
    rect(x + w / 2 - 40 * s, y + h - 41 * s, 80 * s, 8 * s, 4 * s, C.white),
  ].join('');
}

export function transitDriver(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  const rows: string[] = [];
  for (let i = 0; i < 6; i++) {
    const ry = y + 238 * s + i * 58 * s;
    if (ry + 50 * s > y + h - 70 * s) break;
    const done = i < 4;
    rows.push(
      card(x + 16 * s, ry, w - 32 * s, 50 * s, { r: 14 * s, sh: 0.07 }) +
        avatar(
          x + 42 * s,
          ry + 25 * s,
          17 * s,
          LOOKS[i % LOOKS.length] as (typeof LOOKS)[0],
          [C.p100, C.a100, C.t100][i % 3],
        ) +
        bars(x + 68 * s, ry + 16 * s, 120 * s, 2, C.g300, `d${i}`, 7 * s, 14 * s) +
        (done
          ? check(x + w - 40 * s, ry + 25 * s, 13 * s, C.t500)
          : circ(x + w - 40 * s, ry + 25 * s, 12 * s, 'none', { stroke: C.g300, 'stroke-width': 3 * s })),
    );
  }
  return [
    appHeader(x, y, w, 150 * s, C.a400, C.a600),
    card(x + 16 * s, y + 120 * s, w - 32 * s, 96 * s, { r: 16 * s, sh: 0.12 }),
    iconBadge(x + 30 * s, y + 136 * s, 40 * s, 'route', C.p400, C.p600),
    rect(x + 82 * s, y + 142 * s, 110 * s, 10 * s, 5 * s, C.g800),
    rect(x + 82 * s, y + 160 * s, 70 * s, 7 * s, 3.5 * s, C.g300),
    progress(x + 30 * s, y + 192 * s, w - 60 * s, 8 * s, 0.66, C.t500),
    ...rows,
    tabBar(x, y + h - 56 * s, w, 56 * s, ['list-checks', 'map', 'phone', 'user'], C.a600),
  ].join('');
}

export function transitAdmin(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  const mh = 190 * s;
  const my = y + 130 * s;
  return [
    appHeader(x, y, w, 118 * s, C.p600, C.p800),
    g(mapView(x + 16 * s, my, w - 32 * s, mh, 'admin-map', 16 * s, false)),
    ...[
      [0.25, 0.3, C.a500],
      [0.6, 0.55, C.t500],
      [0.8, 0.25, C.a500],
      [0.4, 0.8, C.coral],
    ].map(
      ([fx, fy, c]) =>
        circ(x + 16 * s + (w - 32 * s) * (fx as number), my + mh * (fy as number), 13 * s, c as string, {
          stroke: C.white,
          'stroke-width': 3 * s,
        }) +
        iconC(
          'bus',
          x + 16 * s + (w - 32 * s) * (fx as number),
          my + mh * (fy as number),
          13 * s,
          C.white,
          2.4,
        ),
    ),
    kpi(x + 16 * s, my + mh + 14 * s, (w - 44 * s) / 2, 70 * s, 'bus', SAF),
    kpi(x + 28 * s + (w - 44 * s) / 2, my + mh + 14 * s, (w - 44 * s) / 2, 70 * s, 'users', TEA),
    card(x + 16 * s, my + mh + 98 * s, w - 32 * s, 130 * s, { r: 14 * s, sh: 0.07 }),
    rect(x + 30 * s, my + mh + 112 * s, 90 * s, 8 * s, 4 * s, C.g700),
    barChart(
      x + 30 * s,
      my + mh + 132 * s,
      w - 150 * s,
      84 * s,
      [40, 65, 52, 80, 70, 92, 60],
      [C.p300, C.p500],
      4 * s,
    ),
    donut(x + w - 62 * s, my + mh + 170 * s, 28 * s, 10 * s, [
      [6, C.t500],
      [2, C.a500],
      [1, C.coral],
    ]),
    tabBar(x, y + h - 56 * s, w, 56 * s, ['layout-dashboard', 'map', 'chart-bar', 'settings'], C.p600),
  ].join('');
}

export function transitDesktop(x: number, y: number, w: number, h: number) {
  const s = w / 600;
  const lw = w * 0.3;
  return [
    mapView(x, y, w, h, 'transit-desk'),
    route(
      [
        [x + lw + 40 * s, y + h * 0.85],
        [x + lw + 40 * s, y + h * 0.5],
        [x + lw + 200 * s, y + h * 0.5],
        [x + lw + 200 * s, y + h * 0.22],
        [x + w - 50 * s, y + h * 0.22],
      ],
      C.p500,
      6 * s,
    ),
    circ(x + lw + 200 * s, y + h * 0.4, 16 * s, C.a500, { stroke: C.white, 'stroke-width': 4 * s }),
    iconC('bus', x + lw + 200 * s, y + h * 0.4, 16 * s, C.white, 2.4),
    pin(x + w - 50 * s, y + h * 0.22, 34 * s, C.p600),
    rect(x, y, lw, h, 0, C.white, { opacity: 0.97 }),
    rect(x + 14 * s, y + 16 * s, 100 * s, 10 * s, 5 * s, C.g800),
    ...[0, 1, 2, 3, 4].map((i) =>
      row(
        x + 10 * s,
        y + 40 * s + i * 50 * s,
        lw - 20 * s,
        42 * s,
        'bus',
        i % 2 ? TEA : SAF,
        'chip',
        `td${i}`,
      ),
    ),
  ].join('');
}

/* ---------- EduFeeMaster ---------- */

export function feeMobile(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  return [
    appHeader(x, y, w, 140 * s, C.t500, C.t600),
    card(x + 16 * s, y + 110 * s, w - 32 * s, 130 * s, { r: 16 * s, sh: 0.12 }),
    donut(x + 80 * s, y + 175 * s, 40 * s, 14 * s, [
      [7, C.t500],
      [3, C.a400],
    ]),
    iconC('indian-rupee', x + 80 * s, y + 175 * s, 22 * s, C.g700, 2.4),
    rect(x + 140 * s, y + 146 * s, 110 * s, 12 * s, 6 * s, C.g800),
    rect(x + 140 * s, y + 168 * s, 80 * s, 8 * s, 4 * s, C.g300),
    pill(x + 140 * s, y + 190 * s, 86 * s, 22 * s, C.t100),
    rect(x + 152 * s, y + 198 * s, 60 * s, 6 * s, 3 * s, C.t600),
    ...[0, 1, 2, 3].map((i) =>
      row(
        x + 16 * s,
        y + 256 * s + i * 60 * s,
        w - 32 * s,
        50 * s,
        ['receipt', 'book-open', 'bus', 'shirt'][i] as string,
        [TEA, SAF, IND, SKY][i] as T2,
        i < 2 ? 'check' : 'chip',
        `f${i}`,
      ),
    ),
    rect(x + 16 * s, y + h - 62 * s, w - 32 * s, 44 * s, 22 * s, lin([C.a400, C.a500], 0, 0, 1, 0)),
    rect(x + w / 2 - 36 * s, y + h - 44 * s, 72 * s, 8 * s, 4 * s, C.white),
  ].join('');
}

export const feeDesktop = (x: number, y: number, w: number, h: number) =>
  dashboard(x, y, w, h, {
    seed: 'fee',
    tone: TEA,
    icons: ['layout-dashboard', 'indian-rupee', 'receipt', 'users', 'chart-bar'],
  });

/* ---------- Videshi Bhaasha Tech (language) ---------- */

/** Abstract script-like glyphs (no real text): latin, devanagari, kannada, cjk, arabic. */
export function glyph(
  kind: 'latin' | 'deva' | 'kann' | 'cjk' | 'arab',
  cx: number,
  cy: number,
  s: number,
  color: string,
  sw = s * 0.09,
) {
  const sp = (dd: string) =>
    `<path d="${dd}" stroke="${color}" stroke-width="${Math.round(sw * 10) / 10}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  const u = s / 100;
  const gx = (v: number) => Math.round((cx + v * u) * 10) / 10;
  const gy = (v: number) => Math.round((cy + v * u) * 10) / 10;
  switch (kind) {
    case 'latin':
      return (
        sp(`M${gx(-44)} ${gy(34)}L${gx(-22)} ${gy(-34)}L${gx(0)} ${gy(34)}M${gx(-35)} ${gy(10)}H${gx(-9)}`) +
        sp(`M${gx(40)} ${gy(4)}V${gy(34)}M${gx(40)} ${gy(19)}a${18 * u} ${16 * u} 0 1 1 0 -0.1`)
      );
    case 'deva':
      return sp(
        `M${gx(-46)} ${gy(-30)}H${gx(46)}M${gx(-10)} ${gy(-30)}V${gy(34)}M${gx(-10)} ${gy(0)}C${gx(-40)} ${gy(-10)} ${gx(-46)} ${gy(20)} ${gx(-26)} ${gy(26)}M${gx(-10)} ${gy(4)}C${gx(14)} ${gy(-8)} ${gx(30)} ${gy(8)} ${gx(22)} ${gy(22)}M${gx(30)} ${gy(-30)}V${gy(34)}`,
      );
    case 'kann':
      return sp(
        `M${gx(-40)} ${gy(-22)}C${gx(-20)} ${gy(-44)} ${gx(20)} ${gy(-44)} ${gx(36)} ${gy(-22)}M${gx(-30)} ${gy(0)}C${gx(-40)} ${gy(34)} ${gx(10)} ${gy(40)} ${gx(14)} ${gy(10)}C${gx(16)} ${gy(-10)} ${gx(-14)} ${gy(-12)} ${gx(-14)} ${gy(8)}C${gx(-14)} ${gy(22)} ${gx(30)} ${gy(30)} ${gx(40)} ${gy(4)}`,
      );
    case 'cjk':
      return sp(
        `M${gx(-40)} ${gy(-26)}H${gx(40)}M${gx(0)} ${gy(-44)}V${gy(-26)}M${gx(-26)} ${gy(-10)}H${gx(26)}M${gx(-30)} ${gy(10)}C${gx(-10)} ${gy(20)} ${gx(10)} ${gy(24)} ${gx(36)} ${gy(40)}M${gx(28)} ${gy(8)}C${gx(14)} ${gy(24)} ${gx(-10)} ${gy(36)} ${gx(-38)} ${gy(40)}`,
      );
    default:
      return (
        sp(
          `M${gx(-44)} ${gy(10)}C${gx(-40)} ${gy(30)} ${gx(-10)} ${gy(30)} ${gx(0)} ${gy(10)}C${gx(6)} ${gy(24)} ${gx(30)} ${gy(24)} ${gx(34)} ${gy(6)}M${gx(34)} ${gy(6)}V${gy(-30)}M${gx(-6)} ${gy(-10)}V${gy(-30)}`,
        ) +
        circ(gx(-20), gy(-10), sw * 0.9, color) +
        circ(gx(16), gy(40), sw * 0.9, color)
      );
  }
}

export function bubble(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  tail: 'left' | 'right' = 'left',
) {
  const r = h * 0.3;
  const tx = tail === 'left' ? x + w * 0.2 : x + w * 0.8;
  const dx = tail === 'left' ? -1 : 1;
  return (
    rect(x + 3, y + 10, w - 6, h, r, C.ink, { opacity: 0.12 }) +
    rect(x, y, w, h, r, fill) +
    `<path d="M${Math.round(tx - 12)} ${Math.round(y + h - 2)}L${Math.round(tx + dx * 4)} ${Math.round(y + h + 22)}L${Math.round(tx + 14)} ${Math.round(y + h - 2)}Z" fill="${fill}"/>`
  );
}

export function langMobile(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  const tiles: [string, T2][] = [
    ['book-open', IND],
    ['pen-line', SAF],
    ['mic', TEA],
    ['headphones', SKY],
  ];
  const tw = (w - 44 * s) / 2;
  return [
    appHeader(x, y, w, 140 * s, C.s500, C.p600),
    card(x + 16 * s, y + 112 * s, w - 32 * s, 70 * s, { r: 16 * s, sh: 0.12 }),
    glyph('deva', x + 52 * s, y + 147 * s, 36 * s, C.p600),
    rect(x + 86 * s, y + 134 * s, 120 * s, 10 * s, 5 * s, C.g800),
    progress(x + 86 * s, y + 154 * s, w - 120 * s, 8 * s, 0.6, C.s500),
    ...tiles.map(([n, t], i) => {
      const tx = x + 16 * s + (i % 2) * (tw + 12 * s);
      const ty = y + 198 * s + Math.floor(i / 2) * (tw * 0.92 + 12 * s);
      return (
        card(tx, ty, tw, tw * 0.92, { r: 16 * s, sh: 0.08 }) +
        iconBadge(tx + 14 * s, ty + 14 * s, 44 * s, n, t[0], t[1]) +
        rect(tx + 14 * s, ty + tw * 0.92 - 38 * s, tw * 0.6, 9 * s, 4.5 * s, C.g700) +
        progress(tx + 14 * s, ty + tw * 0.92 - 20 * s, tw - 28 * s, 6 * s, 0.3 + i * 0.17, t[0])
      );
    }),
    tabBar(x, y + h - 56 * s, w, 56 * s, ['house', 'book-open', 'trophy', 'user'], C.s500),
  ].join('');
}

export function langDesktop(x: number, y: number, w: number, h: number) {
  const s = w / 600;
  const kinds = ['latin', 'deva', 'kann', 'cjk'] as const;
  const fills = [C.p500, C.a500, C.t500, C.s500];
  return [
    rect(x, y, w, h, 0, C.g50),
    sidebar(x, y, w * 0.11, h, ['book-open', 'pen-line', 'mic', 'headphones', 'trophy'], C.s500, C.p600),
    ...kinds.map((k, i) => {
      const bx = x + w * 0.16 + (i % 2) * w * 0.4;
      const by = y + 24 * s + Math.floor(i / 2) * 120 * s;
      return (
        bubble(bx, by, w * 0.34, 86 * s, fills[i] as string, i % 2 ? 'right' : 'left') +
        glyph(k, bx + w * 0.17, by + 43 * s, 56 * s, C.white)
      );
    }),
    card(x + w * 0.16, y + h - 110 * s, w * 0.78, 86 * s, { r: 14 * s, sh: 0.08 }),
    iconBadge(x + w * 0.16 + 16 * s, y + h - 94 * s, 52 * s, 'volume-2', C.s400, C.p600),
    ...Array.from({ length: 26 }, (_, i) => {
      const bh = (8 + Math.abs(Math.sin(i * 1.7)) * 40) * s;
      return rect(
        x + w * 0.16 + 90 * s + i * 14 * s,
        y + h - 67 * s - bh / 2,
        7 * s,
        bh,
        3.5 * s,
        i < 15 ? C.s500 : C.g300,
      );
    }),
  ].join('');
}

/* ---------- Triune ERP ---------- */

export function erpMobile(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  const mods: [string, T2][] = [
    ['calendar-check', IND],
    ['clock', SAF],
    ['file-text', TEA],
    ['library', SKY],
    ['bus', SAF],
    ['indian-rupee', TEA],
    ['users', IND],
    ['chart-bar', ROS],
    ['message-circle', SKY],
  ];
  const cw = (w - 56 * s) / 3;
  return [
    appHeader(x, y, w, 150 * s, C.p500, C.p800),
    card(x + 16 * s, y + 120 * s, w - 32 * s, 70 * s, { r: 16 * s, sh: 0.12 }),
    avatar(x + 48 * s, y + 155 * s, 22 * s, LOOKS[3] as (typeof LOOKS)[0]),
    rect(x + 80 * s, y + 143 * s, 110 * s, 10 * s, 5 * s, C.g800),
    rect(x + 80 * s, y + 161 * s, 70 * s, 7 * s, 3.5 * s, C.g300),
    check(x + w - 44 * s, y + 155 * s, 14 * s),
    ...mods.map(([n, t], i) => {
      const tx = x + 16 * s + (i % 3) * (cw + 12 * s);
      const ty = y + 208 * s + Math.floor(i / 3) * (cw + 12 * s);
      return (
        card(tx, ty, cw, cw, { r: 14 * s, sh: 0.07 }) +
        iconBadge(tx + cw / 2 - 20 * s, ty + 16 * s, 40 * s, n, t[0], t[1]) +
        rect(tx + cw * 0.22, ty + cw - 22 * s, cw * 0.56, 7 * s, 3.5 * s, C.g300)
      );
    }),
    tabBar(x, y + h - 56 * s, w, 56 * s, ['house', 'calendar', 'bell', 'user'], C.p600),
  ].join('');
}

export const erpDesktop = (x: number, y: number, w: number, h: number) =>
  dashboard(x, y, w, h, {
    seed: 'erp',
    tone: IND,
    icons: ['layout-dashboard', 'users', 'calendar-check', 'graduation-cap', 'indian-rupee'],
    chart: 'line',
  });

/* ---------- Summer camp ---------- */

export function campMobile(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  const acts: [string, T2][] = [
    ['tent', SAF],
    ['palette', ROS],
    ['music', IND],
    ['waves', SKY],
    ['bike', TEA],
  ];
  return [
    appHeader(x, y, w, 140 * s, C.a400, C.orange),
    circ(x + w - 70 * s, y + 50 * s, 22 * s, C.a300, { opacity: 0.6 }),
    ...Array.from({ length: 7 }, (_, i) => {
      const dx = x + 16 * s + i * ((w - 32 * s) / 7);
      const on = i === 2;
      return (
        rect(
          dx + 2 * s,
          y + 112 * s,
          (w - 32 * s) / 7 - 4 * s,
          52 * s,
          12 * s,
          on ? C.p600 : C.white,
          on ? {} : { stroke: C.g200 },
        ) +
        circ(dx + (w - 32 * s) / 14, y + 148 * s, 4 * s, on ? C.white : C.g300) +
        rect(dx + (w - 32 * s) / 14 - 8 * s, y + 124 * s, 16 * s, 7 * s, 3.5 * s, on ? C.white : C.g400)
      );
    }),
    ...acts.map(([n, t], i) =>
      row(
        x + 16 * s,
        y + 180 * s + i * 62 * s,
        w - 32 * s,
        52 * s,
        n,
        t,
        i === 0 ? 'check' : 'chip',
        `c${i}`,
      ),
    ),
    tabBar(x, y + h - 56 * s, w, 56 * s, ['sun', 'calendar', 'image', 'user'], C.orange),
  ].join('');
}

export function campDesktop(x: number, y: number, w: number, h: number) {
  const s = w / 600;
  const cols = 5;
  const gx = x + w * 0.14;
  const gw = (w * 0.84) / cols;
  const blocks: [number, number, number, string][] = [
    [0, 0, 2, C.a400],
    [1, 1, 1, C.rose],
    [2, 0, 1, C.t400],
    [3, 2, 2, C.s400],
    [4, 0, 2, C.p400],
    [0, 3, 1, C.p300],
    [2, 2, 2, C.a300],
    [1, 3, 1, C.t300],
  ];
  return [
    rect(x, y, w, h, 0, C.g50),
    sidebar(x, y, w * 0.11, h, ['sun', 'calendar', 'users', 'image', 'settings'], C.a500, C.orange),
    ...Array.from({ length: cols }, (_, i) =>
      rect(gx + i * gw + 6 * s, y + 20 * s, gw - 12 * s, 10 * s, 5 * s, C.g300),
    ),
    ...blocks.map(
      ([c, r0, span, col]) =>
        rect(
          gx + c * gw + 6 * s,
          y + 44 * s + r0 * 60 * s,
          gw - 12 * s,
          span * 60 * s - 10 * s,
          10 * s,
          col,
          { opacity: 0.9 },
        ) + rect(gx + c * gw + 16 * s, y + 56 * s + r0 * 60 * s, gw * 0.5, 7 * s, 3.5 * s, C.white),
    ),
    card(gx + 6 * s, y + h - 100 * s, w * 0.84 - 12 * s, 86 * s, { r: 12 * s, sh: 0.07 }),
    ...[0, 1, 2, 3].map((i) => {
      const px = gx + 20 * s + i * 116 * s;
      return (
        rect(
          px,
          y + h - 88 * s,
          104 * s,
          62 * s,
          8 * s,
          lin([[C.s300, C.p300, C.a300, C.t300][i] as string, C.white]),
        ) +
        `<path d="M${Math.round(px)} ${Math.round(y + h - 26 * s)}l${Math.round(34 * s)} ${Math.round(-30 * s)}l${Math.round(22 * s)} ${Math.round(18 * s)}l${Math.round(18 * s)} ${Math.round(-12 * s)}l${Math.round(30 * s)} ${Math.round(24 * s)}Z" fill="${C.t500}" opacity="0.7"/>` +
        circ(px + 80 * s, y + h - 72 * s, 7 * s, C.a400)
      );
    }),
  ].join('');
}

/* ---------- Triune Matrimony ---------- */

export function matriMobile(x: number, y: number, w: number, h: number) {
  const s = w / 300;
  const cy = y + 70 * s;
  const ch = h - 200 * s;
  return [
    rect(x, y, w, h, 0, lin([C.white, C.pink50])),
    status(x, y, w),
    rect(x + 20 * s, y + 40 * s, 110 * s, 12 * s, 6 * s, C.g800),
    iconC('sliders-horizontal', x + w - 36 * s, y + 46 * s, 20 * s, C.g500, 2.2),
    rect(x + 30 * s, cy + 10 * s, w - 60 * s, ch, 22 * s, C.rose, { opacity: 0.25 }),
    card(x + 16 * s, cy, w - 32 * s, ch, { r: 22 * s, sh: 0.14 }),
    g(
      [
        rect(x + 16 * s, cy, w - 32 * s, ch * 0.68, 0, lin([C.pink100, C.p100])),
        avatar(x + w / 2, cy + ch * 0.4, ch * 0.26, LOOKS[4] as (typeof LOOKS)[0], C.pink200),
      ],
      {
        'clip-path': clip(rect(x + 16 * s, cy, w - 32 * s, ch, 22 * s, C.black)),
      },
    ),
    rect(x + 32 * s, cy + ch * 0.74, 130 * s, 12 * s, 6 * s, C.g800),
    rect(x + 32 * s, cy + ch * 0.74 + 22 * s, 90 * s, 8 * s, 4 * s, C.g300),
    pill(x + 32 * s, cy + ch * 0.74 + 42 * s, 60 * s, 20 * s, C.pink100),
    pill(x + 100 * s, cy + ch * 0.74 + 42 * s, 60 * s, 20 * s, C.p50),
    circ(x + w / 2 - 50 * s, y + h - 70 * s, 28 * s, C.white, { stroke: C.g200, 'stroke-width': 2 * s }),
    iconC('x', x + w / 2 - 50 * s, y + h - 70 * s, 22 * s, C.g400, 2.6),
    circ(x + w / 2 + 50 * s, y + h - 70 * s, 32 * s, lin([C.rose, C.pink700], 0, 0, 1, 1)),
    iconC('heart', x + w / 2 + 50 * s, y + h - 70 * s, 26 * s, C.white, 2.6),
  ].join('');
}

export function matriDesktop(x: number, y: number, w: number, h: number) {
  const s = w / 600;
  const cw = (w * 0.84 - 36 * s) / 4;
  return [
    rect(x, y, w, h, 0, lin([C.white, C.pink50])),
    sidebar(x, y, w * 0.11, h, ['heart', 'search', 'message-circle', 'bell', 'user'], C.rose, C.pink700),
    rect(x + w * 0.15, y + 22 * s, 150 * s, 12 * s, 6 * s, C.g800),
    ...Array.from({ length: 8 }, (_, i) => {
      const cx = x + w * 0.15 + (i % 4) * (cw + 12 * s);
      const cy = y + 50 * s + Math.floor(i / 4) * (h * 0.44);
      const ch = h * 0.4;
      return (
        card(cx, cy, cw, ch, { r: 12 * s, sh: 0.08 }) +
        avatar(
          cx + cw / 2,
          cy + ch * 0.36,
          cw * 0.3,
          LOOKS[(i + 1) % LOOKS.length] as (typeof LOOKS)[0],
          [C.pink100, C.p100, C.a100, C.t100][i % 4],
        ) +
        rect(cx + cw * 0.2, cy + ch * 0.72, cw * 0.6, 8 * s, 4 * s, C.g700) +
        iconC('heart', cx + cw / 2, cy + ch * 0.87, 14 * s, i % 3 === 0 ? C.rose : C.g300, 2.6)
      );
    }),
  ].join('');
}

/** Small decorative heart. */
export function heart(cx: number, cy: number, s: number, fill: string) {
  const k = s / 2;
  return `<path d="M${Math.round(cx)} ${Math.round(cy + k * 0.9)}C${Math.round(cx - k * 1.6)} ${Math.round(cy - k * 0.1)} ${Math.round(cx - k)} ${Math.round(cy - k * 1.2)} ${Math.round(cx)} ${Math.round(cy - k * 0.45)}C${Math.round(cx + k)} ${Math.round(cy - k * 1.2)} ${Math.round(cx + k * 1.6)} ${Math.round(cy - k * 0.1)} ${Math.round(cx)} ${Math.round(cy + k * 0.9)}Z" fill="${fill}"/>`;
}

export { bus, sparkle };
