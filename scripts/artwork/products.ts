/** Product family: strip card, expanded view, heroes, plus the TransitShield extras. */
import { cardBg, richBg } from './backgrounds.ts';
import { browser, laptop, phone, type Screen } from './devices.ts';
import { icon, iconC } from './icons.ts';
import { heroDesktop, heroMobile, onLight, type Scene } from './layout.ts';
import { C, type Tone } from './palette.ts';
import * as S from './screens.ts';
import {
  at,
  bars,
  bus,
  card,
  chip,
  circ,
  floor,
  g,
  iconBadge,
  line,
  path,
  pill,
  rect,
  shield,
  sparkle,
  tree,
} from './shapes.ts';
import { begin, d, end, lin } from './svg.ts';

export function dove(x: number, y: number, s: number, fill: string = C.white) {
  const u = s / 100;
  return (
    path(
      d`M${x} ${y + 40 * u}C${x + 20 * u} ${y + 20 * u} ${x + 50 * u} ${y + 18 * u} ${x + 70 * u} ${y + 30 * u}L${x + 96 * u} ${y + 24 * u}L${x + 84 * u} ${y + 40 * u}C${x + 80 * u} ${y + 58 * u} ${x + 58 * u} ${y + 68 * u} ${x + 34 * u} ${y + 62 * u}C${x + 20 * u} ${y + 58 * u} ${x + 8 * u} ${y + 52 * u} ${x} ${y + 40 * u}Z`,
      fill,
    ) +
    path(
      d`M${x + 34 * u} ${y + 40 * u}C${x + 36 * u} ${y + 8 * u} ${x + 54 * u} ${y - 8 * u} ${x + 82 * u} ${y - 4 * u}C${x + 70 * u} ${y + 8 * u} ${x + 62 * u} ${y + 26 * u} ${x + 58 * u} ${y + 44 * u}Z`,
      fill,
      { opacity: 0.85 },
    ) +
    path(d`M${x + 84 * u} ${y + 30 * u}L${x + 100 * u} ${y + 30 * u}L${x + 88 * u} ${y + 36 * u}Z`, C.a400) +
    circ(x + 76 * u, y + 31 * u, 2.2 * u, C.p900)
  );
}

export function rings(cx: number, cy: number, r: number) {
  const gold = lin([C.a300, C.a500, C.a600], 0, 0, 1, 1);
  return (
    floor(cx, cy + r * 1.3, r * 1.8, r * 0.18, 0.3) +
    circ(cx - r * 0.55, cy, r, 'none', { stroke: gold, 'stroke-width': r * 0.22 }) +
    circ(cx + r * 0.55, cy + r * 0.1, r, 'none', {
      stroke: lin([C.white, C.g300, C.g400], 0, 0, 1, 1),
      'stroke-width': r * 0.2,
    }) +
    path(d`M${cx - r * 0.55 + r * 0.7} ${cy - r * 0.71}A${r} ${r} 0 0 1 ${cx - r * 0.55 + r} ${cy}`, 'none', {
      stroke: gold,
      'stroke-width': r * 0.22,
    }) +
    path(
      d`M${cx - r * 0.55 - r * 0.22} ${cy - r * 1.12}L${cx - r * 0.55} ${cy - r * 1.36}L${cx - r * 0.55 + r * 0.22} ${cy - r * 1.12}L${cx - r * 0.55} ${cy - r * 0.92}Z`,
      lin([C.white, C.s300]),
    ) +
    sparkle(cx - r * 0.2, cy - r * 1.4, r * 0.14, C.white)
  );
}

/** `n` strokes around (cx, cy), from radius r * k1 to r * k2: sun rays, clock ticks. */
function rays(
  cx: number,
  cy: number,
  r: number,
  n: number,
  k1: number,
  k2: number,
  colour: string,
  width: number,
) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const [cos, sin] = [Math.cos((i / n) * Math.PI * 2), Math.sin((i / n) * Math.PI * 2)];
    out += line(cx + cos * r * k1, cy + sin * r * k1, cx + cos * r * k2, cy + sin * r * k2, colour, width);
  }
  return out;
}

export function sun(cx: number, cy: number, r: number) {
  return rays(cx, cy, r, 10, 1.3, 1.6, C.a400, r * 0.14) + circ(cx, cy, r, lin([C.a300, C.a500], 0, 0, 1, 1));
}

