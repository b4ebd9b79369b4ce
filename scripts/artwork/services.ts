/** Services family: one scene per service, placed into card, heroes and light about-panels. */
import { browser, laptop, monitor, phone, row, status, tabBar } from './devices.ts';
import { icon, iconC } from './icons.ts';
import { heroDesktop, heroMobile, onLight, pattern, type Scene } from './layout.ts';
import { C, type Tone } from './palette.ts';
import { coins, creditCard } from './products.ts';
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
  donut,
  dotGrid,
  ell,
  floor,
  g,
  gauge,
  iconBadge,
  iconDot,
  LOOKS,
  lineChart,
  link,
  mapView,
  path,
  person,
  pill,
  pin,
  plant,
  progress,
  pulse,
  rect,
  route,
  shield,
  signal,
  sparkle,
  truck,
} from './shapes.ts';
import { d, lin } from './svg.ts';

const L = LOOKS as Required<(typeof LOOKS)[number]>[];
const look = (i: number) => L[i % L.length] as (typeof L)[number];
const desk = (x: number, y: number, w: number) =>
  rect(x, y, w, 14, 7, lin([C.g200, C.g400])) +
  rect(x + 30, y + 14, 10, 60, 3, C.g400) +
  rect(x + w - 40, y + 14, 10, 60, 3, C.g400);
const ground = (dark: boolean) => floor(400, 560, 360, 26, dark ? 0.45 : 0.18);

/* ---------- scenes ---------- */

const schoolManagement: Scene = (dark) =>
  [
    ground(dark),
    building(40, 160, 150, 260, C.p200, C.p300, C.white, 'sm'),
    path(d`M30 170L115 110L200 170Z`, C.p500),
    rect(100, 360, 30, 60, 4, C.p700),
    laptop(190, 150, 400, S.erpDesktop),
    phone(610, 170, 150, 320, S.erpMobile),
    iconBadge(150, 40, 84, 'graduation-cap', C.a400, C.a600),
    chip(420, 40, 200, 'calendar-check', [C.t400, C.t600]),
    chip(40, 470, 210, 'users', [C.p400, C.p600]),
  ].join('');

function appCard() {
  return (sx: number, sy: number, sw: number, sh: number) => {
    const s = sw / 300;
    return [
      rect(sx, sy, sw, sh, 0, lin([C.p50, C.white])),
      status(sx, sy, sw),
      rect(sx + 20 * s, sy + 44 * s, 140 * s, 14 * s, 7 * s, C.g800),
      rect(sx + 16 * s, sy + 76 * s, sw - 32 * s, 130 * s, 18 * s, lin([C.p500, C.s500], 0, 0, 1, 1)),
      circ(sx + sw - 60 * s, sy + 110 * s, 50 * s, C.white, { opacity: 0.15 }),
      rect(sx + 34 * s, sy + 150 * s, 110 * s, 12 * s, 6 * s, C.white),
      rect(sx + 34 * s, sy + 172 * s, 70 * s, 8 * s, 4 * s, C.white, { opacity: 0.6 }),
      ...[
        ['sparkles', S.SAF],
        ['heart', S.ROS],
        ['star', S.TEA],
        ['zap', S.IND],
      ].map(([n, t], i) => {
        const tw = (sw - 44 * s) / 2;
        const tx = sx + 16 * s + (i % 2) * (tw + 12 * s);
        const ty = sy + 222 * s + Math.floor(i / 2) * (tw * 0.8 + 12 * s);
        return (
          card(tx, ty, tw, tw * 0.8, { r: 16 * s, sh: 0.08 }) +
          iconBadge(tx + 14 * s, ty + 14 * s, 40 * s, n as string, ...(t as [string, string])) +
          rect(tx + 14 * s, ty + tw * 0.8 - 26 * s, tw * 0.55, 8 * s, 4 * s, C.g300)
        );
      }),
      tabBar(sx, sy + sh - 56 * s, sw, 56 * s, ['house', 'search', 'heart', 'user'], C.p600),
    ].join('');
  };
}

const mobileApp: Scene = (dark) =>
  [
    ground(dark),
    g(phone(180, 110, 190, 400, S.campMobile), { transform: 'rotate(-12 275 310)', opacity: 0.9 }),
    phone(300, 40, 230, 490, appCard()),
    card(560, 90, 190, 80, { r: 20 }),
    pill(580, 114, 60, 32, C.t500),
    circ(624, 130, 13, C.white),
    rect(656, 122, 74, 8, 4, C.g300),
    rect(656, 138, 50, 8, 4, C.g200),
    card(570, 220, 180, 120, { r: 20 }),
    ...[C.p500, C.a500, C.t500, C.rose].map((c, i) => circ(600 + i * 40, 254, 14, c)),
    ...[0, 1, 2, 3, 4].map((i) => iconC('star', 598 + i * 30, 306, 22, i < 4 ? C.a500 : C.g300, 2.2)),
    iconBadge(600, 380, 90, 'code', C.p400, C.p700),
    chip(40, 60, 200, 'smartphone', [C.s400, C.p600]),
    sparkle(560, 40, 14, C.a400),
  ].join('');

