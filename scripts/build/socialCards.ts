/**
 * The sharing card of every page: a 1200×630 JPEG drawn at build time from the page's YAML, in the
 * brand's style (the palette, background and mark of scripts/artwork), for LinkedIn, WhatsApp and X,
 * which show no SVG. The card shows the page's title; a career page adds its location, experience
 * and job type; a service or product page its listing icon. Satori lays the text out (the site's
 * own font, drawn as paths, so no font needs installing) and sharp turns the SVG into a JPEG: no
 * browser at build time. head.ts points og:image at `socialCardPath(page.path)`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LucideIcon } from 'lucide-react';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import satori from 'satori';
import sharp from 'sharp';
import type { IconName, Page, SiteConfig } from '../../src/content/model.ts';
import { icons, uiIcons } from '../../src/icons/iconSet.ts';
import { SOCIAL_CARD_SIZE, socialCardPath } from '../../src/renderer/head.ts';
import { richBg } from '../artwork/backgrounds.ts';
import { mark } from '../artwork/brand.ts';
import { C } from '../artwork/palette.ts';
import { circ, g } from '../artwork/shapes.ts';
import { begin, end } from '../artwork/svg.ts';
import { type CardFacts, cardFacts } from './cardFacts.ts';

export { type CardFacts, cardFacts };

const { width: W, height: H } = SOCIAL_CARD_SIZE;
/** Networks show cards up to a few hundred KB; the limit, checked by the tests. */
export const MAX_CARD_BYTES = 300 * 1024;

/** A lucide icon as a standalone SVG (white strokes), for Satori's <img> or to nest in the card. */
function iconSvg(name: keyof typeof uiIcons | IconName, size: number, strokeWidth = 2): string {
  const all: Record<string, LucideIcon> = { ...icons, ...uiIcons };
  const Icon = all[name];
  if (!Icon) throw new Error(`No icon "${name}" in src/icons/iconSet.ts.`);
  return renderToStaticMarkup(h(Icon, { color: C.white, size, strokeWidth }));
}
const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const require = createRequire(import.meta.url);
type Weight = 500 | 700 | 800;
/** The site's font (Plus Jakarta Sans) in the weights the card uses; Satori reads WOFF, not WOFF2. */
const fonts = ([500, 700, 800] as const).map((weight: Weight) => ({
  name: 'Plus Jakarta Sans',
  weight,
  style: 'normal' as const,
  data: readFileSync(
    require.resolve(`@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-${weight}-normal.woff`),
  ),
}));

/** The text side of the card, laid out by Satori into an SVG of the card's size. */
function textLayer(facts: CardFacts, site: SiteConfig): Promise<string> {
  const host = new URL(site.url).host;
  const titleSize = facts.title.length > 40 ? 52 : facts.title.length > 24 ? 60 : 68;
  const chip = (c: CardFacts['chips'][number]): ReactNode =>
    h(
      'div',
      {
        key: c.text,
        style: {
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '12px 24px',
          borderRadius: 999,
          backgroundColor: 'rgba(255,255,255,0.14)',
          border: '2px solid rgba(255,255,255,0.28)',
          fontSize: 28,
          fontWeight: 700,
        },
      },
      h('img', { src: dataUri(iconSvg(c.icon, 28, 2.4)), width: 28, height: 28 }),
      c.text,
    );
  return satori(
    h(
      'div',
      {
        style: {
          display: 'flex',
          flexDirection: 'column',
          // Satori sizes content boxes: the padding is on top of width and height.
          width: W - 180,
          height: H - 72 - 56,
          padding: '72px 90px 56px',
          color: C.white,
          fontFamily: 'Plus Jakarta Sans',
        },
      },
      // The mark is drawn beside this name (cardSvg); the name's box leaves it room.
      h(
        'div',
        {
          style: {
            display: 'flex',
            alignItems: 'center',
            height: 80,
            paddingLeft: 100,
            fontSize: 36,
            fontWeight: 800,
          },
        },
        site.company.name,
      ),
      h('div', { style: { display: 'flex', flexGrow: 1 } }),
      h('div', {
        style: { width: 80, height: 8, borderRadius: 4, backgroundColor: C.a400, marginBottom: 28 },
      }),
      h(
        'div',
        { style: { width: 720, fontSize: titleSize, fontWeight: 800, lineHeight: 1.12, lineClamp: 3 } },
        facts.title,
      ),
      facts.chips.length
        ? h(
            'div',
            { style: { display: 'flex', flexWrap: 'wrap', gap: 16, marginTop: 32, width: 760 } },
            ...facts.chips.map(chip),
          )
        : facts.subtitle
          ? h(
              'div',
              {
                style: {
                  width: 700,
                  marginTop: 22,
                  fontSize: 27,
                  fontWeight: 500,
                  lineHeight: 1.35,
                  color: C.p100,
                  lineClamp: 2,
                },
              },
              facts.subtitle,
            )
          : null,
      h('div', { style: { marginTop: 36, fontSize: 24, fontWeight: 500, color: C.p200 } }, host),
    ),
    { width: W, height: H, fonts },
  );
}

