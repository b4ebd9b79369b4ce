/**
 * Reusable scene pieces in one shading language: rounded corners, soft top-lit gradients,
 * blurred contact shadows. Every function returns an SVG fragment string.
 */
import { iconC } from './icons.ts';
import { C } from './palette.ts';
import { rng } from './random.ts';
import { type Attrs, blur, clip, d, el, f, lin, rad } from './svg.ts';

export const R = { lg: 24, md: 16, sm: 10 } as const;

export const rect = (x: number, y: number, w: number, h: number, r: number, fill: string, a: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, rx: r || undefined, fill, ...a });
export const circ = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...a });
export const ell = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...a });
export const path = (dd: string, fill: string, a: Attrs = {}) => el('path', { d: dd, fill, ...a });
export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  sw: number,
  a: Attrs = {},
) =>
  el('path', { d: d`M${x1} ${y1}L${x2} ${y2}`, stroke, 'stroke-width': sw, 'stroke-linecap': 'round', ...a });
export const g = (kids: string | string[], a: Attrs = {}) => el('g', a, kids);
export const at = (x: number, y: number, s: number, kids: string | string[]) =>
  g(kids, {
    transform: `translate(${f(x)} ${f(y)})${s !== 1 ? ` scale(${Math.round(s * 1000) / 1000})` : ''}`,
  });

/** Soft blurred shadow under a rounded rectangle. */
export const shadow = (x: number, y: number, w: number, h: number, r: number, op = 0.2, dy = 14, std = 14) =>
  rect(x + 4, y + dy, w - 8, h, r, C.ink, { opacity: op, filter: blur(std) });

/** Contact shadow on the floor (radial gradient, no filter). */
export const floor = (cx: number, cy: number, rx: number, ry: number, op = 0.28, col: string = C.ink) =>
  ell(cx, cy, rx, ry, rad([`${col}/${op}`, `${col}/0`]));

export function card(
  x: number,
  y: number,
  w: number,
  h: number,
  o: { r?: number; fill?: string; sh?: number } = {},
) {
  const r = o.r ?? R.md;
  return (
    (o.sh === 0 ? '' : shadow(x, y, w, h, r, o.sh ?? 0.16, 10, 12)) + rect(x, y, w, h, r, o.fill ?? C.white)
  );
}

/** Placeholder text lines. */
export function bars(
  x: number,
  y: number,
  w: number,
  n: number,
  color: string,
  seed: string,
  h = 8,
  gap = 16,
) {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const lw = i === n - 1 && n > 1 ? w * r.range(0.35, 0.6) : w * r.range(0.75, 1);
    out += rect(x, y + i * gap, lw, h, h / 2, color);
  }
  return out;
}

export const pill = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}) =>
  rect(x, y, w, h, h / 2, fill, a);

/** Rounded square with a gradient and a lucide glyph. */
export function iconBadge(
  x: number,
  y: number,
  s: number,
  name: string,
  c1: string,
  c2: string,
  fg = C.white,
  r = s * 0.28,
) {
  return (
    shadow(x, y, s, s, r, 0.18, s * 0.12, s * 0.12) +
    rect(x, y, s, s, r, lin([c1, c2], 0, 0, 1, 1)) +
    iconC(name, x + s / 2, y + s / 2, s * 0.52, fg, 2)
  );
}

export function iconDot(cx: number, cy: number, r: number, name: string, bg: string, fg: string, sw = 2) {
  return circ(cx, cy, r, bg) + iconC(name, cx, cy, r * 1.1, fg, sw);
}