function magazine(x: number, y: number, w: number, h: number) {
  const pw = w / 2;
  const img = (ix: number, iy: number, iw: number, ih: number, c1: string, c2: string) =>
    rect(ix, iy, iw, ih, 8, lin([c1, c2], 0, 0, 1, 1)) +
    path(
      d`M${ix} ${iy + ih}l${iw * 0.35} ${-ih * 0.45}l${iw * 0.2} ${ih * 0.2}l${iw * 0.2} ${-ih * 0.15}l${iw * 0.25} ${ih * 0.4}Z`,
      C.white,
      { opacity: 0.35 },
    ) +
    circ(ix + iw * 0.75, iy + ih * 0.3, ih * 0.1, C.white, { opacity: 0.7 });
  return [
    path(
      d`M${x} ${y + 14}Q${x + pw / 2} ${y} ${x + pw} ${y + 12}L${x + pw} ${y + h + 12}Q${x + pw / 2} ${y + h} ${x} ${y + h + 14}Z`,
      C.ink,
      { opacity: 0.25, transform: 'translate(6 14)' },
    ),
    path(
      d`M${x} ${y + 14}Q${x + pw / 2} ${y} ${x + pw} ${y + 12}L${x + pw} ${y + h + 12}Q${x + pw / 2} ${y + h} ${x} ${y + h + 14}Z`,
      lin([C.white, C.g100], 0, 0, 1, 0),
    ),
    path(
      d`M${x + pw} ${y + 12}Q${x + pw * 1.5} ${y} ${x + w} ${y + 14}L${x + w} ${y + h + 14}Q${x + pw * 1.5} ${y + h} ${x + pw} ${y + h + 12}Z`,
      lin([C.g100, C.white], 0, 0, 1, 0),
    ),
    rect(x + pw - 8, y + 12, 16, h, 0, lin([`${C.ink}/0`, `${C.ink}/0.12`, `${C.ink}/0`], 0, 0, 1, 0)),
    img(x + 24, y + 40, pw - 48, h * 0.45, C.p400, C.s400),
    bars(x + 24, y + 60 + h * 0.45, pw - 48, 4, C.g300, 'mg1', 7, 16),
    rect(x + pw + 24, y + 40, pw * 0.6, 14, 7, C.g800),
    bars(x + pw + 24, y + 70, pw - 48, 3, C.g300, 'mg2', 7, 16),
    img(x + pw + 24, y + 130, (pw - 60) / 2, h * 0.32, C.a300, C.a500),
    img(x + pw + 36 + (pw - 60) / 2, y + 130, (pw - 60) / 2, h * 0.32, C.t300, C.t500),
    bars(x + pw + 24, y + 146 + h * 0.32, pw - 48, 3, C.g300, 'mg3', 7, 16),
  ].join('');
}

const magazineBrochure: Scene = (dark) =>
  [
    ground(dark),
    magazine(60, 150, 440, 320),
    g([
      path('M540 170L620 150L620 470L540 490Z', lin([C.p500, C.p700])),
      path('M620 150L700 170L700 490L620 470Z', lin([C.p100, C.white])),
      path('M700 170L760 150L760 470L700 490Z', lin([C.a400, C.a500])),
      rect(636, 200, 48, 70, 8, C.p300),
      ...[290, 306, 322].map((yy) => rect(636, yy, 48, 7, 3.5, C.g300)),
      circ(580, 260, 22, C.white, { opacity: 0.3 }),
      rect(556, 310, 48, 7, 3.5, C.white, { opacity: 0.6 }),
      rect(556, 326, 36, 7, 3.5, C.white, { opacity: 0.6 }),
    ]),
    floor(650, 500, 120, 12, 0.3),
    iconBadge(120, 40, 84, 'printer', C.p400, C.p700),
    ...[C.s500, C.rose, C.a400, C.ink].map((c, i) =>
      circ(260 + i * 44, 82, 16, c, { stroke: C.white, 'stroke-width': 4 }),
    ),
    chip(520, 50, 200, 'newspaper', [C.a400, C.a600]),
  ].join('');

function payPage(x: number, y: number, w: number, h: number) {
  const lw = w * 0.5;
  return [
    rect(x, y, w, h, 0, C.g50),
    rect(x, y, w, 44, 0, C.white),
    rect(x + 24, y + 14, 26, 16, 5, C.t500),
    rect(x + 60, y + 18, 80, 8, 4, C.g700),
    ...[0, 1, 2].map((i) => rect(x + w - 220 + i * 64, y + 18, 44, 8, 4, C.g300)),
    rect(x + 24, y + 70, 160, 14, 7, C.g800),
    ...[0, 1, 2, 3].map((i) =>
      row(
        x + 24,
        y + 100 + i * 58,
        lw - 36,
        48,
        ['book-open', 'bus', 'flask-conical', 'shirt'][i] as string,
        [S.IND, S.SAF, S.TEA, S.SKY][i] as [string, string],
        i < 2 ? 'check' : 'chip',
        `pp${i}`,
      ),
    ),
    card(x + lw + 12, y + 70, w - lw - 36, h - 94, { r: 16, sh: 0.1 }),
    creditCard(x + lw + 36, y + 92, w - lw - 84, C.p500, C.p800),
    rect(x + lw + 36, y + 240, w - lw - 84, 30, 8, C.g50, { stroke: C.g200 }),
    rect(x + lw + 36, y + 282, (w - lw - 96) / 2, 30, 8, C.g50, { stroke: C.g200 }),
    rect(x + lw + 48 + (w - lw - 96) / 2, y + 282, (w - lw - 96) / 2, 30, 8, C.g50, { stroke: C.g200 }),
    rect(x + lw + 36, y + 326, w - lw - 84, 36, 18, lin([C.t400, C.t600], 0, 0, 1, 0)),
    rect(x + lw + 36 + (w - lw - 84) / 2 - 30, y + 340, 60, 8, 4, C.white),
  ].join('');
}