export function tent(x: number, y: number, w: number) {
  const h = w * 0.7;
  return (
    floor(x + w / 2, y + h, w * 0.6, w * 0.06, 0.3) +
    path(d`M${x} ${y + h}L${x + w / 2} ${y}L${x + w} ${y + h}Z`, lin([C.orange, C.a600])) +
    path(d`M${x + w / 2} ${y}L${x + w} ${y + h}L${x + w * 0.62} ${y + h}Z`, C.ink, { opacity: 0.15 }) +
    path(d`M${x + w * 0.36} ${y + h}L${x + w / 2} ${y + h * 0.4}L${x + w * 0.64} ${y + h}Z`, C.p900) +
    line(x + w / 2, y, x + w / 2, y - w * 0.12, C.g700, 4) +
    path(d`M${x + w / 2} ${y - w * 0.12}l${w * 0.16} ${w * 0.05}l${-w * 0.16} ${w * 0.05}Z`, C.t400)
  );
}

export function creditCard(x: number, y: number, w: number, c1: string, c2: string, rot = 0) {
  const h = w * 0.63;
  return g(
    [
      rect(x + 6, y + 16, w - 12, h, w * 0.06, C.ink, { opacity: 0.25 }),
      rect(x, y, w, h, w * 0.06, lin([c1, c2], 0, 0, 1, 1)),
      circ(x + w * 0.85, y + h * 0.1, w * 0.4, C.white, { opacity: 0.1 }),
      rect(x + w * 0.08, y + h * 0.3, w * 0.16, w * 0.12, w * 0.02, lin([C.a300, C.a500])),
      bars(x + w * 0.08, y + h * 0.62, w * 0.6, 1, C.white, 'cc', w * 0.045),
      rect(x + w * 0.08, y + h * 0.8, w * 0.3, w * 0.035, w * 0.018, C.white, { opacity: 0.6 }),
      circ(x + w * 0.8, y + h * 0.8, w * 0.07, C.a400, { opacity: 0.9 }),
      circ(x + w * 0.88, y + h * 0.8, w * 0.07, C.coral, { opacity: 0.8 }),
    ],
    rot ? { transform: `rotate(${rot} ${Math.round(x + w / 2)} ${Math.round(y + h / 2)})` } : {},
  );
}

export function coins(x: number, y: number, r: number, n: number) {
  let out = floor(x, y + r * 0.3, r * 1.4, r * 0.25, 0.3);
  for (let i = 0; i < n; i++) {
    const cy = y - i * r * 0.32;
    out +=
      `<ellipse cx="${Math.round(x)}" cy="${Math.round(cy)}" rx="${Math.round(r)}" ry="${Math.round(r * 0.36)}" fill="${C.a600}"/>` +
      `<ellipse cx="${Math.round(x)}" cy="${Math.round(cy - r * 0.1)}" rx="${Math.round(r)}" ry="${Math.round(r * 0.36)}" fill="${lin([C.a300, C.a500])}"/>`;
  }
  const top = y - (n - 1) * r * 0.32 - r * 0.1;
  return out + iconC('indian-rupee', x, top, r * 0.5, C.a700, 2.6);
}

type Prod = {
  slug: string;
  tone: Tone;
  rich: [string, string, string];
  mobile: Screen;
  desktop: Screen;
  decor: (dark: boolean) => string;
  front?: (dark: boolean) => string;
};

