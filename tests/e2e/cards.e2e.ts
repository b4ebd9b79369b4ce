/**
 * Every page's sharing card, as a social network fetches it: the page's pre-rendered HTML (read with
 * JavaScript off) names an absolute og:image on the site's address; the same path on the server
 * answers an image that Chromium decodes at 1200×630, under 300 KB, and twitter:image is the same.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, routesToVisit, siteContent } from './support/site.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ javaScriptEnabled: false });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const { site } = siteContent();
const seen = new Map<string, string>();

describe("every page's sharing card", () => {
  for (const route of routesToVisit()) {
    it(route.path, async () => {
      await page.goto(baseUrl() + route.path);
      const content = (selector: string) =>
        page.locator(selector).first().getAttribute('content', { timeout: 1000 });
      const image = (await content('meta[property="og:image"]')) ?? '';
      expect(image.startsWith(`${site.url}/`), `og:image on ${site.url}: ${image}`).toBe(true);
      expect(await content('meta[name="twitter:image"]')).toBe(image);
      const width = await content('meta[property="og:image:width"]');
      const height = await content('meta[property="og:image:height"]');
      expect(await content('meta[property="og:image:alt"]')).toBeTruthy();

      const local = baseUrl() + image.slice(site.url.length);
      const response = await page.request.get(local);
      expect(response.status(), local).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\/(jpeg|png)/);
      expect((await response.body()).length).toBeLessThan(300 * 1024);
      // Chromium decodes it at the size the tags announce.
      const decoded = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      }, local);
      expect(decoded).toEqual([1200, 630]);
      expect([width, height]).toEqual(['1200', '630']);
      seen.set(route.path, image);
    });
  }

  it('gives each career page a card of its own', () => {
    const careers = [...seen].filter(([p]) => p.startsWith('/careers/')).map(([, image]) => image);
    expect(careers.length).toBeGreaterThan(1);
    expect(new Set(careers).size).toBe(careers.length);
  });
});