export function check(cx: number, cy: number, r: number, color: string = C.t500) {
  return (
    circ(cx, cy, r, color) +
    path(
      d`M${cx - r * 0.42} ${cy + r * 0.02}L${cx - r * 0.1} ${cy + r * 0.34}L${cx + r * 0.45} ${cy - r * 0.3}`,
      'none',
      { stroke: C.white, 'stroke-width': r * 0.26, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
    )
  );
}

/** Four-point sparkle. */
export function sparkle(cx: number, cy: number, s: number, color: string, op = 1) {
  const k = s * 0.18;
  return path(
    d`M${cx} ${cy - s}Q${cx + k} ${cy - k} ${cx + s} ${cy}Q${cx + k} ${cy + k} ${cx} ${cy + s}Q${cx - k} ${cy + k} ${cx - s} ${cy}Q${cx - k} ${cy - k} ${cx} ${cy - s}Z`,
    color,
    { opacity: op < 1 ? op : undefined },
  );
}

/** A field of dots in a rectangle (fades toward one side if `fade`). */
export function dotGrid(
  x: number,
  y: number,
  cols: number,
  rows: number,
  gap: number,
  r: number,
  color: string,
  op = 1,
) {
  let dd = '';
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const cx = x + i * gap;
      const cy = y + j * gap;
      dd += d`M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
    }
  return path(dd, color, { opacity: op < 1 ? op : undefined });
}

/* ---------- people ---------- */

export type Look = {
  skin: string;
  hair: string;
  shirt: string;
  pants?: string;
  style?: 'short' | 'long' | 'bun' | 'bald';
};
export const LOOKS: Look[] = [
  { skin: C.skin2, hair: C.hair1, shirt: C.p500, pants: C.p900, style: 'short' },
  { skin: C.skin1, hair: C.hair2, shirt: C.a500, pants: C.g800, style: 'long' },
  { skin: C.skin3, hair: C.hair1, shirt: C.t500, pants: C.p800, style: 'bun' },
  { skin: C.skin4, hair: C.hair1, shirt: C.s500, pants: C.g700, style: 'short' },
  { skin: C.skin2, hair: C.hair3, shirt: C.coral, pants: C.p900, style: 'long' },
  { skin: C.skin3, hair: C.hair2, shirt: C.p300, pants: C.g800, style: 'short' },
];

function hair(cx: number, cy: number, r: number, look: Look, back: boolean) {
  const s = look.style ?? 'short';
  if (s === 'bald') return '';
  if (back) {
    if (s === 'long')
      return path(
        d`M${cx - r * 1.05} ${cy}Q${cx - r * 1.2} ${cy + r * 2} ${cx - r * 0.6} ${cy + r * 2.1}L${cx + r * 0.6} ${cy + r * 2.1}Q${cx + r * 1.2} ${cy + r * 2} ${cx + r * 1.05} ${cy}Z`,
        look.hair,
      );
    if (s === 'bun') return circ(cx + r * 0.2, cy - r * 1.05, r * 0.5, look.hair);
    return '';
  }
  return path(
    d`M${cx - r * 1.02} ${cy + r * 0.15}Q${cx - r * 1.1} ${cy - r * 1.15} ${cx} ${cy - r * 1.08}Q${cx + r * 1.1} ${cy - r * 1.1} ${cx + r * 1.02} ${cy + r * 0.1}Q${cx + r * 0.7} ${cy - r * 0.5} ${cx - r * 0.1} ${cy - r * 0.45}Q${cx - r * 0.75} ${cy - r * 0.4} ${cx - r * 1.02} ${cy + r * 0.15}Z`,
    look.hair,
  );
}

/** Head-and-shoulders avatar inside a circle. */
export function avatar(cx: number, cy: number, r: number, look: Look, bg: string = C.p100) {
  const hr = r * 0.34;
  const hy = cy - r * 0.12;
  const body =
    circ(cx, cy, r, bg) +
    hair(cx, hy, hr, look, true) +
    rect(cx - hr * 0.4, hy + hr * 0.6, hr * 0.8, hr * 0.9, hr * 0.2, look.skin) +
    ell(cx, cy + r * 0.82, r * 0.68, r * 0.5, look.shirt) +
    circ(cx, hy, hr, look.skin) +
    hair(cx, hy, hr, look, false);
  return g(body, { 'clip-path': clip(circ(cx, cy, r, C.black)) });
}

export type Pose = 'stand' | 'wave' | 'point' | 'hold' | 'cheer';

/** Standing figure, feet centred at (x, y), total height h. */
export function person(x: number, y: number, h: number, look: Look, pose: Pose = 'stand', flip = false) {
  const pants = look.pants ?? C.p900;
  const sleeve = look.shirt;
  const arm = (x1: number, y1: number, x2: number, y2: number) =>
    line(x1, y1, x2, y2, sleeve, 13) + circ(x2, y2, 6.5, look.skin);
  let arms = '';
  const L: [number, number] = [-22, -140];
  const Rr: [number, number] = [22, -140];
  if (pose === 'stand') arms = arm(...L, -30, -96) + arm(...Rr, 30, -96);
  if (pose === 'wave') arms = arm(...L, -30, -96) + arm(...Rr, 44, -178);
  if (pose === 'point') arms = arm(...L, -30, -96) + arm(...Rr, 66, -150);
  if (pose === 'hold') arms = arm(...L, -8, -112) + arm(...Rr, 14, -112);
  if (pose === 'cheer') arms = arm(...L, -44, -180) + arm(...Rr, 44, -180);
  const body = [
    rect(-16, -92, 14, 88, 6, pants),
    rect(2, -92, 14, 88, 6, pants),
    ell(-11, -4, 12, 5.5, C.g900),
    ell(11, -4, 12, 5.5, C.g900),
    hair(0, -178, 17, look, true),
    rect(-5, -166, 10, 16, 3, look.skin),
    path('M-25 -138Q-27 -156 -10 -156L10 -156Q27 -156 25 -138L22 -84Q0 -78 -22 -84Z', look.shirt),
    path('M-25 -138Q-27 -156 -10 -156L0 -156L-4 -84Q-14 -82 -22 -84Z', C.ink, { opacity: 0.08 }),
    circ(0, -178, 17, look.skin),
    hair(0, -178, 17, look, false),
    arms,
  ];
  const s = h / 200;
  return g(body, {
    transform: `translate(${f(x)} ${f(y)}) scale(${flip ? -s : s} ${s})`.replace(/(\d\.\d{3})\d+/g, '$1'),
  });
}

/* ---------- charts ---------- */

export function barChart(
  x: number,
  y: number,
  w: number,
  h: number,
  vals: number[],
  colors: string[],
  r = 6,
) {
  const n = vals.length;
  const gap = (w / n) * 0.35;
  const bw = (w - gap * (n - 1)) / n;
  const max = Math.max(...vals);
  return vals
    .map((v, i) => {
      const bh = (v / max) * h;
      const c = colors[i % colors.length] as string;
      return rect(x + i * (bw + gap), y + h - bh, bw, bh, Math.min(r, bw / 2), c);
    })
    .join('');
}

function smooth(pts: [number, number][]) {
  let s = d`M${pts[0]?.[0] ?? 0} ${pts[0]?.[1] ?? 0}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1] as [number, number];
    const [x1, y1] = pts[i] as [number, number];
    const mx = (x0 + x1) / 2;
    s += d`C${mx} ${y0} ${mx} ${y1} ${x1} ${y1}`;
  }
  return s;
}

