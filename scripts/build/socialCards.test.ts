// @vitest-environment node
/**
 * The sharing cards of the real content, drawn as the build draws them: every page's og:image
 * points at a card that exists, is a JPEG of 1200×630 under 300 KB; career pages get cards of
 * their own (different addresses, different pictures) that show location, experience and job type.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Content, readFolder } from '../../node/folderSource.ts';
import { deriveRoutes, type Page } from '../../src/content/model.ts';
import { headFor } from '../../src/renderer/head.ts';
import { cardFacts, type DrawnCards, drawSocialCards, MAX_CARD_BYTES } from './socialCards.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
let content: Content;
let out = '';
let drawn: DrawnCards;

beforeAll(async () => {
  const check = readFolder(REPO);
  if (!check.content) throw new Error('The repository content is invalid: run npm run validate.');
  content = check.content;
  out = mkdtempSync(path.join(tmpdir(), 'cards-'));
  drawn = await drawSocialCards(content.pages, content.site, out);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const pageAt = (p: string): Page => {
  const found = content.pages.find((f) => f.page.path === p)?.page;
  if (!found) throw new Error(`No page ${p}`);
  return found;
};
const meta = (page: Page, name: string) => {
  const route = deriveRoutes([{ file: 'x', page }])[0];
  if (!route) throw new Error('no route');
  return headFor(route, page, content.site).tags.find((t) => (t.attrs.property ?? t.attrs.name) === name)
    ?.attrs.content;
};

describe('sharing cards', () => {
  it('draws one card per page file', () => {
    expect(drawn.cards).toHaveLength(content.pages.length);
    console.log(
      `${drawn.cards.length} cards in ${(drawn.ms / 1000).toFixed(1)} s, ${Math.round(Math.min(...drawn.cards.map((c) => c.bytes)) / 1024)}–${Math.round(Math.max(...drawn.cards.map((c) => c.bytes)) / 1024)} KB`,
    );
  });

  it("every route's og:image is an existing 1200×630 JPEG under 300 KB at the site's address", async () => {
    for (const route of deriveRoutes(content.pages)) {
      const page = content.pages.find((p) => p.file === route.file)?.page as Page;
      const url = meta(page, 'og:image') ?? '';
      expect(url.startsWith(`${content.site.url}/`), `${route.path}: absolute og:image`).toBe(true);
      expect(meta(page, 'twitter:image')).toBe(url);
      const file = path.join(out, url.slice(content.site.url.length));
      const info = await sharp(file).metadata();
      expect([info.format, info.width, info.height], route.path).toEqual(['jpeg', 1200, 630]);
      expect(meta(page, 'og:image:width')).toBe('1200');
      expect(meta(page, 'og:image:height')).toBe('630');
      expect(meta(page, 'og:image:alt')).toContain(page.title);
      expect(statSync(file).size).toBeLessThan(MAX_CARD_BYTES);
    }
  });

  it('gives two career pages different cards', () => {
    const [a, b] = [pageAt('/careers/app-developer'), pageAt('/careers/graphic-designer')];
    const [urlA, urlB] = [meta(a, 'og:image'), meta(b, 'og:image')];
    expect(urlA).not.toBe(urlB);
    const bytes = (url = '') => readFileSync(path.join(out, url.slice(content.site.url.length)));
    expect(bytes(urlA).equals(bytes(urlB))).toBe(false);
  });

  it("shows a career page's title, location, experience and job type", () => {
    expect(cardFacts(pageAt('/careers/app-developer'))).toMatchObject({
      title: 'Mobile App Developer',
      chips: [
        { icon: 'map-pin', text: 'Bangalore, India' },
        { icon: 'briefcase', text: '1+ yrs' },
        { icon: 'clock', text: 'Full time' },
      ],
    });
  });

  it("shows a service's and a product's listing icon, not a career's", () => {
    const iot = pageAt('/services/iot');
    expect(cardFacts(iot)).toMatchObject({ title: iot.listing?.title, icon: iot.listing?.icon });
    const erp = pageAt('/products/triuneerp');
    expect(cardFacts(erp).icon).toBe(erp.listing?.icon);
    expect(cardFacts(pageAt('/about')).icon).toBeUndefined();
  });

  it('keeps a picture a page names in its YAML', () => {
    const page = { ...pageAt('/about'), image: '/images/brand/og-image.jpg' };
    expect(meta(page, 'og:image')).toBe(`${content.site.url}/images/brand/og-image.jpg`);
    // Size unknown without the build's image sizes: none is claimed.
    expect(meta(page, 'og:image:width')).toBeUndefined();
  });
});