const feePortal: Scene = (dark) =>
  [
    ground(dark),
    browser(40, 50, 620, 440, payPage),
    coins(700, 530, 46, 5),
    g(check(680, 110, 36, C.t500) + pulse(680, 110, 44, C.t400, 2)),
    chip(480, 470, 220, 'indian-rupee', [C.a400, C.a600]),
  ].join('');

function cctvFeed(x: number, y: number, w: number, h: number) {
  const cw = (w - 12) / 2;
  const ch = (h - 12) / 2;
  const tiles = [0, 1, 2, 3].map((i) => {
    const tx = x + 4 + (i % 2) * (cw + 4);
    const ty = y + 4 + Math.floor(i / 2) * (ch + 4);
    return g([
      rect(tx, ty, cw, ch, 4, lin([C.p800, C.p900])),
      rect(tx + cw * 0.1, ty + ch * 0.55, cw * 0.8, ch * 0.45, 0, C.p700),
      i % 2 === 0
        ? rect(tx + cw * 0.2, ty + ch * 0.3, cw * 0.25, ch * 0.4, 3, C.p600)
        : circ(tx + cw * 0.6, ty + ch * 0.45, ch * 0.12, C.p500),
      i % 2 === 0
        ? circ(tx + cw * 0.65, ty + ch * 0.42, ch * 0.1, C.p400) +
          rect(tx + cw * 0.58, ty + ch * 0.52, cw * 0.14, ch * 0.3, 4, C.p400)
        : rect(tx + cw * 0.52, ty + ch * 0.57, cw * 0.16, ch * 0.3, 4, C.p500),
      circ(tx + 10, ty + 10, 4, C.coral),
      rect(tx + 18, ty + 7, cw * 0.25, 6, 3, C.white, { opacity: 0.5 }),
    ]);
  });
  return rect(x, y, w, h, 0, C.ink) + tiles.join('');
}

function cctvCam(x: number, y: number, s: number) {
  return g(
    [
      rect(-10, -20, 50, 16, 6, C.g300),
      rect(10, -8, 12, 40, 4, C.g400),
      g(
        [
          rect(-80, 20, 150, 62, 22, lin([C.white, C.g200])),
          rect(-96, 24, 36, 54, 14, C.g800),
          circ(-90, 51, 20, C.ink),
          circ(-90, 51, 11, lin([C.p400, C.p700])),
          circ(-94, 46, 4, C.white, { opacity: 0.8 }),
          circ(48, 36, 5, C.coral),
          rect(-70, 70, 120, 6, 3, C.g300),
        ],
        { transform: 'rotate(-14 0 50)' },
      ),
      ...[1, 2].map((i) =>
        path(
          d`M${-130 - i * 16} ${30 - i * 14}A${40 + i * 20} ${40 + i * 20} 0 0 0 ${-130 - i * 16} ${100 + i * 10}`,
          'none',
          { stroke: C.t400, 'stroke-width': 5, 'stroke-linecap': 'round', opacity: 1 - i * 0.3 },
        ),
      ),
    ],
    { transform: `translate(${x} ${y}) scale(${s})` },
  );
}

const computerLab: Scene = (dark) =>
  [
    ground(dark),
    desk(60, 460, 680),
    monitor(90, 210, 300, 190, cctvFeed),
    monitor(410, 230, 240, 160, (x, y, w, h) =>
      S.dashboard(x, y, w, h, {
        seed: 'lab',
        tone: S.SKY,
        icons: ['monitor', 'cctv', 'wifi', 'server', 'settings'],
        chart: 'line',
      }),
    ),
    rect(670, 300, 70, 160, 10, lin([C.g700, C.g900])),
    rect(684, 318, 42, 6, 3, C.t400),
    rect(684, 332, 42, 6, 3, C.g600),
    circ(705, 430, 7, C.s400),
    rect(180, 436, 220, 20, 6, lin([C.g200, C.g300])),
    rect(430, 440, 50, 16, 8, C.g300),
    cctvCam(640, 70, 0.95),
    chip(60, 60, 210, 'cctv', [C.p400, C.p700]),
  ].join('');

function profile(x: number, y: number, w: number, h: number, i: number, hi = false) {
  return (
    card(x, y, w, h, { r: 20, sh: hi ? 0.25 : 0.14 }) +
    avatar(x + w / 2, y + 64, 40, look(i), [C.p100, C.a100, C.t100][i % 3]) +
    rect(x + w * 0.2, y + 124, w * 0.6, 12, 6, C.g800) +
    rect(x + w * 0.28, y + 144, w * 0.44, 8, 4, C.g300) +
    [0, 1, 2, 3, 4]
      .map((k) => iconC('star', x + w / 2 - 40 + k * 20, y + 176, 16, k < 4 - (i % 2) ? C.a500 : C.g300, 2.4))
      .join('') +
    pill(x + w * 0.15, y + h - 46, w * 0.7, 28, hi ? C.p500 : C.p50)
  );
}

