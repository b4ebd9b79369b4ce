/**
 * The widths between and beyond the two the route suites check in depth (375 and 1280px): a tablet
 * (768), a small laptop (1024) and a large monitor (1920). On every route: no sideways scrolling,
 * every control at least 44 x 44 px and no broken image.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenImages, scrollThrough, smallTouchTargets } from './support/page.ts';
import { baseUrl, launchBrowser, newContext, routesToVisit } from './support/site.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([768, 1024, 1920])('every route at %ipx', (width) => {
  it('has no sideways scroll, no control under 44 x 44 px and no broken image', async () => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    const problems: Record<string, string[]> = {};
    try {
      for (const route of routesToVisit()) {
        await page.goto(baseUrl() + route.path, { waitUntil: 'load' });
        await scrollThrough(page);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        const found = [
          ...(overflow > 0 ? [`scrolls sideways by ${overflow}px`] : []),
          ...(await smallTouchTargets(page)),
          ...(await brokenImages(page)).map((src) => `broken image: ${src}`),
        ];
        if (found.length > 0) problems[route.path] = found;
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual({});
    // Every route in one test: a minute on a quiet machine, more under load (a failure bound only).
  }, 180_000);
});