const PRODUCTS: Prod[] = [
  {
    slug: 'triunetransitshield',
    tone: 'saffron',
    rich: [C.p900, C.p700, C.p500],
    mobile: S.transitParent,
    desktop: S.transitDesktop,
    decor: () => shield(72, 30, 96, C.t400, C.t600) + chip(560, 40, 190, 'bell-ring', [C.a400, C.a600]),
    front: () => bus(20, 420, 250),
  },
  {
    slug: 'edufeemaster',
    tone: 'teal',
    rich: [C.p900, C.t800, C.t500],
    mobile: S.feeMobile,
    desktop: S.feeDesktop,
    decor: () => chip(40, 40, 200, 'badge-check', [C.t400, C.t600]),
    front: () => creditCard(30, 430, 200, C.p500, C.p800, -8) + coins(300, 540, 34, 4),
  },
  {
    slug: 'foriegnlan',
    tone: 'sky',
    rich: [C.p900, C.p700, C.s500],
    mobile: S.langMobile,
    desktop: S.langDesktop,
    decor: () =>
      S.bubble(30, 20, 120, 80, C.a500) +
      S.glyph('kann', 90, 60, 56, C.white) +
      S.bubble(180, 34, 100, 66, C.t500, 'right') +
      S.glyph('cjk', 230, 67, 44, C.white),
    front: () =>
      iconBadge(40, 470, 84, 'headphones', C.s400, C.p600) + iconBadge(150, 500, 64, 'mic', C.a400, C.a600),
  },
  {
    slug: 'triuneerp',
    tone: 'indigo',
    rich: [C.ink, C.p800, C.p500],
    mobile: S.erpMobile,
    desktop: S.erpDesktop,
    decor: () =>
      iconBadge(50, 30, 86, 'graduation-cap', C.a400, C.a600) +
      chip(170, 40, 200, 'calendar-check', [C.t400, C.t600]),
    front: () => chip(30, 480, 220, 'users', [C.p400, C.p600]),
  },
  {
    slug: 'summercamp',
    tone: 'saffron',
    rich: [C.p900, C.orange800, C.a500],
    mobile: S.campMobile,
    desktop: S.campDesktop,
    decor: () => sun(100, 70, 40) + chip(190, 40, 190, 'calendar', [C.rose, C.pink700]),
    front: () => tree(50, 575, 110) + tent(80, 470, 150) + tree(255, 580, 80, C.t300, C.t500),
  },
  {
    slug: 'triunematrimony',
    tone: 'indigo',
    rich: [C.p900, C.pink900, C.pink600],
    mobile: S.matriMobile,
    desktop: S.matriDesktop,
    decor: () => dove(60, 50, 120) + S.heart(240, 60, 34, C.rose) + S.heart(280, 100, 20, C.a300),
    front: () => rings(150, 500, 54),
  },
];

function expandedScene(p: Prod): Scene {
  return (dark) =>
    [
      p.decor(dark),
      laptop(70, 130, 460, p.desktop),
      phone(575, 150, 165, 350, p.mobile),
      p.front ? p.front(dark) : '',
    ].join('');
}

function cardSvg(p: Prod) {
  begin();
  const W = 600;
  const H = 800;
  const pw = 250;
  const ph = 530;
  const px = (W - pw) / 2;
  const py = 120;
  const decor = p.decor(true);
  return end(W, H, [
    richBg(W, H, ...p.rich, p.slug),
    circ(W / 2, py + ph * 0.45, 250, 'none', { stroke: C.white, 'stroke-opacity': 0.1, 'stroke-width': 2 }),
    circ(W / 2, py + ph * 0.45, 190, C.white, { opacity: 0.06 }),
    at(-10, 10, 0.85, decor),
    phone(px, py, pw, ph, p.mobile),
    p.front ? at(300, 330, 0.78, p.front(true)) : '',
    rect(0, H * 0.72, W, H * 0.28, 0, lin([`${C.ink}/0`, `${C.ink}/0.55`])),
  ]);
}

function appShot(screen: Screen, tone: Tone, seed: string, extra: string) {
  begin();
  const W = 600;
  const H = 1000;
  return end(W, H, [
    cardBg(W, H, tone, seed),
    floor(W / 2, 950, 230, 22, 0.25),
    phone(108, 60, 384, 832, screen),
    extra,
  ]);
}

function clock(cx: number, cy: number, r: number) {
  const ticks = rays(cx, cy, r, 12, 0.78, 0.86, C.p300, r * 0.04);
  return (
    floor(cx, cy + r * 1.08, r * 0.8, r * 0.12, 0.3) +
    circ(cx, cy, r, lin([C.p400, C.p700], 0, 0, 1, 1)) +
    circ(cx, cy, r * 0.92, C.white) +
    ticks +
    line(cx, cy, cx, cy - r * 0.55, C.p800, r * 0.07) +
    line(cx, cy, cx + r * 0.42, cy + r * 0.12, C.a500, r * 0.06) +
    circ(cx, cy, r * 0.08, C.p800)
  );
}

const whyScene: Scene = () =>
  [
    path(d`M0 520C200 470 600 470 800 520L800 600L0 600Z`, lin([C.p100, C.p50])),
    rect(0, 540, 800, 14, 0, C.g300, { opacity: 0.5 }),
    ...[60, 200, 340, 480, 620, 760].map((x) => rect(x, 544, 60, 6, 3, C.white)),
    shield(400, 60, 330, C.p400, C.p700),
    clock(640, 200, 82),
    bus(90, 380, 300),
    chip(40, 110, 210, 'bell-ring', [C.a400, C.a600]),
    chip(560, 340, 210, 'map-pin', [C.t400, C.t600]),
    sparkle(250, 70, 14, C.a400),
    sparkle(700, 80, 10, C.p400),
  ].join('');