const staffRecruitment: Scene = (dark) =>
  [
    ground(dark),
    g(profile(110, 150, 180, 260, 1), { transform: 'rotate(-8 200 280)' }),
    g(profile(510, 150, 180, 260, 3), { transform: 'rotate(8 600 280)' }),
    profile(300, 110, 200, 300, 0, true),
    check(480, 120, 26, C.t500),
    g([
      circ(560, 420, 56, C.white, { opacity: 0.35 }),
      circ(560, 420, 56, 'none', { stroke: C.p800, 'stroke-width': 14 }),
      path('M600 460L660 520', 'none', { stroke: C.p800, 'stroke-width': 22, 'stroke-linecap': 'round' }),
    ]),
    person(140, 560, 150, look(2), 'point'),
    chip(40, 40, 200, 'briefcase', [C.a400, C.a600]),
    chip(560, 40, 200, 'user-check', [C.t400, C.t600]),
  ].join('');

function idCard(x: number, y: number, w: number) {
  const h = w * 0.64;
  return [
    rect(x + 8, y + 20, w - 16, h, 22, C.ink, { opacity: 0.25 }),
    rect(x, y, w, h, 22, C.white),
    path(
      d`M${x} ${y + 22}Q${x} ${y} ${x + 22} ${y}L${x + w - 22} ${y}Q${x + w} ${y} ${x + w} ${y + 22}L${x + w} ${y + 54}L${x} ${y + 54}Z`,
      lin([C.p500, C.p700], 0, 0, 1, 0),
    ),
    rect(x + w / 2 - 30, y + 20, 60, 12, 6, C.white, { opacity: 0.6 }),
    rect(x + 28, y + 78, w * 0.3, w * 0.34, 14, C.p50),
    avatar(x + 28 + w * 0.15, y + 78 + w * 0.17, w * 0.12, look(3), C.p100),
    bars(x + w * 0.42, y + 88, w * 0.45, 3, C.g300, 'id', 10, 24),
    iconC('fingerprint-pattern', x + w * 0.5, y + h - 44, 40, C.p400, 1.8),
    ...Array.from({ length: 14 }, (_, i) =>
      rect(x + w * 0.6 + i * 7, y + h - 58, i % 3 ? 3 : 5, 32, 1, C.g700),
    ),
  ].join('');
}

const backgroundVerification: Scene = (dark) =>
  [
    ground(dark),
    card(500, 120, 220, 280, { r: 20 }),
    ...[0, 1, 2, 3].map(
      (i) =>
        check(534, 170 + i * 56, 14, i < 3 ? C.t500 : C.g300) + rect(560, 164 + i * 56, 130, 10, 5, C.g300),
    ),
    idCard(80, 170, 400),
    shield(470, 250, 230, C.t400, C.t600),
    iconBadge(90, 50, 80, 'fingerprint-pattern', C.p400, C.p700),
    chip(200, 60, 220, 'search', [C.a400, C.a600]),
  ].join('');

function robot(x: number, y: number, s: number) {
  return g(
    [
      floor(0, 210, 120, 14, 0.3),
      rect(-20, 150, 16, 56, 8, C.g500),
      rect(4, 150, 16, 56, 8, C.g500),
      rect(-70, 40, 140, 120, 36, lin([C.white, C.g300])),
      rect(-40, 70, 80, 40, 14, C.p100),
      circ(0, 90, 12, C.a500),
      rect(-100, 50, 26, 90, 13, lin([C.g200, C.g400]), { transform: 'rotate(20 -87 55)' }),
      rect(74, 50, 26, 90, 13, lin([C.g200, C.g400]), { transform: 'rotate(-35 87 55)' }),
      rect(-8, 22, 16, 22, 4, C.g400),
      rect(-80, -80, 160, 110, 44, lin([C.white, C.g200])),
      rect(-60, -56, 120, 62, 30, lin([C.p700, C.p900])),
      ell(-26, -25, 12, 14, C.t400),
      ell(26, -25, 12, 14, C.t400),
      path('M-14 -6Q0 4 14 -6', 'none', { stroke: C.t400, 'stroke-width': 5, 'stroke-linecap': 'round' }),
      rect(-3, -110, 6, 30, 3, C.g400),
      circ(0, -114, 12, C.a500),
      rect(-92, -46, 14, 40, 7, C.p400),
      rect(78, -46, 14, 40, 7, C.p400),
    ],
    { transform: `translate(${x} ${y}) scale(${s})` },
  );
}

function drone(x: number, y: number, s: number) {
  const rotor = (rx: number) =>
    rect(rx - 6, -30, 12, 26, 4, C.g600) +
    ell(rx, -34, 60, 8, C.s300, { opacity: 0.6 }) +
    circ(rx, -34, 7, C.g700);
  return g(
    [
      rotor(-110),
      rotor(110),
      rect(-110, -8, 220, 16, 8, C.g600),
      rect(-60, -26, 120, 58, 24, lin([C.p400, C.p700])),
      circ(0, 18, 18, C.ink),
      circ(0, 18, 9, C.s400),
      rect(-30, -14, 60, 8, 4, C.white, { opacity: 0.35 }),
    ],
    {
      transform: `translate(${x} ${y}) scale(${s})`,
    },
  );
}