export function lineChart(
  x: number,
  y: number,
  w: number,
  h: number,
  vals: number[],
  color: string,
  o: { area?: boolean; sw?: number; dot?: boolean } = {},
) {
  const max = Math.max(...vals);
  const min = Math.min(...vals) * 0.8;
  const pts = vals.map(
    (v, i) => [x + (i / (vals.length - 1)) * w, y + h - ((v - min) / (max - min)) * h] as [number, number],
  );
  const ln = smooth(pts);
  const last = pts[pts.length - 1] as [number, number];
  return (
    (o.area === false
      ? ''
      : path(`${ln}${d`L${x + w} ${y + h}L${x} ${y + h}Z`}`, lin([`${color}/0.35`, `${color}/0`]))) +
    path(ln, 'none', { stroke: color, 'stroke-width': o.sw ?? 4, 'stroke-linecap': 'round' }) +
    (o.dot === false
      ? ''
      : circ(last[0], last[1], (o.sw ?? 4) * 1.6, C.white, {
          stroke: color,
          'stroke-width': (o.sw ?? 4) * 0.9,
        }))
  );
}

export function donut(
  cx: number,
  cy: number,
  r: number,
  t: number,
  parts: [number, string][],
  track: string = C.g100,
) {
  const total = parts.reduce((a, [v]) => a + v, 0);
  const circum = 2 * Math.PI * r;
  let acc = 0;
  let out = circ(cx, cy, r, 'none', { stroke: track, 'stroke-width': t });
  for (const [v, c] of parts) {
    const len = (v / total) * circum;
    out += circ(cx, cy, r, 'none', {
      stroke: c,
      'stroke-width': t,
      'stroke-dasharray': `${f(Math.max(len - t * 0.2, 0.1))} ${f(circum)}`,
      'stroke-dashoffset': f(-acc),
      transform: `rotate(-90 ${f(cx)} ${f(cy)})`,
      'stroke-linecap': 'butt',
    });
    acc += len;
  }
  return out;
}

