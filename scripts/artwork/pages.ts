/** Company pages: home heroes, industries, about, careers, not-found and privacy illustrations. */
import { laptop, monitor, phone } from './devices.ts';
import { iconC } from './icons.ts';
import { heroDesktop, heroMobile, onLight, type Scene } from './layout.ts';
import { C } from './palette.ts';
import { coins, creditCard, sun } from './products.ts';
import * as S from './screens.ts';
import {
  avatar,
  barChart,
  bars,
  building,
  bus,
  card,
  check,
  chip,
  circ,
  cloud,
  ell,
  floor,
  g,
  gear,
  iconBadge,
  iconDot,
  LOOKS,
  line,
  lineChart,
  link,
  mapView,
  path,
  person,
  pill,
  pin,
  plant,
  progress,
  rect,
  route,
  shield,
  signal,
  sparkle,
  tree,
  truck,
} from './shapes.ts';
import { d, lin } from './svg.ts';

const look = (i: number) => LOOKS[i % LOOKS.length] as (typeof LOOKS)[number];
const ground = (dark: boolean) => floor(400, 560, 360, 26, dark ? 0.45 : 0.18);

function code(x: number, y: number, w: number, h: number) {
  const cols = [C.p400, C.a400, C.t400, C.rose, C.s400, C.p300];
  const out = [
    rect(x, y, w, h, 0, lin([C.p900, C.ink])),
    rect(x, y, w * 0.18, h, 0, C.ink, { opacity: 0.5 }),
  ];
  for (let i = 0; i < 5; i++) out.push(rect(x + 12, y + 20 + i * 22, w * 0.1, 7, 3.5, C.p700));
  for (let i = 0; i < 11; i++) {
    const indent = [0, 1, 2, 2, 1, 2, 3, 3, 2, 1, 0][i] ?? 0;
    let cx = x + w * 0.22 + indent * 18;
    for (let k = 0; k < 3; k++) {
      const lw = 20 + ((i * 7 + k * 13) % 50);
      out.push(
        rect(cx, y + 18 + (i * (h - 30)) / 11, lw, 7, 3.5, cols[(i + k * 2) % cols.length] as string, {
          opacity: k === 2 ? 0.5 : 0.9,
        }),
      );
      cx += lw + 8;
    }
  }
  return out.join('');
}

const home1: Scene = (dark) =>
  [
    ground(dark),
    laptop(90, 130, 470, code),
    phone(590, 150, 160, 340, S.erpMobile),
    gear(130, 90, 44, C.a500, dark ? C.p900 : C.white),
    gear(190, 60, 26, C.t400, dark ? C.p900 : C.white),
    iconBadge(640, 40, 80, 'code', C.p400, C.p700),
    chip(300, 40, 220, 'chart-line', [C.t400, C.t600]),
    chip(30, 470, 220, 'cloud', [C.s400, C.p600]),
  ].join('');

function school(x: number, y: number, w: number) {
  const h = w * 0.62;
  return [
    rect(x, y + h * 0.3, w, h * 0.7, 8, lin([C.white, C.p100])),
    path(
      d`M${x - 16} ${y + h * 0.34}L${x + w / 2} ${y + h * 0.02}L${x + w + 16} ${y + h * 0.34}Z`,
      lin([C.p500, C.p700]),
    ),
    rect(x + w * 0.38, y - h * 0.05, w * 0.24, h * 0.4, 6, lin([C.white, C.p100])),
    path(
      d`M${x + w * 0.35} ${y - h * 0.03}L${x + w / 2} ${y - h * 0.2}L${x + w * 0.65} ${y - h * 0.03}Z`,
      C.a500,
    ),
    circ(x + w / 2, y + h * 0.14, h * 0.07, C.white, { stroke: C.p500, 'stroke-width': 4 }),
    line(x + w / 2, y - h * 0.2, x + w / 2, y - h * 0.42, C.g500, 3),
    path(d`M${x + w / 2} ${y - h * 0.42}l${w * 0.1} ${h * 0.04}l${-w * 0.1} ${h * 0.05}Z`, C.a500),
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      rect(
        x + w * 0.06 + (i % 3) * w * 0.1 + (i > 2 ? 0 : 0),
        y + h * 0.44 + Math.floor(i / 3) * h * 0.22,
        w * 0.07,
        h * 0.14,
        4,
        C.s300,
      ),
    ),
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      rect(
        x + w * 0.66 + (i % 3) * w * 0.1,
        y + h * 0.44 + Math.floor(i / 3) * h * 0.22,
        w * 0.07,
        h * 0.14,
        4,
        C.s300,
      ),
    ),
    rect(x + w * 0.42, y + h * 0.62, w * 0.16, h * 0.38, 6, C.p700),
  ].join('');
}