function chipBoard(x: number, y: number, s: number) {
  const pins: string[] = [];
  for (let i = 0; i < 5; i++) {
    const o = -40 + i * 20;
    pins.push(
      rect(o - 4, -78, 8, 20, 4, C.a400),
      rect(o - 4, 58, 8, 20, 4, C.a400),
      rect(-78, o - 4, 20, 8, 4, C.a400),
      rect(58, o - 4, 20, 8, 4, C.a400),
    );
  }
  return g(
    [
      ...pins,
      rect(-60, -60, 120, 120, 22, lin([C.p600, C.p900])),
      rect(-42, -42, 84, 84, 14, 'none', { stroke: C.p300, 'stroke-width': 2, opacity: 0.6 }),
      iconC('brain', 0, 0, 58, C.white, 1.8),
    ],
    {
      transform: `translate(${x} ${y}) scale(${s})`,
    },
  );
}

const emergingTech: Scene = (dark) =>
  [
    ground(dark),
    drone(560, 110, 0.9),
    signal(560, 150, 24, C.s400, 90, 4),
    robot(330, 330, 1),
    chipBoard(630, 400, 0.9),
    link(420, 300, 560, 380, C.p300, 3),
    person(130, 560, 170, look(4), 'hold'),
    rect(102, 440, 56, 40, 6, C.g800),
    rect(106, 444, 48, 32, 4, C.s300),
    chip(40, 60, 200, 'bot', [C.a400, C.a600]),
    sparkle(250, 130, 14, C.a400),
  ].join('');

function headphones(cx: number, cy: number, s: number, c1: string, c2: string) {
  return g([
    path(d`M${cx - 60 * s} ${cy}A${60 * s} ${60 * s} 0 0 1 ${cx + 60 * s} ${cy}`, 'none', {
      stroke: c2,
      'stroke-width': 12 * s,
      'stroke-linecap': 'round',
    }),
    rect(cx - 76 * s, cy - 10 * s, 30 * s, 56 * s, 14 * s, lin([c1, c2])),
    rect(cx + 46 * s, cy - 10 * s, 30 * s, 56 * s, 14 * s, lin([c1, c2])),
  ]);
}

const booth = (x: number, y: number, i: number) =>
  [
    rect(x, y, 220, 230, 20, C.white, { opacity: 0.96 }),
    rect(x, y, 220, 230, 20, 'none', { stroke: C.p100, 'stroke-width': 2 }),
    monitor(
      x + 40,
      y + 30,
      140,
      90,
      (mx, my, mw, mh) =>
        rect(mx, my, mw, mh, 0, lin([C.p50, C.white])) +
        S.glyph((['deva', 'latin'] as const)[i] ?? 'latin', mx + mw / 2, my + mh / 2, 50, C.p600),
    ),
    avatar(x + 110, y + 200, 40, look(i + 1), C.p100),
    headphones(x + 110, y + 182, 0.68, C.a400, C.a600),
  ].join('');

const languageLab: Scene = (dark) =>
  [
    ground(dark),
    card(60, 220, 220, 230, { r: 20, sh: 0.2 }),
    booth(60, 220, 0),
    card(300, 220, 220, 230, { r: 20, sh: 0.2 }),
    booth(300, 220, 1),
    S.bubble(90, 60, 130, 90, C.a500),
    S.glyph('kann', 155, 105, 60, C.white),
    S.bubble(330, 40, 120, 84, C.t500, 'right'),
    S.glyph('cjk', 390, 82, 54, C.white),
    S.bubble(560, 110, 130, 90, C.s500),
    S.glyph('arab', 625, 155, 60, C.white),
    headphones(640, 360, 1.3, C.p400, C.p700),
    ...[0, 1, 2, 3, 4, 5, 6].map((i) =>
      rect(
        575 + i * 18,
        470 - Math.abs(Math.sin(i * 1.3)) * 30,
        8,
        10 + Math.abs(Math.sin(i * 1.3)) * 60,
        4,
        C.p400,
      ),
    ),
  ].join('');

function brain(cx: number, cy: number, s: number) {
  const lobe = (dx: number, c1: string, c2: string) =>
    g([
      circ(cx + dx * 0.5 * s, cy - 40 * s, 52 * s, lin([c1, c2], 0, 0, 1, 1)),
      circ(cx + dx * 1.1 * s, cy + 4 * s, 50 * s, lin([c1, c2], 0, 0, 1, 1)),
      circ(cx + dx * 0.55 * s, cy + 40 * s, 46 * s, lin([c1, c2], 0, 0, 1, 1)),
      circ(cx + dx * 0.3 * s, cy, 48 * s, lin([c1, c2], 0, 0, 1, 1)),
    ]);
  const curl = (dd: string) =>
    path(dd, 'none', { stroke: C.white, 'stroke-width': 6 * s, 'stroke-linecap': 'round', opacity: 0.55 });
  return [
    floor(cx, cy + 110 * s, 110 * s, 14 * s, 0.3),
    lobe(-80, C.p300, C.p600),
    lobe(80, C.rose, C.pink700),
    rect(cx - 3 * s, cy - 80 * s, 6 * s, 160 * s, 3 * s, C.white, { opacity: 0.7 }),
    curl(d`M${cx - 90 * s} ${cy - 30 * s}q${20 * s} ${-20 * s} ${40 * s} 0t${30 * s} ${10 * s}`),
    curl(d`M${cx - 100 * s} ${cy + 20 * s}q${25 * s} ${15 * s} ${50 * s} ${-5 * s}`),
    curl(d`M${cx - 60 * s} ${cy + 60 * s}q${15 * s} ${-20 * s} ${35 * s} ${-10 * s}`),
    curl(d`M${cx + 30 * s} ${cy - 40 * s}q${20 * s} ${-15 * s} ${45 * s} ${5 * s}`),
    curl(d`M${cx + 40 * s} ${cy + 10 * s}q${25 * s} ${15 * s} ${55 * s} 0`),
    curl(d`M${cx + 30 * s} ${cy + 55 * s}q${20 * s} ${-15 * s} ${40 * s} ${-5 * s}`),
  ].join('');
}

