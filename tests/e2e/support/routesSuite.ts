/**
 * One visit per route at one screen width, checking what a visitor gets: status 200, the page's
 * <title> and one visible h1; zero axe violations (WCAG 2.2 A/AA); no console error, failed request,
 * error answer or request to another origin; every image loaded (lazy ones too); no sideways
 * scrolling; and every control at least 44 x 44 px. An unknown address answers 404 with the 404
 * page, checked the same way, which links home from its own content.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, brokenImages, scrollThrough, smallTouchTargets, watchHygiene } from './page.ts';
import {
  baseUrl,
  launchBrowser,
  newContext,
  notFoundTitle,
  type RouteToVisit,
  routesToVisit,
} from './site.ts';

interface Visit {
  status: number | undefined;
  title: string;
  h1: string[];
  overflow: number;
  smallTargets: string[];
  axe: string[];
  problems: string[];
}

async function visit(page: Page, url: string, allowStatus: string[] = []): Promise<Visit> {
  const origin = new URL(url).origin;
  const hygiene = watchHygiene(page, origin, allowStatus);
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const h1 = page.locator('h1');
  const h1Texts = await h1.allInnerTexts();
  const h1Visible = h1Texts.length === 1 && (await h1.first().isVisible());
  const axe = await axeViolations(page);
  await scrollThrough(page);
  await page.waitForLoadState('networkidle');
  const broken = await brokenImages(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  return {
    status: response?.status(),
    title: await page.title(),
    h1: h1Visible ? h1Texts.map((t) => t.trim()) : h1Texts.map((t) => `(not visible or not alone) ${t}`),
    overflow,
    smallTargets: await smallTouchTargets(page),
    axe,
    problems: [...hygiene.problems, ...broken.map((src) => `broken image: ${src}`)],
  };
}

export function describeRoutes(width: number): void {
  describe(`every route at ${width}px`, () => {
    let browser: Browser;
    let context: BrowserContext;

    beforeAll(async () => {
      browser = await launchBrowser();
      context = await newContext(browser, width);
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
    });

    const check = async (route: RouteToVisit) => {
      const page = await context.newPage();
      try {
        const result = await visit(page, baseUrl() + route.path);
        expect(result.status, 'status').toBe(200);
        if (route.title !== undefined) expect(result.title, '<title>').toBe(route.title);
        expect(result.h1, 'exactly one visible, non-empty h1').toHaveLength(1);
        expect(result.h1[0], 'h1 text').toMatch(/\S/);
        expect(result.axe, 'axe violations').toEqual([]);
        expect(result.problems, 'console errors, failed requests, other origins').toEqual([]);
        expect(result.overflow, 'horizontal scroll (px)').toBeLessThanOrEqual(0);
        expect(result.smallTargets, 'controls smaller than 44 x 44 px').toEqual([]);
      } finally {
        await page.close();
      }
    };

    for (const route of routesToVisit()) it(route.path, () => check(route));

    it('an unknown address answers 404 with the 404 page', async () => {
      const page = await context.newPage();
      try {
        const url = `${baseUrl()}/no-such-page/e2e`;
        const result = await visit(page, url, [`${url} 404`]);
        expect(result.status, 'status').toBe(404);
        expect(result.title, '<title>').toBe(notFoundTitle());
        expect(result.h1, 'exactly one visible, non-empty h1').toHaveLength(1);
        expect(result.axe, 'axe violations').toEqual([]);
        expect(result.problems, 'console errors, failed requests, other origins').toEqual([]);
        // The way back is on the page itself (pages/404.yaml), not only in the header and footer.
        const home = page.locator('main a[href="/"]');
        expect(await home.count(), 'a link to the home page inside <main>').toBeGreaterThan(0);
        expect(await home.first().isVisible(), 'the home link is shown').toBe(true);
        expect(((await home.first().textContent()) ?? '').trim(), 'the home link says where it goes').toMatch(
          /home/i,
        );
      } finally {
        await page.close();
      }
    });
  });
}