export const progress = (
  x: number,
  y: number,
  w: number,
  h: number,
  frac: number,
  color: string,
  track: string = C.g100,
) => pill(x, y, w, h, track) + pill(x, y, Math.max(w * frac, h), h, color);

/** A speedometer-style gauge arc. */
export function gauge(
  cx: number,
  cy: number,
  r: number,
  frac: number,
  color: string,
  track: string = C.g100,
  t = 12,
) {
  const arc = (a0: number, a1: number) => {
    const p = (a: number) => [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
    const [x0, y0] = p(a0);
    const [x1, y1] = p(a1);
    return d`M${x0} ${y0}A${r} ${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${x1} ${y1}`;
  };
  const a0 = Math.PI * 0.8;
  const a1 = Math.PI * 2.2;
  const am = a0 + (a1 - a0) * frac;
  const nx = cx + r * 0.7 * Math.cos(am);
  const ny = cy + r * 0.7 * Math.sin(am);
  return (
    path(arc(a0, a1), 'none', { stroke: track, 'stroke-width': t, 'stroke-linecap': 'round' }) +
    path(arc(a0, am), 'none', { stroke: color, 'stroke-width': t, 'stroke-linecap': 'round' }) +
    line(cx, cy, nx, ny, C.g800, t * 0.4) +
    circ(cx, cy, t * 0.6, C.g800)
  );
}

/* ---------- map ---------- */

/** A light street map clipped to a rounded rectangle. */
export function mapView(x: number, y: number, w: number, h: number, seed: string, r = 0, dark = false) {
  const q = rng(seed);
  const land = dark ? C.p900 : C.mapLand;
  const block = dark ? C.mapBlockDark : C.mapBlock;
  const road = dark ? C.mapRoadDark : C.white;
  const park = dark ? C.mapParkDark : C.mapPark;
  const water = dark ? C.mapWaterDark : C.mapWater;
  const parts: string[] = [rect(x, y, w, h, 0, land)];
  const cols = Math.max(3, Math.round(w / 110));
  const rows = Math.max(3, Math.round(h / 110));
  const cw = w / cols;
  const rh = h / rows;
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const k = q.next();
      const fill = k < 0.12 ? park : block;
      parts.push(rect(x + i * cw + 9, y + j * rh + 9, cw - 18, rh - 18, 8, fill));
    }
  parts.push(
    path(
      d`M${x - 20} ${y + h * q.range(0.55, 0.8)}C${x + w * 0.3} ${y + h * q.range(0.4, 0.9)} ${x + w * 0.6} ${y + h * q.range(0.7, 1.1)} ${x + w + 20} ${y + h * q.range(0.6, 0.95)}`,
      'none',
      {
        stroke: water,
        'stroke-width': Math.min(w, h) * 0.07,
        'stroke-linecap': 'round',
      },
    ),
  );
  let roads = '';
  for (let i = 1; i < cols; i++) roads += d`M${x + i * cw} ${y}V${y + h}`;
  for (let j = 1; j < rows; j++) roads += d`M${x} ${y + j * rh}H${x + w}`;
  parts.push(path(roads, 'none', { stroke: road, 'stroke-width': 10 }));
  parts.push(
    path(d`M${x} ${y + h * 0.1}L${x + w} ${y + h * 0.9}`, 'none', {
      stroke: road,
      'stroke-width': 14,
      opacity: 0.9,
    }),
  );
  return g(parts, { 'clip-path': clip(rect(x, y, w, h, r, C.black)) });
}