function radar(cx: number, cy: number, r: number, vals: number[], color: string) {
  const n = vals.length;
  const pt = (i: number, k: number) =>
    [
      cx + Math.cos((i / n) * Math.PI * 2 - Math.PI / 2) * r * k,
      cy + Math.sin((i / n) * Math.PI * 2 - Math.PI / 2) * r * k,
    ] as const;
  const ring = (k: number) =>
    `M${Array.from({ length: n }, (_, i) =>
      pt(i, k)
        .map((v) => Math.round(v))
        .join(' '),
    ).join('L')}Z`;
  return (
    path(ring(1), C.g50, { stroke: C.g200, 'stroke-width': 2 }) +
    path(ring(0.66), 'none', { stroke: C.g200, 'stroke-width': 2 }) +
    path(ring(0.33), 'none', { stroke: C.g200, 'stroke-width': 2 }) +
    path(
      `M${vals
        .map((v, i) =>
          pt(i, v)
            .map((q) => Math.round(q))
            .join(' '),
        )
        .join('L')}Z`,
      color,
      { opacity: 0.55, stroke: color, 'stroke-width': 3 },
    ) +
    vals.map((v, i) => circ(pt(i, v)[0], pt(i, v)[1], 6, color)).join('')
  );
}

const psychometric: Scene = (dark) =>
  [
    ground(dark),
    card(470, 90, 280, 250, { r: 22 }),
    rect(496, 114, 120, 12, 6, C.g700),
    radar(610, 230, 86, [0.9, 0.6, 0.8, 0.5, 0.75, 0.65], C.p500),
    card(470, 360, 280, 150, { r: 22 }),
    barChart(500, 390, 150, 90, [50, 80, 65, 95, 70], [C.t400, C.t500]),
    donut(700, 435, 30, 12, [
      [6, C.a500],
      [4, C.p400],
    ]),
    brain(250, 250, 1.2),
    avatar(110, 470, 46, look(0), C.p100),
    avatar(240, 490, 46, look(4), C.a100),
    S.bubble(60, 370, 80, 50, C.white),
    rect(80, 388, 40, 8, 4, C.p300),
    iconBadge(60, 60, 76, 'puzzle', C.a400, C.a600),
    sparkle(410, 90, 14, C.a400),
  ].join('');

function megaphone(x: number, y: number, s: number) {
  return g(
    [
      floor(40, 190, 160, 16, 0.3),
      rect(-40, 60, 40, 90, 14, lin([C.p600, C.p800]), { transform: 'rotate(-18 -20 60)' }),
      path('M-60 -10L120 -90L140 150L-60 80Z', lin([C.a400, C.a600], 0, 0, 1, 1)),
      ell(130, 30, 28, 122, lin([C.a300, C.a500])),
      ell(130, 30, 16, 100, C.a700, { opacity: 0.5 }),
      rect(-110, -24, 66, 118, 24, lin([C.white, C.g300])),
      path('M-60 -10L120 -90L124 -40L-60 20Z', C.white, { opacity: 0.2 }),
    ],
    { transform: `translate(${x} ${y}) scale(${s}) rotate(-12)` },
  );
}

const digitalMarketing: Scene = (dark) =>
  [
    ground(dark),
    card(380, 60, 380, 260, { r: 22 }),
    rect(408, 86, 120, 12, 6, C.g700),
    pill(650, 80, 80, 26, C.t100),
    iconC('trending-up', 690, 93, 18, C.t600, 2.6),
    lineChart(408, 120, 324, 170, [20, 35, 30, 55, 48, 72, 68, 95], C.p500),
    ...[
      [C.rose, 'heart'],
      [C.s500, 'thumbs-up'],
      [C.a500, 'share-2'],
    ].map(
      ([c, n], i) =>
        iconDot(420 + i * 120, 380, 34, n as string, c as string, C.white, 2.4) +
        rect(462 + i * 120, 372, 40, 14, 7, dark ? C.p300 : C.g300),
    ),
    megaphone(170, 260, 1.1),
    ...[1, 2, 3].map((i) =>
      path(d`M${330 + i * 26} ${170 - i * 10}q${30} ${60} ${0} ${120 + i * 20}`, 'none', {
        stroke: C.a400,
        'stroke-width': 6,
        'stroke-linecap': 'round',
        opacity: 1 - i * 0.25,
      }),
    ),
    g([
      circ(640, 500, 60, C.white),
      circ(640, 500, 44, C.coral),
      circ(640, 500, 28, C.white),
      circ(640, 500, 12, C.coral),
      path('M640 500L720 430', 'none', { stroke: C.p800, 'stroke-width': 6, 'stroke-linecap': 'round' }),
      path('M712 422l20 -4l-4 20Z', C.p800),
    ]),
    chip(40, 470, 200, 'megaphone', [C.a400, C.a600]),
  ].join('');