function siteSvg() {
  begin();
  const W = 1200;
  const H = 630;
  const site: Screen = (x, y, w, h) =>
    [
      rect(x, y, w, 56, 0, C.white),
      rect(x + 30, y + 18, 30, 22, 6, lin([C.p500, C.a500], 0, 0, 1, 1)),
      rect(x + 70, y + 24, 90, 10, 5, C.g800),
      ...[0, 1, 2, 3].map((i) => rect(x + w - 420 + i * 80, y + 24, 56, 9, 4.5, C.g300)),
      pill(x + w - 110, y + 14, 84, 30, C.a500),
      rect(x, y + 56, w, h - 56, 0, lin([C.p700, C.p500, C.s500], 0, 0, 1, 1)),
      circ(x + w * 0.78, y + 200, 180, C.white, { opacity: 0.08 }),
      rect(x + 50, y + 120, 330, 22, 11, C.white),
      rect(x + 50, y + 154, 260, 22, 11, C.white),
      bars(x + 50, y + 200, 300, 2, `${C.p200}`, 'site', 10, 20),
      pill(x + 50, y + 258, 140, 40, C.a500),
      pill(x + 204, y + 258, 120, 40, 'none', { stroke: C.white, 'stroke-width': 2 }),
      phone(x + w - 330, y + 86, 150, 310, S.transitParent),
      bus(x + w - 230, y + 290, 170),
      ...[0, 1, 2].map(
        (i) =>
          card(x + 50 + i * 150, y + 330, 130, 90, { r: 14, sh: 0.1 }) +
          iconBadge(
            x + 66 + i * 150,
            y + 344,
            36,
            ['map-pin', 'bell-ring', 'shield-check'][i] as string,
            C.a400,
            C.a600,
          ) +
          rect(x + 66 + i * 150, y + 394, 80, 8, 4, C.g300),
      ),
    ].join('');
  return end(W, H, [
    richBg(W, H, C.p900, C.p700, C.p500, 'site'),
    browser(110, 60, 900, 520, site),
    circ(1040, 500, 70, lin([C.a400, C.a600], 0, 0, 1, 1)),
    circ(1040, 500, 92, 'none', { stroke: C.a300, 'stroke-opacity': 0.5, 'stroke-width': 3 }),
    circ(1040, 500, 116, 'none', { stroke: C.a300, 'stroke-opacity': 0.25, 'stroke-width': 3 }),
    iconC('arrow-up-right', 1040, 500, 64, C.white, 2.6),
    g(icon('mouse-pointer-2', 0, 0, 54, C.p900, 1.6), { transform: 'translate(1060 520)' }).replace(
      'fill="none"',
      `fill="${C.white}"`,
    ),
  ]);
}

export function productFiles(): [string, string][] {
  const out: [string, string][] = [];
  for (const p of PRODUCTS) {
    const base = `images/products/${p.slug}`;
    const sc = expandedScene(p);
    out.push([`${base}/card.svg`, cardSvg(p)]);
    out.push([`${base}/expanded.svg`, onLight(sc, p.tone, `${p.slug}-x`, 1200, 800, 0.05)]);
    out.push([`${base}/hero-desktop.svg`, heroDesktop(sc, p.tone, `${p.slug}-hd`)]);
    out.push([`${base}/hero-mobile.svg`, heroMobile(sc, p.tone, `${p.slug}-hm`)]);
  }
  const t = 'images/products/triunetransitshield';
  out.push([
    `${t}/app-parent.svg`,
    appShot(S.transitParent, 'saffron', 'ap', chip(20, 640, 200, 'bell-ring', [C.a400, C.a600])),
  ]);
  out.push([
    `${t}/app-driver.svg`,
    appShot(S.transitDriver, 'teal', 'ad', chip(380, 150, 200, 'user-check', [C.t400, C.t600])),
  ]);
  out.push([
    `${t}/app-admin.svg`,
    appShot(S.transitAdmin, 'indigo', 'aa', chip(20, 700, 200, 'chart-line', [C.p400, C.p600])),
  ]);
  out.push([`${t}/why-choose-us.svg`, onLight(whyScene, 'indigo', 'why', 1200, 800, 0.04)]);
  out.push([`${t}/transit-site.svg`, siteSvg()]);
  return out;
}