export function route(pts: [number, number][], color: string = C.p500, sw = 8, dashed = false) {
  const dd = `M${pts.map(([a, b]) => `${f(a)} ${f(b)}`).join('L')}`;
  return (
    el('path', {
      d: dd,
      stroke: C.white,
      'stroke-width': sw + 6,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
      opacity: 0.9,
    }) +
    el('path', {
      d: dd,
      stroke: color,
      'stroke-width': sw,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
      'stroke-dasharray': dashed ? `${f(sw * 0.1)} ${f(sw * 2)}` : undefined,
    })
  );
}

/** Map pin, tip at (x, y). */
export function pin(x: number, y: number, s: number, color: string, inner: string = C.white) {
  return (
    floor(x, y, s * 0.45, s * 0.14, 0.3) +
    path(
      d`M${x} ${y}C${x - s * 0.1} ${y - s * 0.35} ${x - s * 0.5} ${y - s * 0.55} ${x - s * 0.5} ${y - s}A${s * 0.5} ${s * 0.5} 0 1 1 ${x + s * 0.5} ${y - s}C${x + s * 0.5} ${y - s * 0.55} ${x + s * 0.1} ${y - s * 0.35} ${x} ${y}Z`,
      color,
    ) +
    circ(x, y - s, s * 0.2, inner)
  );
}

/** Concentric signal arcs / pulse rings. */
export function pulse(cx: number, cy: number, r: number, color: string, n = 3) {
  let out = '';
  for (let i = 0; i < n; i++)
    out += circ(cx, cy, r * (1 + i * 0.55), 'none', {
      stroke: color,
      'stroke-width': 3,
      opacity: f(0.55 - i * 0.16),
    });
  return out;
}

export function signal(cx: number, cy: number, r: number, color: string, dir = -90, sw = 5) {
  let out = '';
  for (let i = 1; i <= 3; i++) {
    const rr = r * i;
    const a0 = ((dir - 40) * Math.PI) / 180;
    const a1 = ((dir + 40) * Math.PI) / 180;
    out += path(
      d`M${cx + rr * Math.cos(a0)} ${cy + rr * Math.sin(a0)}A${rr} ${rr} 0 0 1 ${cx + rr * Math.cos(a1)} ${cy + rr * Math.sin(a1)}`,
      'none',
      { stroke: color, 'stroke-width': sw, 'stroke-linecap': 'round', opacity: f(1 - (i - 1) * 0.25) },
    );
  }
  return out + circ(cx, cy, sw * 1.1, color);
}

/* ---------- vehicles ---------- */