/** The whole card as SVG: the brand background, the mark, the icon or big mark, and the text. */
export async function cardSvg(facts: CardFacts, site: SiteConfig, seed: string): Promise<string> {
  const text = await textLayer(facts, site);
  begin();
  const [cx, cy] = [980, 330];
  const art = facts.icon
    ? // The listing icon, centred in the disc (lucide draws on a 24-unit grid).
      iconSvg(facts.icon, 200, 1.6).replace('<svg ', `<svg x="${cx - 100}" y="${cy - 100}" `)
    : g(mark(0, 0, 64, true), { transform: `translate(${cx - 120} ${cy - 120}) scale(3.75)` });
  return end(W, H, [
    richBg(W, H, C.p800, C.p600, C.s500, seed),
    circ(cx, cy, 250, 'none', { stroke: C.white, 'stroke-opacity': 0.12, 'stroke-width': 2 }),
    circ(cx, cy, 180, C.white, { opacity: facts.icon ? 0.1 : 0.06 }),
    art,
    g(mark(0, 0, 56, true), { transform: 'translate(90 78) scale(1.2)' }),
    text.replace('<svg ', '<svg x="0" y="0" '),
  ]);
}

/**
 * A smooth gradient compresses poorly as PNG (~300 KB); as JPEG it is a fraction of that. (mozjpeg
 * would save another fifth, 64 instead of 79 KB at most, but doubles the time of drawing the cards.)
 */
export async function cardJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 84 }).toBuffer();
}

export interface DrawnCards {
  /** Per card: its address (as in og:image, without the site URL) and its size in bytes. */
  cards: { path: string; bytes: number }[];
  ms: number;
}

/**
 * Draws the card of every page into `clientDir` (dist/client), at the address head.ts gives it.
 * A page that names its own `image:` in YAML still gets one (its card is simply not linked).
 */
export async function drawSocialCards(
  pages: readonly { page: Page }[],
  site: SiteConfig,
  clientDir: string,
): Promise<DrawnCards> {
  const start = performance.now();
  // All at once: sharp draws and encodes on its own threads, so both cores work.
  const cards = await Promise.all(
    pages.map(async ({ page }) => {
      const rel = socialCardPath(page.path);
      const jpeg = await cardJpeg(await cardSvg(cardFacts(page), site, page.path));
      if (jpeg.length > MAX_CARD_BYTES)
        throw new Error(
          `The sharing card of ${page.path} is ${Math.round(jpeg.length / 1024)} KB (most networks take up to 300 KB).`,
        );
      const file = path.join(clientDir, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, jpeg);
      return { path: rel, bytes: jpeg.length };
    }),
  );
  return { cards, ms: performance.now() - start };
}
