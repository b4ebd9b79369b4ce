/** Brand family: logo mark and wordmark, favicon and app icons, sharing card, client wordmarks. */

import { richBg } from './backgrounds.ts';
import { C, FONT } from './palette.ts';
import { circ, g, path, rect } from './shapes.ts';
import { begin, d, end, lin, rad } from './svg.ts';

/** Rounded triangle pointing up, centred on (cx, cy), circumradius r, corner radius k (0..1). */
function tri(cx: number, cy: number, r: number, rot: number, k = 0.22) {
  const pts = [0, 1, 2].map((i) => {
    const a = ((rot - 90 + i * 120) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });
  let dd = '';
  for (let i = 0; i < 3; i++) {
    const p = pts[i] as readonly [number, number];
    const prev = pts[(i + 2) % 3] as readonly [number, number];
    const next = pts[(i + 1) % 3] as readonly [number, number];
    const a = [p[0] + (prev[0] - p[0]) * k, p[1] + (prev[1] - p[1]) * k];
    const b = [p[0] + (next[0] - p[0]) * k, p[1] + (next[1] - p[1]) * k];
    dd += (i === 0 ? 'M' : 'L') + d`${a[0] ?? 0} ${a[1] ?? 0}Q${p[0]} ${p[1]} ${b[0] ?? 0} ${b[1] ?? 0}`;
  }
  return `${dd}Z`;
}

/** The "triune" mark: three interlocking rounded triangles in a 64 x 64 box. */
export function mark(x: number, y: number, s: number, onDark = false) {
  const u = s / 64;
  const c = (v: number) => v * u;
  const r = 19;
  const parts = [
    path(tri(x + c(32), y + c(22), c(r), 0), lin([C.p400, C.p600], 0, 0, 1, 1), { opacity: 0.95 }),
    path(
      tri(x + c(21), y + c(41), c(r), 0),
      lin([onDark ? C.p300 : C.p700, onDark ? C.p400 : C.p800], 0, 0, 1, 1),
      { opacity: 0.92 },
    ),
    path(tri(x + c(43), y + c(41), c(r), 0), lin([C.a400, C.a500], 0, 0, 1, 1), { opacity: 0.95 }),
    path(tri(x + c(32), y + c(34.5), c(7), 180, 0.25), onDark ? C.p900 : C.white),
  ];
  return g(parts);
}

function logo(white: boolean) {
  begin();
  const ink = white ? C.white : C.ink;
  return end(240, 56, [
    mark(0, 0, 56, white),
    `<text x="66" y="29" font-family="${FONT}" font-size="25" font-weight="800" letter-spacing="-0.5" fill="${ink}">Triune</text>`,
    `<text x="67" y="46" font-family="${FONT}" font-size="11.5" font-weight="600" letter-spacing="3.2" fill="${white ? C.p200 : C.p600}">TECHNOLOGIES</text>`,
  ]);
}

function favicon() {
  begin();
  return end(64, 64, mark(0, 0, 64));
}

/** Mark on an indigo rounded square (app icons). */
export function appIcon(size: number, rounded = true) {
  begin();
  const u = size / 512;
  return end(size, size, [
    rect(0, 0, size, size, rounded ? 112 * u : 0, lin([C.p500, C.p700], 0, 0, 1, 1)),
    circ(size * 0.8, size * 0.15, size * 0.5, rad(['#fff/0.18', '#fff/0'])),
    mark(size * 0.18, size * 0.16, size * 0.64, true),
  ]);
}

function ogImage() {
  begin();
  const W = 1200;
  const H = 630;
  return end(W, H, [
    richBg(W, H, C.p800, C.p600, C.s500, 'og'),
    circ(980, 330, 250, 'none', { stroke: C.white, 'stroke-opacity': 0.12, 'stroke-width': 2 }),
    circ(980, 330, 180, C.white, { opacity: 0.06 }),
    g(mark(0, 0, 64, true), { transform: 'translate(860 210) scale(3.8)' }),
    g(mark(0, 0, 56, true), { transform: 'translate(90 110) scale(1.6)' }),
    `<text x="200" y="165" font-family="${FONT}" font-size="56" font-weight="800" fill="${C.white}">Triune</text>`,
    `<text x="202" y="200" font-family="${FONT}" font-size="22" font-weight="600" letter-spacing="7" fill="${C.p100}">TECHNOLOGIES</text>`,
    rect(92, 270, 80, 8, 4, C.a400),
    `<text font-family="${FONT}" font-size="50" font-weight="700" fill="${C.white}"><tspan x="90" y="350">Software, apps &amp; services</tspan><tspan x="90" y="415">for education and business</tspan></text>`,
    `<text x="92" y="520" font-family="${FONT}" font-size="24" font-weight="500" fill="${C.p100}">Bengaluru, India</text>`,
  ]);
}

type Client = {
  file: string;
  name: string;
  sub: string;
  color: string;
  accent: string;
  glyph: (x: number, y: number) => string;
};

const CLIENTS: Client[] = [
  {
    file: 'greenwood',
    name: 'Greenwood',
    sub: 'INTERNATIONAL SCHOOL',
    color: C.green700,
    accent: C.green400,
    glyph: (x, y) =>
      path(
        d`M${x + 32} ${y + 6}C${x + 54} ${y + 18} ${x + 56} ${y + 44} ${x + 34} ${y + 56}L${x + 34} ${y + 60}L${x + 30} ${y + 60}L${x + 30} ${y + 56}C${x + 8} ${y + 44} ${x + 10} ${y + 18} ${x + 32} ${y + 6}Z`,
        lin([C.green400, C.green700]),
      ) +
      path(d`M${x + 32} ${y + 16}V${y + 54}M${x + 32} ${y + 30}l8 -7M${x + 32} ${y + 40}l-9 -7`, 'none', {
        stroke: C.white,
        'stroke-width': 2.6,
        'stroke-linecap': 'round',
      }),
  },
  {
    file: 'sahyadri',
    name: 'Sahyadri',
    sub: 'PUBLIC SCHOOL',
    color: C.p700,
    accent: C.a500,
    glyph: (x, y) =>
      rect(x + 2, y + 2, 60, 60, 16, C.p50) +
      path(
        d`M${x + 6} ${y + 50}L${x + 24} ${y + 22}L${x + 34} ${y + 36}L${x + 42} ${y + 26}L${x + 58} ${y + 50}Z`,
        lin([C.p500, C.p800]),
      ) +
      circ(x + 46, y + 16, 6, C.a500),
  },
  {
    file: 'nandi',
    name: 'Nandi',
    sub: 'LOGISTICS',
    color: C.orange700,
    accent: C.a500,
    glyph: (x, y) =>
      rect(x + 2, y + 2, 60, 60, 30, lin([C.a500, C.orange], 0, 0, 1, 1)) +
      path(
        d`M${x + 18} ${y + 44}L${x + 32} ${y + 18}L${x + 46} ${y + 44}M${x + 24} ${y + 34}H${x + 40}`,
        'none',
        { stroke: C.white, 'stroke-width': 4.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
      ),
  },
  {
    file: 'kaveri',
    name: 'Kaveri',
    sub: 'HEALTH CLINICS',
    color: C.t700,
    accent: C.t400,
    glyph: (x, y) =>
      rect(x + 2, y + 2, 60, 60, 18, lin([C.t400, C.t700], 0, 0, 1, 1)) +
      rect(x + 27, y + 14, 10, 36, 3, C.white) +
      rect(x + 14, y + 27, 36, 10, 3, C.white) +
      path(d`M${x + 8} ${y + 52}Q${x + 20} ${y + 44} ${x + 32} ${y + 52}T${x + 56} ${y + 52}`, 'none', {
        stroke: C.s300,
        'stroke-width': 3,
        'stroke-linecap': 'round',
      }),
  },
  {
    file: 'stmarys',
    name: "St. Mary's",
    sub: 'ACADEMY',
    color: C.purple700,
    accent: C.a400,
    glyph: (x, y) =>
      path(
        d`M${x + 32} ${y + 2}L${x + 58} ${y + 12}V${y + 32}C${x + 58} ${y + 48} ${x + 46} ${y + 58} ${x + 32} ${y + 62}C${x + 18} ${y + 58} ${x + 6} ${y + 48} ${x + 6} ${y + 32}V${y + 12}Z`,
        lin([C.purple500, C.purple800]),
      ) +
      path(
        d`M${x + 20} ${y + 26}L${x + 32} ${y + 20}L${x + 44} ${y + 26}V${y + 44}L${x + 32} ${y + 40}L${x + 20} ${y + 44}Z`,
        'none',
        { stroke: C.a300, 'stroke-width': 2.8, 'stroke-linejoin': 'round' },
      ) +
      path(d`M${x + 32} ${y + 20}V${y + 40}`, 'none', { stroke: C.a300, 'stroke-width': 2.8 }),
  },
  {
    file: 'bluepeak',
    name: 'Bluepeak',
    sub: 'FINSERV',
    color: C.s700,
    accent: C.s500,
    glyph: (x, y) =>
      rect(x + 2, y + 2, 60, 60, 16, lin([C.s500, C.blue900], 0, 0, 1, 1)) +
      path(
        d`M${x + 10} ${y + 48}L${x + 26} ${y + 24}L${x + 34} ${y + 34}L${x + 44} ${y + 16}L${x + 54} ${y + 48}Z`,
        C.white,
        { opacity: 0.95 },
      ) +
      path(d`M${x + 40} ${y + 22}L${x + 44} ${y + 16}L${x + 48} ${y + 24}Z`, C.s300),
  },
];

function clientLogo(c: Client) {
  begin();
  const nameSize = c.name.length > 9 ? 28 : 30;
  const subSize = c.sub.length > 16 ? 10 : 11.5;
  const spacing = c.sub.length > 16 ? 1.6 : 2.4;
  return end(320, 120, [
    c.glyph(20, 28),
    `<text x="100" y="62" font-family="${FONT}" font-size="${nameSize}" font-weight="800" letter-spacing="-0.4" fill="${c.color}">${c.name.replace("'", '&#8217;')}</text>`,
    `<text x="101" y="84" font-family="${FONT}" font-size="${subSize}" font-weight="700" letter-spacing="${spacing}" fill="${C.g500}">${c.sub}</text>`,
  ]);
}

export function brandFiles(): [string, string][] {
  return [
    ['images/brand/logo.svg', logo(false)],
    ['images/brand/logo-white.svg', logo(true)],
    ['favicon.svg', favicon()],
    ...CLIENTS.map((c) => [`images/clients/${c.file}.svg`, clientLogo(c)] as [string, string]),
  ];
}

/** SVG sources for raster outputs (written as PNG / ICO by draw.ts). */
export function rasterSources() {
  return {
    favicon: favicon(),
    appIconSquare: (n: number) => appIcon(n, false),
    og: ogImage(),
  };
}