/** School bus, side view facing right; (x, y) top-left, width w (height ~0.5w). */
export function bus(x: number, y: number, w: number, body: string = C.a400, dark: string = C.a600) {
  const u = w / 100;
  const P = (px: number, py: number) => `${f(x + px * u)} ${f(y + py * u)}`;
  const win = lin([C.glass, C.s300], 0, 0, 0, 1);
  const parts = [
    floor(x + 50 * u, y + 47 * u, 52 * u, 4 * u, 0.35),
    `<path d="M${P(4, 4)}Q${P(4, 0)} ${P(9, 0)}L${P(86, 0)}Q${P(92, 0)} ${P(94, 6)}L${P(99, 24)}Q${P(100, 27)} ${P(100, 30)}L${P(100, 38)}Q${P(100, 42)} ${P(96, 42)}L${P(4, 42)}Q${P(0, 42)} ${P(0, 38)}L${P(0, 8)}Q${P(0, 4)} ${P(4, 4)}Z" fill="${lin([C.a300, body], 0, 0, 0, 1)}"/>`,
    rect(x, y + 33 * u, w, 9 * u, 4 * u, dark, { opacity: 0.55 }),
    rect(x + 2 * u, y + 25 * u, 92 * u, 2 * u, u, C.g900, { opacity: 0.75 }),
  ];
  for (let i = 0; i < 6; i++) parts.push(rect(x + (6 + i * 11.5) * u, y + 7 * u, 9 * u, 13 * u, 2 * u, win));
  parts.push(
    `<path d="M${P(80, 7)}L${P(89, 7)}Q${P(91, 7)} ${P(92, 9)}L${P(96, 20)}L${P(80, 20)}Z" fill="${win}"/>`,
  );
  parts.push(rect(x + 75 * u, y + 7 * u, 3.5 * u, 28 * u, u, C.g800, { opacity: 0.5 }));
  parts.push(
    circ(x + 98 * u, y + 31 * u, 1.8 * u, C.white),
    rect(x + 0.5 * u, y + 28 * u, 2 * u, 4 * u, u, C.coral),
  );
  parts.push(rect(x + 30 * u, y - 2 * u, 30 * u, 2.5 * u, 1.2 * u, dark));
  for (const wx of [20, 80]) {
    parts.push(
      circ(x + wx * u, y + 42 * u, 9 * u, C.g900),
      circ(x + wx * u, y + 42 * u, 7 * u, C.g800),
      circ(x + wx * u, y + 42 * u, 3.2 * u, C.g300),
    );
  }
  return parts.join('');
}

/** Delivery truck, side view facing right. */
export function truck(x: number, y: number, w: number, box: string = C.white, cab: string = C.p500) {
  const u = w / 100;
  const win = lin([C.glass, C.s300]);
  return [
    floor(x + 50 * u, y + 47 * u, 52 * u, 4 * u, 0.35),
    rect(x, y, 68 * u, 40 * u, 3 * u, lin([box, C.g200])),
    rect(x, y + 30 * u, 68 * u, 4 * u, 0, C.g300, { opacity: 0.6 }),
    path(
      d`M${x + 70 * u} ${y + 10 * u}L${x + 86 * u} ${y + 10 * u}Q${x + 90 * u} ${y + 10 * u} ${x + 92 * u} ${y + 14 * u}L${x + 99 * u} ${y + 26 * u}Q${x + 100 * u} ${y + 28 * u} ${x + 100 * u} ${y + 31 * u}L${x + 100 * u} ${y + 42 * u}L${x + 70 * u} ${y + 42 * u}Z`,
      lin([C.p400, cab]),
    ),
    path(
      d`M${x + 76 * u} ${y + 14 * u}L${x + 88 * u} ${y + 14 * u}L${x + 94 * u} ${y + 25 * u}L${x + 76 * u} ${y + 25 * u}Z`,
      win,
    ),
    rect(x + 98 * u, y + 33 * u, 2 * u, 4 * u, u, C.a300),
    ...[18, 52, 84].flatMap((wx) => [
      circ(x + wx * u, y + 42 * u, 7.5 * u, C.g900),
      circ(x + wx * u, y + 42 * u, 3 * u, C.g300),
    ]),
  ].join('');
}