const home2: Scene = (dark) =>
  [
    sun(660, 80, 36),
    cloud(60, 40, 150, dark ? `${C.white}` : C.white).replace('fill=', 'opacity="0.8" fill='),
    school(250, 120, 320),
    tree(200, 420, 170),
    tree(640, 420, 150, C.t300, C.t500),
    tree(720, 425, 110),
    path('M0 430H800V520H0Z', lin([C.g600, C.g700])),
    ...[40, 180, 320, 460, 600, 740].map((x) => rect(x, 472, 70, 7, 3.5, C.white, { opacity: 0.8 })),
    path('M0 520H800V600H0Z', lin([C.t400, C.t500]), { opacity: 0.35 }),
    bus(380, 370, 290),
    person(150, 560, 110, look(1), 'wave'),
    person(200, 565, 96, look(3), 'stand'),
    person(250, 560, 104, look(2), 'cheer'),
    pin(120, 300, 50, C.a500),
  ].join('');

const home3: Scene = (dark) => {
  const nodes: [number, number, number][] = [
    [400, 120, 0],
    [200, 220, 1],
    [600, 220, 2],
    [260, 420, 3],
    [540, 420, 4],
    [400, 300, 5],
  ];
  const edges: [number, number][] = [
    [0, 5],
    [1, 5],
    [2, 5],
    [3, 5],
    [4, 5],
    [0, 1],
    [0, 2],
    [1, 3],
    [2, 4],
    [3, 4],
  ];
  return [
    ground(dark),
    ...edges.map(([a, b]) => {
      const A = nodes[a] as [number, number, number];
      const B = nodes[b] as [number, number, number];
      return line(A[0], A[1], B[0], B[1], dark ? C.p300 : C.p200, 4, { opacity: 0.7 });
    }),
    ...nodes.map(
      ([x, y, i]) =>
        circ(x, y, i === 5 ? 62 : 48, C.white, { opacity: 0.16 }) +
        avatar(x, y, i === 5 ? 52 : 40, look(i), [C.p100, C.a100, C.t100, C.s100][i % 4]),
    ),
    card(600, 340, 180, 170, { r: 20 }),
    barChart(624, 380, 132, 110, [30, 48, 62, 80, 100], [C.p300, C.p500]),
    path('M620 470L660 440L700 450L760 370', 'none', {
      stroke: C.a500,
      'stroke-width': 6,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    path('M746 366l18 -6l-2 18Z', C.a500),
    chip(20, 60, 200, 'trending-up', [C.t400, C.t600]),
    sparkle(140, 400, 14, C.a400),
    sparkle(700, 120, 10, C.t400),
  ].join('');
};

/* ---------- industries ---------- */

function book(x: number, y: number, w: number, c: string) {
  return (
    rect(x, y, w, 34, 6, c) +
    rect(x + 10, y + 8, w - 20, 18, 3, C.white, { opacity: 0.85 }) +
    rect(x + w - 30, y, 8, 34, 0, C.ink, { opacity: 0.12 })
  );
}

const education: Scene = (dark) =>
  [
    ground(dark),
    rect(160, 60, 480, 300, 20, lin([C.g600, C.g800])),
    rect(176, 76, 448, 268, 12, lin([C.slate700, C.slate800])),
    path('M210 290L280 220L340 250L420 150', 'none', {
      stroke: C.a300,
      'stroke-width': 5,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    ...[0, 1, 2].map((i) => rect(460, 120 + i * 36, 130 - i * 20, 8, 4, C.white, { opacity: 0.7 })),
    circ(520, 260, 40, 'none', { stroke: C.t300, 'stroke-width': 5 }),
    line(490, 290, 550, 230, C.t300, 5),
    rect(300, 360, 200, 14, 7, C.g500),
    book(80, 480, 220, C.p500),
    book(96, 446, 190, C.a500),
    book(70, 412, 210, C.t500),
    g(iconBadge(110, 320, 96, 'graduation-cap', C.p400, C.p700)),
    person(600, 560, 180, look(2), 'point', true),
    plant(720, 560, 110),
    sparkle(100, 90, 14, C.a400),
  ].join('');

const telematics: Scene = (dark) =>
  [
    ground(dark),
    card(380, 60, 380, 300, { r: 22 }),
    mapView(396, 76, 348, 268, 'tel', 14),
    route(
      [
        [420, 320],
        [520, 320],
        [520, 200],
        [700, 200],
        [700, 110],
      ],
      C.t500,
      7,
    ),
    pin(700, 110, 42, C.p600),
    iconDot(130, 90, 44, 'satellite', C.p500, C.white, 2),
    link(150, 140, 210, 360, C.s400, 4, 0.1),
    truck(60, 370, 330),
    g(rect(190, 348, 50, 24, 8, C.g900) + circ(203, 360, 4, C.t400)),
    signal(215, 330, 16, C.t400, -90, 4),
    link(250, 320, 430, 300, C.t400, 4, -0.2),
    chip(540, 420, 220, 'gauge', [C.a400, C.a600]),
  ].join('');

const ecommerce: Scene = (dark) =>
  [
    ground(dark),
    phone(300, 30, 220, 470, (x, y, w, h) => {
      const s = w / 300;
      const tw = (w - 44 * s) / 2;
      return [
        rect(x, y, w, h, 0, C.white),
        rect(x + 16 * s, y + 44 * s, w - 32 * s, 36 * s, 18 * s, C.g100),
        ...[0, 1, 2, 3].map((i) => {
          const tx = x + 16 * s + (i % 2) * (tw + 12 * s);
          const ty = y + 100 * s + Math.floor(i / 2) * (tw * 1.3 + 12 * s);
          return (
            rect(
              tx,
              ty,
              tw,
              tw * 0.9,
              14 * s,
              lin([[C.p100, C.a100, C.t100, C.pink100][i] as string, C.white]),
            ) +
            iconC(
              ['shirt', 'watch', 'headphones', 'gift'][i] as string,
              tx + tw / 2,
              ty + tw * 0.45,
              tw * 0.45,
              [C.p500, C.a600, C.t600, C.rose][i] as string,
              2,
            ) +
            rect(tx, ty + tw * 0.98, tw * 0.7, 8 * s, 4 * s, C.g700) +
            rect(tx, ty + tw * 1.1, tw * 0.4, 8 * s, 4 * s, C.a500)
          );
        }),
        rect(x + 16 * s, y + h - 64 * s, w - 32 * s, 46 * s, 23 * s, lin([C.p500, C.p700], 0, 0, 1, 0)),
      ].join('');
    }),
    path('M90 250L230 250L245 470L75 470Z', lin([C.a400, C.a600])),
    path('M125 260Q125 190 160 190Q195 190 195 260', 'none', {
      stroke: C.a700,
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }),
    rect(580, 380, 150, 120, 10, lin([C.woodLight, C.wood])),
    rect(640, 380, 30, 120, 0, C.white, { opacity: 0.35 }),
    iconBadge(600, 100, 90, 'shopping-cart', C.p400, C.p700),
    chip(520, 240, 230, 'credit-card', [C.t400, C.t600]),
    sparkle(280, 60, 12, C.a400),
  ].join('');

const logistics: Scene = (dark) =>
  [
    ground(dark),
    path('M320 160L560 90L800 160L800 480L320 480Z', lin([C.p100, C.p200])),
    path('M300 170L560 80L820 170', 'none', {
      stroke: C.p600,
      'stroke-width': 18,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    rect(440, 260, 240, 220, 6, C.p700),
    ...[0, 1, 2, 3, 4].map((i) => rect(440, 270 + i * 40, 240, 6, 0, C.p800)),
    ...[
      [470, 430],
      [530, 430],
      [500, 380],
    ].map(
      ([x, y]) =>
        rect(x as number, y as number, 56, 50, 6, lin([C.woodLight, C.wood])) +
        rect((x as number) + 22, y as number, 12, 50, 0, C.white, { opacity: 0.35 }),
    ),
    truck(40, 380, 320),
    iconBadge(80, 80, 86, 'package', C.a400, C.a600),
    chip(120, 210, 220, 'route', [C.t400, C.t600]),
  ].join('');

const healthcare: Scene = (dark) =>
  [
    ground(dark),
    monitor(
      180,
      90,
      380,
      240,
      (x, y, w, h) =>
        rect(x, y, w, h, 0, C.ink) +
        path(
          d`M${x} ${y + h * 0.55}H${x + w * 0.3}L${x + w * 0.36} ${y + h * 0.3}L${x + w * 0.44} ${y + h * 0.8}L${x + w * 0.5} ${y + h * 0.2}L${x + w * 0.56} ${y + h * 0.55}H${x + w}`,
          'none',
          { stroke: C.t400, 'stroke-width': 5, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' },
        ) +
        rect(x + 20, y + 18, 80, 10, 5, C.t400, { opacity: 0.6 }) +
        rect(x + w - 90, y + 18, 70, 10, 5, C.coral, { opacity: 0.8 }),
    ),
    card(590, 150, 170, 230, { r: 18 }),
    rect(640, 138, 70, 26, 8, C.g400),
    ...[0, 1, 2, 3].map(
      (i) =>
        check(620, 200 + i * 44, 11, i < 3 ? C.t500 : C.g300) + rect(640, 194 + i * 44, 96, 10, 5, C.g300),
    ),
    g([
      rect(60, 90, 100, 100, 24, lin([C.coral, C.rose600])),
      rect(97, 110, 26, 60, 5, C.white),
      rect(80, 127, 60, 26, 5, C.white),
    ]),
    iconBadge(80, 420, 80, 'stethoscope', C.t400, C.t600),
    iconBadge(640, 430, 76, 'heart-pulse', C.rose, C.pink700),
    person(380, 570, 170, look(1), 'hold'),
  ].join('');

function bank(x: number, y: number, w: number) {
  const h = w * 0.8;
  return [
    path(d`M${x - 10} ${y + h * 0.3}L${x + w / 2} ${y}L${x + w + 10} ${y + h * 0.3}Z`, lin([C.p400, C.p600])),
    circ(x + w / 2, y + h * 0.19, h * 0.06, C.a400),
    rect(x, y + h * 0.3, w, h * 0.08, 4, C.p700),
    ...[0, 1, 2, 3, 4].map((i) =>
      rect(
        x + w * 0.07 + i * w * 0.19,
        y + h * 0.4,
        w * 0.1,
        h * 0.48,
        4,
        lin([C.white, C.p100], 0, 0, 1, 0),
      ),
    ),
    rect(x - 16, y + h * 0.88, w + 32, h * 0.06, 4, C.p600),
    rect(x - 30, y + h * 0.94, w + 60, h * 0.06, 4, C.p800),
  ].join('');
}

const banking: Scene = (dark) =>
  [
    ground(dark),
    bank(220, 100, 300),
    creditCard(520, 300, 220, C.t400, C.t600, -10),
    coins(140, 540, 44, 6),
    coins(230, 550, 36, 3),
    card(560, 60, 200, 150, { r: 20 }),
    lineChart(580, 90, 160, 90, [20, 32, 28, 50, 46, 70], C.p500, { sw: 3.5 }),
    iconBadge(60, 80, 80, 'landmark', C.a400, C.a600),
    iconBadge(430, 450, 70, 'shield-check', C.p400, C.p700),
  ].join('');

/* ---------- about ---------- */

const about1: Scene = (dark) =>
  [
    ground(dark),
    rect(210, 40, 380, 230, 16, C.white, { stroke: C.g200, 'stroke-width': 3 }),
    ...[
      [240, 70, C.a300],
      [330, 70, C.t300],
      [420, 70, C.p200],
      [240, 160, C.rose],
      [330, 160, C.a300],
    ].map(([x, y, c]) => rect(x as number, y as number, 72, 72, 6, c as string, { opacity: 0.9 })),
    path('M430 230L480 180L520 200L560 120', 'none', {
      stroke: C.p500,
      'stroke-width': 6,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    person(150, 540, 210, look(0), 'point'),
    person(660, 540, 206, look(4), 'wave', true),
    person(300, 520, 190, look(2), 'stand'),
    person(510, 520, 186, look(3), 'stand', true),
    rect(170, 430, 460, 22, 11, lin([C.a300, C.a500])),
    rect(200, 452, 14, 100, 4, C.a600),
    rect(586, 452, 14, 100, 4, C.a600),
    laptop(330, 340, 140, code),
    plant(730, 560, 110),
  ].join('');

function vidhana(x: number, y: number, w: number, c1: string, c2: string) {
  const h = w * 0.55;
  return [
    rect(x, y + h * 0.45, w, h * 0.55, 4, lin([c1, c2])),
    rect(x + w * 0.3, y + h * 0.3, w * 0.4, h * 0.2, 4, lin([c1, c2])),
    path(
      d`M${x + w * 0.38} ${y + h * 0.3}A${w * 0.12} ${w * 0.12} 0 0 1 ${x + w * 0.62} ${y + h * 0.3}Z`,
      lin([c1, c2]),
    ),
    line(x + w / 2, y + h * 0.3 - w * 0.12, x + w / 2, y + h * 0.05, c1, 4),
    ...Array.from({ length: 9 }, (_, i) =>
      rect(x + w * 0.06 + i * w * 0.1, y + h * 0.55, w * 0.04, h * 0.38, 3, C.white, { opacity: 0.35 }),
    ),
    ...[0.08, 0.92].map((k) =>
      path(
        d`M${x + w * k - w * 0.06} ${y + h * 0.45}A${w * 0.06} ${w * 0.06} 0 0 1 ${x + w * k + w * 0.06} ${y + h * 0.45}Z`,
        c1,
      ),
    ),
  ].join('');
}

const about2: Scene = () =>
  [
    sun(620, 110, 44),
    building(20, 200, 110, 320, C.p300, C.p400, C.p200, 'b1'),
    building(600, 170, 120, 350, C.p300, C.p400, C.p200, 'b2'),
    building(700, 260, 90, 260, C.p200, C.p300, C.p100, 'b3'),
    vidhana(150, 250, 460, C.p400, C.p600),
    building(120, 280, 90, 240, C.p500, C.p700, C.p400, 'b4'),
    rect(0, 500, 800, 100, 0, lin([C.t400, C.t500]), { opacity: 0.45 }),
    tree(110, 540, 120),
    tree(200, 545, 90, C.t300, C.t500),
    tree(590, 545, 100),
    tree(690, 540, 130, C.t300, C.t500),
    cloud(60, 80, 160, C.white),
    cloud(420, 40, 120, C.white),
  ].join('');

function rocket(x: number, y: number, s: number) {
  return g(
    [
      path('M-30 120Q0 250 30 120Z', lin([C.a300, C.orange])),
      path('M-16 120Q0 200 16 120Z', C.a300),
      path('M-40 60L-80 130L-40 120Z', C.p500),
      path('M40 60L80 130L40 120Z', C.p600),
      path('M0 -140Q60 -80 46 120L-46 120Q-60 -80 0 -140Z', lin([C.white, C.g300], 0, 0, 1, 0)),
      path('M0 -140Q34 -110 42 -70L-42 -70Q-34 -110 0 -140Z', C.coral),
      circ(0, -10, 24, C.p700),
      circ(0, -10, 16, lin([C.s300, C.p400])),
      rect(-46, 96, 92, 20, 8, C.p700),
    ],
    { transform: `translate(${x} ${y}) scale(${s}) rotate(30)` },
  );
}

const about3: Scene = (dark) =>
  [
    cloud(80, 380, 240, dark ? C.p300 : C.white),
    cloud(460, 420, 260, dark ? C.p300 : C.white),
    cloud(250, 440, 220, C.white),
    rocket(420, 220, 1.1),
    ...[
      [120, 80],
      [700, 60],
      [650, 260],
      [180, 240],
      [300, 60],
    ].map(([x, y], i) => sparkle(x as number, y as number, 10 + (i % 3) * 4, i % 2 ? C.a400 : C.p300)),
    card(560, 330, 200, 130, { r: 20 }),
    barChart(584, 360, 150, 80, [30, 50, 70, 100], [C.t400, C.t500]),
    chip(40, 110, 220, 'rocket', [C.a400, C.a600]),
  ].join('');

/* ---------- careers, not found, privacy ---------- */

const careers: Scene = (dark) =>
  [
    ground(dark),
    card(470, 60, 290, 200, { r: 22 }),
    iconBadge(494, 84, 60, 'briefcase', C.a400, C.a600),
    rect(570, 92, 150, 12, 6, C.g700),
    rect(570, 114, 100, 8, 4, C.g300),
    bars(494, 170, 240, 2, C.g200, 'job', 9, 20),
    pill(494, 214, 110, 28, C.p500),
    card(470, 290, 290, 110, { r: 22 }),
    ...[0, 1, 2, 3].map((i) =>
      avatar(510 + i * 44, 345, 26, look(i + 1), [C.p100, C.a100, C.t100, C.s100][i]),
    ),
    iconDot(710, 345, 24, 'plus', C.p500, C.white, 3),
    person(170, 560, 220, look(0), 'wave'),
    person(290, 565, 200, look(1), 'stand'),
    person(400, 560, 210, look(2), 'cheer'),
    chip(20, 90, 210, 'user-check', [C.t400, C.t600]),
    sparkle(360, 120, 14, C.a400),
  ].join('');

const notFound: Scene = (dark) =>
  [
    ground(dark),
    path('M120 140L300 100L480 140L660 100L660 460L480 500L300 460L120 500Z', C.white),
    path('M300 100L300 460L120 500L120 140Z', C.p50),
    path('M480 140L480 500L660 460L660 100Z', C.p50),
    path('M150 420C220 300 300 420 360 330S460 200 540 260S620 200 630 160', 'none', {
      stroke: C.p400,
      'stroke-width': 6,
      'stroke-dasharray': '2 16',
      'stroke-linecap': 'round',
    }),
    pin(630, 170, 60, C.a500),
    path('M140 400l24 24M164 400l-24 24', 'none', {
      stroke: C.coral,
      'stroke-width': 8,
      'stroke-linecap': 'round',
    }),
    g(
      [
        circ(0, 0, 92, lin([C.p400, C.p700], 0, 0, 1, 1)),
        circ(0, 0, 76, C.white),
        path('M0 -58L16 0L0 58L-16 0Z', C.g200),
        path('M0 -58L16 0L-16 0Z', C.coral),
        circ(0, 0, 8, C.p800),
        ...[0, 90, 180, 270].map((a) => rect(-3, -72, 6, 12, 3, C.p300, { transform: `rotate(${a})` })),
      ],
      { transform: 'translate(330 330) rotate(24)' },
    ),
  ].join('');

const privacy: Scene = (dark) =>
  [
    ground(dark),
    card(140, 90, 260, 340, { r: 20 }),
    rect(170, 120, 140, 14, 7, C.g700),
    bars(170, 160, 200, 8, C.g200, 'priv', 9, 26),
    card(430, 220, 220, 200, { r: 20, fill: C.p50 }),
    shield(400, 110, 300, C.p400, C.p700, 'lock'),
    iconBadge(600, 100, 80, 'key-round', C.a400, C.a600),
    iconBadge(110, 420, 70, 'eye-off', C.t400, C.t600),
  ].join('');

export function pageFiles(): [string, string][] {
  const ind: [string, Scene][] = [
    ['education', education],
    ['telematics', telematics],
    ['ecommerce', ecommerce],
    ['logistics', logistics],
    ['healthcare', healthcare],
    ['banking', banking],
  ];
  const tones = ['indigo', 'teal', 'saffron', 'sky', 'teal', 'indigo'] as const;
  return [
    ['images/home/hero-1.svg', heroDesktop(home1, 'sky', 'h1')],
    ['images/home/hero-2.svg', heroDesktop(home2, 'saffron', 'h2')],
    ['images/home/hero-3.svg', heroDesktop(home3, 'teal', 'h3')],
    ...ind.map(
      ([n, s], i) =>
        [`images/industries/${n}.svg`, onLight(s, tones[i] ?? 'indigo', `ind-${n}`, 1200, 800, 0.06)] as [
          string,
          string,
        ],
    ),
    ['images/about/about-1.svg', onLight(about1, 'saffron', 'ab1', 1200, 900, 0.06)],
    ['images/about/about-2.svg', onLight(about2, 'indigo', 'ab2', 1200, 900, 0.06)],
    ['images/about/about-3.svg', onLight(about3, 'sky', 'ab3', 1200, 900, 0.06)],
    ['images/careers/hero-desktop.svg', heroDesktop(careers, 'saffron', 'car-d')],
    ['images/careers/hero-mobile.svg', heroMobile(careers, 'saffron', 'car-m')],
    ['images/brand/not-found.svg', onLight(notFound, 'indigo', 'nf', 800, 500, 0.04)],
    ['images/brand/privacy.svg', onLight(privacy, 'teal', 'pv', 800, 500, 0.04)],
  ];
}

export { ell, progress };
