/**
 * Page content travels as data, not code (issue 34): a pre-rendered page carries its own content
 * and no other page's; following a link fetches the next page's data as one JSON file, without a
 * new document; an address with no page shows the 404 page's content; and a page's data that
 * cannot be fetched (a new release removed it, say) loads the address as a whole page instead.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageDataUrl } from '../../src/content/pageData.ts';
import { SITE_DATA_ID, type SiteData } from '../../src/renderer/siteData.ts';
import { gotoHydrated, waitUntil } from './support/page.ts';
import { baseUrl, launchBrowser, newContext, siteContent, WIDTHS } from './support/site.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, WIDTHS.desktop);
});
afterEach(async () => {
  await page?.close();
});
afterAll(async () => {
  await browser?.close();
});

const heroHeading = (path: string): string => {
  const found = siteContent().pages.find((p) => p.page.path === path)?.page;
  const hero = found?.blocks.find((b) => b.type === 'pageHero');
  if (hero?.type !== 'pageHero') throw new Error(`The page at ${path} has no pageHero`);
  return hero.heading;
};

const h1 = () => page.locator('h1').first().textContent();
const homeLink = () =>
  page
    .getByRole('navigation', { name: siteContent().site.frame.mainMenuLabel })
    .first()
    .getByRole('link', { name: 'Home', exact: true });

/** Requests the page makes from now on: documents and page data, by path. */
function watchRequests(p: Page): { documents: string[]; data: string[] } {
  const seen = { documents: [] as string[], data: [] as string[] };
  p.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.resourceType() === 'document') seen.documents.push(pathname);
    else if (pathname.startsWith('/page-data/')) seen.data.push(pathname);
  });
  return seen;
}

describe("a page's data", () => {
  it('holds its own content and addresses, and no other page', async () => {
    page = await context.newPage();
    await gotoHydrated(page, `${baseUrl()}/about`);
    const parsed = JSON.parse(
      await page.evaluate((id) => document.getElementById(id)?.textContent ?? '', SITE_DATA_ID),
    ) as SiteData;
    expect(Object.keys(parsed.pages)).toEqual(['pages/about.yaml']);
    expect(parsed.routes.map((r) => r.path)).toEqual(['/about']);
  });

  it('of the next page is fetched as JSON when a link is followed, with no new document', async () => {
    page = await context.newPage();
    await gotoHydrated(page, `${baseUrl()}/about`);
    const seen = watchRequests(page);
    await homeLink().click();
    await waitUntil(async () => (await h1())?.trim() !== heroHeading('/about'), 'the home page', 15_000);
    expect(seen.data).toEqual([pageDataUrl('/')]);
    expect(seen.documents).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('of an address no page serves is the 404 page, after client-side navigation too', async () => {
    page = await context.newPage();
    await gotoHydrated(page, `${baseUrl()}/about`);
    const seen = watchRequests(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitUntil(async () => (await h1())?.trim() === heroHeading('/404'), 'the 404 page', 15_000);
    expect(seen.data).toEqual([pageDataUrl('/no-such-page'), pageDataUrl('/404')]);
    expect(seen.documents).toEqual([]);
  });

  it('that cannot be fetched loads the address as a whole page', async () => {
    page = await context.newPage();
    await gotoHydrated(page, `${baseUrl()}/about`);
    await page.route(`**${pageDataUrl('/')}`, (route) => route.fulfill({ status: 503, body: 'Unavailable' }));
    const seen = watchRequests(page);
    await homeLink().click();
    await waitUntil(async () => seen.documents.includes('/'), 'a whole-page load of /', 15_000);
    await page.waitForLoadState('load');
    expect((await h1())?.trim()).not.toBe(heroHeading('/about'));
  });
});