/* ---------- objects ---------- */

export function cloud(x: number, y: number, w: number, fill: string) {
  const u = w / 100;
  return path(
    d`M${x + 22 * u} ${y + 60 * u}A${20 * u} ${20 * u} 0 0 1 ${x + 24 * u} ${y + 20 * u}A${28 * u} ${28 * u} 0 0 1 ${x + 76 * u} ${y + 22 * u}A${20 * u} ${20 * u} 0 0 1 ${x + 80 * u} ${y + 60 * u}Z`,
    fill,
  );
}

/** Shield centred horizontally at cx, top at y, height h. */
export function shieldPath(cx: number, y: number, h: number) {
  const w = h * 0.82;
  return d`M${cx} ${y}L${cx + w / 2} ${y + h * 0.14}Q${cx + w / 2} ${y + h * 0.16} ${cx + w / 2} ${y + h * 0.2}L${cx + w / 2} ${y + h * 0.45}Q${cx + w / 2} ${y + h * 0.82} ${cx} ${y + h}Q${cx - w / 2} ${y + h * 0.82} ${cx - w / 2} ${y + h * 0.45}L${cx - w / 2} ${y + h * 0.2}Q${cx - w / 2} ${y + h * 0.16} ${cx - w / 2} ${y + h * 0.14}Z`;
}

export function shield(
  cx: number,
  y: number,
  h: number,
  c1: string = C.p400,
  c2: string = C.p700,
  mark: 'check' | 'lock' | 'none' = 'check',
) {
  const inner = h * 0.78;
  let m = '';
  if (mark === 'check')
    m = path(
      d`M${cx - h * 0.17} ${y + h * 0.5}L${cx - h * 0.04} ${y + h * 0.63}L${cx + h * 0.2} ${y + h * 0.38}`,
      'none',
      { stroke: C.white, 'stroke-width': h * 0.08, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
    );
  if (mark === 'lock') m = iconC('lock', cx, y + h * 0.5, h * 0.38, C.white, 2.4);
  return (
    floor(cx, y + h * 1.04, h * 0.45, h * 0.06, 0.3) +
    path(shieldPath(cx, y, h), lin([c1, c2], 0, 0, 1, 1)) +
    path(shieldPath(cx, y + (h - inner) / 2, inner), 'none', {
      stroke: C.white,
      'stroke-width': h * 0.018,
      opacity: 0.45,
    }) +
    path(
      d`M${cx} ${y}L${cx} ${y + h}Q${cx - h * 0.41} ${y + h * 0.82} ${cx - h * 0.41} ${y + h * 0.45}L${cx - h * 0.41} ${y + h * 0.14}Z`,
      C.white,
      { opacity: 0.12 },
    ) +
    m
  );
}

/** Rounded tree; base at (x, y). */
export function tree(x: number, y: number, h: number, c1: string = C.t400, c2: string = C.t600) {
  return (
    rect(x - h * 0.035, y - h * 0.45, h * 0.07, h * 0.45, h * 0.03, C.hair3) +
    ell(x, y - h * 0.62, h * 0.3, h * 0.38, lin([c1, c2], 0, 0, 1, 1)) +
    ell(x - h * 0.08, y - h * 0.72, h * 0.1, h * 0.14, C.white, { opacity: 0.18 })
  );
}

export function plant(x: number, y: number, h: number) {
  const u = h / 100;
  return (
    path(
      d`M${x - 14 * u} ${y - 34 * u}L${x + 14 * u} ${y - 34 * u}L${x + 10 * u} ${y}L${x - 10 * u} ${y}Z`,
      C.a500,
    ) +
    path(
      d`M${x} ${y - 34 * u}C${x - 30 * u} ${y - 50 * u} ${x - 30 * u} ${y - 90 * u} ${x - 20 * u} ${y - 96 * u}C${x - 6 * u} ${y - 80 * u} ${x - 2 * u} ${y - 60 * u} ${x} ${y - 34 * u}Z`,
      C.t500,
    ) +
    path(
      d`M${x} ${y - 34 * u}C${x + 26 * u} ${y - 46 * u} ${x + 30 * u} ${y - 80 * u} ${x + 22 * u} ${y - 88 * u}C${x + 8 * u} ${y - 74 * u} ${x + 2 * u} ${y - 56 * u} ${x} ${y - 34 * u}Z`,
      C.t400,
    ) +
    path(
      d`M${x} ${y - 34 * u}C${x - 4 * u} ${y - 60 * u} ${x + 2 * u} ${y - 90 * u} ${x + 4 * u} ${y - 100 * u}C${x + 10 * u} ${y - 80 * u} ${x + 6 * u} ${y - 50 * u} ${x} ${y - 34 * u}Z`,
      C.t600,
    )
  );
}

/** Block building with a window grid; base at (x, y + h). */
export function building(
  x: number,
  y: number,
  w: number,
  h: number,
  c1: string,
  c2: string,
  win: string,
  seed: string,
) {
  const q = rng(seed);
  const cols = Math.max(2, Math.floor(w / 34));
  const rows = Math.max(2, Math.floor((h - 30) / 40));
  const gw = (w - 24) / cols;
  let wins = '';
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const lit = q.next() < 0.35;
      wins += rect(x + 12 + i * gw + 4, y + 20 + j * 40, gw - 8, 22, 3, lit ? C.a300 : win, {
        opacity: lit ? 0.95 : undefined,
      });
    }
  return (
    rect(x, y, w, h, 6, lin([c1, c2])) +
    rect(x + w * 0.62, y, w * 0.38, h, 0, C.ink, { opacity: 0.12 }) +
    wins
  );
}