const consulting: Scene = (dark) =>
  [
    ground(dark),
    path('M250 470L300 160M610 470L560 160M430 480L430 440', 'none', {
      stroke: C.g500,
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }),
    card(200, 70, 460, 370, { r: 18 }),
    rect(230, 100, 160, 14, 7, C.g700),
    barChart(240, 200, 200, 200, [40, 60, 55, 85, 100], [C.p300, C.p500]),
    path('M240 330L300 290L350 305L440 190', 'none', {
      stroke: C.a500,
      'stroke-width': 7,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    path('M424 186l22 -6l-4 22Z', C.a500),
    donut(560, 230, 60, 26, [
      [5, C.p500],
      [3, C.t400],
      [2, C.a400],
    ]),
    bars(490, 330, 140, 3, C.g300, 'cons', 9, 22),
    person(120, 560, 200, look(3), 'point'),
    person(720, 560, 190, look(1), 'stand', true),
    iconBadge(60, 60, 80, 'lightbulb', C.a400, C.a600),
    chip(560, 470, 200, 'handshake', [C.t400, C.t600]),
  ].join('');

function tracker(x: number, y: number, s: number) {
  return g(
    [
      rect(-34, -20, 68, 40, 12, lin([C.g700, C.ink])),
      circ(-14, 0, 6, C.t400),
      rect(0, -4, 22, 8, 4, C.g500),
      signal(0, -30, 18, C.t400, -90, 4),
    ],
    { transform: `translate(${x} ${y}) scale(${s})` },
  );
}

function cloudNode(x: number, y: number, w: number, dark: boolean) {
  return (
    cloud(x + 6, y + 14, w, dark ? `${C.ink}` : C.p300).replace('fill=', 'opacity="0.25" fill=') +
    cloud(x, y, w, lin([C.white, C.p100])) +
    iconC('upload-cloud', x + w / 2, y + w * 0.38, w * 0.28, C.p600, 2.2)
  );
}

const iot: Scene = (dark) =>
  [
    ground(dark),
    cloudNode(300, 20, 200, dark),
    bus(40, 380, 280),
    tracker(180, 370, 0.9),
    link(180, 320, 330, 110, C.t400, 4, -0.15),
    card(520, 190, 240, 170, { r: 20 }),
    rect(544, 212, 100, 10, 5, C.g700),
    lineChart(544, 240, 190, 90, [30, 45, 40, 70, 60, 85], C.p500, { sw: 3.5 }),
    link(480, 110, 600, 190, C.t400, 4, 0.15),
    card(470, 400, 140, 130, { r: 20 }),
    iconC('cpu', 540, 450, 52, C.p600, 1.8),
    pulse(540, 450, 40, C.t400, 2),
    rect(500, 500, 80, 8, 4, C.g300),
    card(630, 400, 140, 130, { r: 20 }),
    gauge(700, 470, 40, 0.68, C.a500, C.g100, 10),
    link(560, 400, 520, 110, C.t400, 4, 0.1),
    sparkle(560, 40, 12, C.t400),
  ].join('');

/* ---------- IoT gallery ---------- */

const gallery1: Scene = (dark) =>
  [
    ground(dark),
    card(420, 70, 350, 300, { r: 22 }),
    mapView(436, 86, 318, 268, 'g1', 14),
    route(
      [
        [470, 320],
        [470, 220],
        [600, 220],
        [600, 150],
        [700, 150],
      ],
      C.p500,
      7,
    ),
    circ(600, 220, 22, C.a500, { stroke: C.white, 'stroke-width': 4 }),
    iconC('bus', 600, 220, 22, C.white, 2.4),
    pin(700, 150, 40, C.p600),
    iconDot(140, 80, 36, 'satellite', C.p500, C.white, 2),
    link(150, 120, 230, 330, C.s400, 4, 0.1),
    bus(40, 360, 340),
    tracker(230, 345, 1),
    link(270, 320, 470, 260, C.t400, 4, -0.2),
  ].join('');

function gallery2Page(x: number, y: number, w: number, h: number) {
  const s = w / 600;
  return [
    rect(x, y, w, h, 0, C.g50),
    S.dashboard(x, y, w, h, {
      seed: 'g2',
      tone: S.IND,
      icons: ['layout-dashboard', 'gauge', 'fuel', 'triangle-alert', 'map'],
      chart: 'line',
      side: (sx, sy, sw, sh) =>
        card(sx, sy, sw, sh, { r: 12 * s, sh: 0.07 }) +
        gauge(sx + sw / 2, sy + sh * 0.55, Math.min(sw, sh) * 0.32, 0.72, C.a500, C.g100, 10 * s),
    }),
  ].join('');
}

const gallery2: Scene = (dark) =>
  [
    ground(dark),
    laptop(110, 60, 520, gallery2Page),
    card(560, 330, 200, 150, { r: 20 }),
    rect(580, 350, 90, 10, 5, C.g700),
    ...[0, 1, 2].map(
      (i) =>
        circ(590, 384 + i * 30, 8, [C.coral, C.a500, C.t500][i] as string) +
        rect(606, 380 + i * 30, 120 - i * 20, 8, 4, C.g300),
    ),
    card(40, 380, 170, 110, { r: 20 }),
    iconBadge(60, 400, 46, 'fuel', C.a400, C.a600),
    progress(60, 462, 130, 10, 0.62, C.a500),
    rect(118, 410, 70, 10, 5, C.g700),
  ].join('');

function sensor(x: number, y: number, kind: 'temp' | 'fuel') {
  return [
    floor(x + 70, y + 200, 90, 12, 0.3),
    rect(x, y, 140, 190, 26, lin([C.white, C.g200])),
    rect(x + 20, y + 20, 100, 70, 14, C.ink),
    kind === 'temp'
      ? rect(x + 36, y + 44, 40, 16, 6, C.t400) + rect(x + 82, y + 44, 20, 16, 6, C.t400, { opacity: 0.5 })
      : gauge(x + 70, y + 62, 24, 0.4, C.a400, C.g700, 7),
    kind === 'temp'
      ? iconC('thermometer', x + 70, y + 138, 56, C.coral, 2)
      : iconC('fuel', x + 70, y + 138, 52, C.a500, 2),
    signal(x + 70, y - 14, 16, C.t400, -90, 4),
  ].join('');
}

const gallery3: Scene = (dark) =>
  [
    ground(dark),
    cloudNode(270, 10, 260, dark),
    sensor(90, 320, 'temp'),
    sensor(570, 320, 'fuel'),
    link(160, 300, 330, 170, C.t400, 4, -0.15),
    link(640, 300, 480, 170, C.t400, 4, 0.15),
    phone(345, 270, 110, 230, S.transitAdmin),
    link(400, 250, 400, 210, C.t400, 4, 0),
  ].join('');

/* ---------- registry ---------- */

type Svc = { slug: string; tone: Tone; scene: Scene; glyphs: string[] };
const SERVICES: Svc[] = [
  {
    slug: 'school-management',
    tone: 'indigo',
    scene: schoolManagement,
    glyphs: ['graduation-cap', 'school', 'calendar-check', 'book-open', 'users', 'clipboard-list'],
  },
  {
    slug: 'mobile-app',
    tone: 'sky',
    scene: mobileApp,
    glyphs: ['smartphone', 'app-window', 'code', 'bell', 'layers', 'tablet-smartphone'],
  },
  {
    slug: 'magazine-brochure',
    tone: 'saffron',
    scene: magazineBrochure,
    glyphs: ['newspaper', 'printer', 'book-open', 'palette', 'image', 'pen-tool'],
  },
  {
    slug: 'fee-portal-website',
    tone: 'teal',
    scene: feePortal,
    glyphs: ['indian-rupee', 'credit-card', 'globe', 'receipt', 'wallet', 'lock'],
  },
  {
    slug: 'computer-lab-equipment',
    tone: 'sky',
    scene: computerLab,
    glyphs: ['monitor', 'cctv', 'keyboard', 'mouse', 'server', 'wifi'],
  },
  {
    slug: 'staff-recruitment',
    tone: 'saffron',
    scene: staffRecruitment,
    glyphs: ['user-check', 'briefcase', 'users', 'search', 'file-text', 'handshake'],
  },
  {
    slug: 'background-verification',
    tone: 'teal',
    scene: backgroundVerification,
    glyphs: ['shield-check', 'id-card', 'fingerprint-pattern', 'search', 'file-check', 'lock'],
  },
  {
    slug: 'emerging-tech-training',
    tone: 'indigo',
    scene: emergingTech,
    glyphs: ['bot', 'cpu', 'drone', 'brain-circuit', 'cog', 'atom'],
  },
  {
    slug: 'foreign-language-lab',
    tone: 'sky',
    scene: languageLab,
    glyphs: ['languages', 'headphones', 'mic', 'message-circle', 'globe', 'book-open'],
  },
  {
    slug: 'psychometric-counselling',
    tone: 'indigo',
    scene: psychometric,
    glyphs: ['brain', 'chart-pie', 'puzzle', 'compass', 'lightbulb', 'target'],
  },
  {
    slug: 'digital-marketing',
    tone: 'saffron',
    scene: digitalMarketing,
    glyphs: ['megaphone', 'trending-up', 'target', 'heart', 'share-2', 'chart-bar'],
  },
  {
    slug: 'consulting',
    tone: 'teal',
    scene: consulting,
    glyphs: ['lightbulb', 'handshake', 'chart-line', 'puzzle', 'route', 'target'],
  },
  {
    slug: 'iot',
    tone: 'teal',
    scene: iot,
    glyphs: ['radio-tower', 'cpu', 'satellite', 'thermometer', 'fuel', 'map-pin'],
  },
];

export function serviceFiles(): [string, string][] {
  const out: [string, string][] = [];
  for (const s of SERVICES) {
    const b = `images/services/${s.slug}`;
    out.push([`${b}/card.svg`, onLight(s.scene, s.tone, `${s.slug}-c`, 620, 420, 0.04)]);
    out.push([`${b}/hero-desktop.svg`, heroDesktop(s.scene, s.tone, `${s.slug}-hd`)]);
    out.push([`${b}/hero-mobile.svg`, heroMobile(s.scene, s.tone, `${s.slug}-hm`)]);
    out.push([`${b}/about-desktop.svg`, pattern(s.glyphs, s.tone, `${s.slug}-ad`, 1600, 700)]);
    out.push([`${b}/about-mobile.svg`, pattern(s.glyphs, s.tone, `${s.slug}-am`, 750, 1100)]);
  }
  out.push(['images/services/iot/gallery-1.svg', onLight(gallery1, 'teal', 'g1', 900, 600, 0.04)]);
  out.push(['images/services/iot/gallery-2.svg', onLight(gallery2, 'indigo', 'g2', 900, 600, 0.04)]);
  out.push(['images/services/iot/gallery-3.svg', onLight(gallery3, 'sky', 'g3', 900, 600, 0.04)]);
  return out;
}

export { building, dotGrid, icon, plant, truck };