export function gear(cx: number, cy: number, r: number, fill: string, hole: string = C.white) {
  const n = 8;
  let dd = '';
  for (let i = 0; i < n * 2; i++) {
    const a0 = (i / (n * 2)) * Math.PI * 2;
    const a1 = ((i + 1) / (n * 2)) * Math.PI * 2;
    const rr = i % 2 === 0 ? r : r * 0.8;
    dd +=
      (i === 0 ? 'M' : 'L') +
      d`${cx + rr * Math.cos(a0)} ${cy + rr * Math.sin(a0)}L${cx + rr * Math.cos(a1)} ${cy + rr * Math.sin(a1)}`;
  }
  return (
    path(`${dd}Z`, fill, { 'stroke-linejoin': 'round', stroke: fill, 'stroke-width': r * 0.12 }) +
    circ(cx, cy, r * 0.34, hole)
  );
}

/** A connecting dashed curve between two points. */
export function link(x1: number, y1: number, x2: number, y2: number, color: string, sw = 3, bend = 0.3) {
  const mx = (x1 + x2) / 2 - (y2 - y1) * bend;
  const my = (y1 + y2) / 2 + (x2 - x1) * bend;
  return path(d`M${x1} ${y1}Q${mx} ${my} ${x2} ${y2}`, 'none', {
    stroke: color,
    'stroke-width': sw,
    'stroke-dasharray': `${f(sw * 0.2)} ${f(sw * 3)}`,
    'stroke-linecap': 'round',
  });
}

/** A floating white chip with an icon and two bars. */
export function chip(x: number, y: number, w: number, name: string, tone: [string, string], dark = false) {
  const h = 64;
  return (
    card(x, y, w, h, { r: 18, fill: dark ? C.p800 : C.white, sh: 0.22 }) +
    iconBadge(x + 12, y + 12, 40, name, tone[0], tone[1]) +
    rect(x + 64, y + 20, (w - 84) * 0.9, 8, 4, dark ? C.p400 : C.g300) +
    rect(x + 64, y + 36, (w - 84) * 0.55, 8, 4, dark ? C.p600 : C.g200)
  );
}
