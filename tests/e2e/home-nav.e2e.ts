/**
 * The navigation bar over the home page's hero (issue 24). At the top the bar paints nothing: no
 * background colour or image on the header or anything inside it. After 100px it turns dark
 * translucent, and transparent again back at the top. Its links stay readable over each of the
 * three banners, and over a photo put in place of an artwork, because the hero darkens its own top.
 *
 * Each banner is shown deterministically: Math.random is fixed (it only picks the next banner) and
 * the page's clock is paused, then moved on one rotation (4 s) at a time until the banner is showing.
 * Contrast: axe's color-contrast rule must find no violation in the header. axe cannot see into a
 * picture: here it rates the links against the hero's background colour, behind the banner, and
 * gives the same ratio whatever the banner. So the ratio that counts is measured on the pixels
 * behind each link (support/contrast.ts), and must be at least 4.5:1.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backdropContrast, type MeasuredContrast } from './support/contrast.ts';
import { baseUrl, launchBrowser, newContext, siteContent, WIDTHS } from './support/site.ts';

const TEXT_CONTRAST = 4.5;
/** WCAG 1.4.11: the menu button's icon against what is behind it. */
const ICON_CONTRAST = 3;

function heroBlock() {
  const home = siteContent().pages.find((p) => p.page.path === '/')?.page;
  const hero = home?.blocks.find((b) => b.type === 'hero');
  if (hero?.type !== 'hero') throw new Error('pages/index.yaml has no hero block');
  return hero;
}
const threshold = () => siteContent().site.frame.navSolidAfterPx;

let browser: Browser;
let context: BrowserContext | undefined;
/** The measured ratios, printed once at the end. */
const measurements: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  if (measurements.length > 0)
    console.info(`Lowest contrast of the header's links:\n${measurements.join('\n')}`);
});

/**
 * The home page with its clock paused after hydration. `photo` serves a raster picture in place
 * of every banner artwork, as a photo put in pages/index.yaml would show.
 */
async function openHome(width: number, photo?: Buffer): Promise<Page> {
  context = await newContext(browser, width);
  const page = await context.newPage();
  // With 0.99 the banners go 0, 2, 1, 2, 1... (pickOtherIndex), the same on every run.
  await page.addInitScript(() => {
    Math.random = () => 0.99;
  });
  if (photo)
    await page.route('**/images/home/hero-*', (route) =>
      route.fulfill({ body: photo, contentType: 'image/png' }),
    );
  await page.clock.install();
  await page.goto(`${baseUrl()}/`);
  await page.locator('h1').waitFor();
  // Hydrated once the other banners have been added (they are not in the pre-rendered page).
  await page.waitForFunction(
    (n) => document.querySelectorAll('img[data-active]').length === n,
    heroBlock().banners.length,
  );
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  return page;
}

const activeBanner = (page: Page) =>
  page.evaluate(() => document.querySelector('img[data-active="true"]')?.getAttribute('src'));

/**
 * Moves the paused clock on one rotation at a time until banner `index` shows, loaded and faded
 * in; then stops the rotation with the hero's pause button and lets time flow again (axe and the
 * page's own work need their timers).
 */
async function showBanner(page: Page, index: number): Promise<void> {
  const { banners, intervalMs } = heroBlock();
  const src = banners[index]?.src;
  for (let step = 0; ; step++) {
    const showing = await activeBanner(page);
    if (showing === src) break;
    if (step > 2 * banners.length) throw new Error(`Banner ${src} never showed.`);
    await page.clock.runFor(intervalMs);
    // Every rotation changes the banner: wait for the page to show the next one.
    await page.waitForFunction(
      (before) => document.querySelector('img[data-active="true"]')?.getAttribute('src') !== before,
      showing,
    );
  }
  await page.locator('img[data-active="true"]').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    // The cross-fade: wait for every banner's opacity to settle (not the slow zoom).
    const fades = Array.from(document.querySelectorAll('img[data-active]'))
      .flatMap((i) => i.getAnimations())
      .filter((a) => a instanceof CSSTransition && a.transitionProperty === 'opacity');
    await Promise.all(fades.map((a) => a.finished));
  });
  const shown = await page
    .locator('img[data-active]')
    .evaluateAll((imgs) =>
      imgs.filter((i) => getComputedStyle(i).opacity !== '0').map((i) => i.getAttribute('src')),
    );
  expect(shown, 'the only banner showing').toEqual([src]);
  await page.getByRole('button', { name: heroBlock().pauseLabel }).click();
  await page.getByRole('button', { name: heroBlock().playLabel }).waitFor();
  await page.clock.resume();
}

/** The site's header (the NavBar's, not the sections' own <header>s). */
const header = (page: Page) => page.locator('header[data-theme]');

/**
 * What the header and every rendered element inside it paint behind the links, one line each:
 * background colour, background image, and for the header itself its ::before/::after, shadow and
 * backdrop filter. Empty when it paints nothing.
 */
function paints(page: Page): Promise<string[]> {
  return header(page).evaluate((root) => {
    const found: string[] = [];
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}>`;
    const background = (style: CSSStyleDeclaration, what: string) => {
      const alpha = Number(
        style.backgroundColor.match(/[\d.]+/g)?.[3] ?? (style.backgroundColor === 'transparent' ? 0 : 1),
      );
      if (alpha > 0) found.push(`${what}: background-color ${style.backgroundColor}`);
      if (style.backgroundImage !== 'none') found.push(`${what}: background-image ${style.backgroundImage}`);
    };
    const style = getComputedStyle(root);
    background(style, 'header');
    if (style.boxShadow !== 'none') found.push(`header: box-shadow ${style.boxShadow}`);
    if (style.backdropFilter !== 'none') found.push(`header: backdrop-filter ${style.backdropFilter}`);
    for (const pseudo of ['::before', '::after']) {
      const p = getComputedStyle(root, pseudo);
      if (p.content !== 'none') background(p, `header${pseudo}`);
    }
    for (const el of root.querySelectorAll('*'))
      if (el.checkVisibility()) background(getComputedStyle(el), describe(el));
    return found;
  });
}

/** The header's own background colour as [r, g, b, alpha]. */
async function headerColor(page: Page): Promise<number[]> {
  const css = await header(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
  return parts.length === 3 ? [...parts, 1] : parts;
}

/** Scrolls to `y` and waits until the header shows `theme` with its colour transition over. */
async function scrollAndSettle(page: Page, y: number, theme: 'transparent' | 'dark'): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction(
    ([top, t]) =>
      Math.round(window.scrollY) === top &&
      document.querySelector('header[data-theme]')?.getAttribute('data-theme') === t,
    [y, theme] as const,
  );
  await header(page).evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
}

/**
 * axe's color-contrast rule on the site's header (not the sections' own <header>s): its
 * violations, one line each, and the lowest ratio it gave. axe rates the links against the hero's
 * background colour: it does not see the picture or the overlays, so the pixels are measured
 * separately (backdropContrast).
 */
async function axeContrast(page: Page): Promise<{ violations: string[]; lowest: number }> {
  const results = await new AxeBuilder({ page })
    .include('header[data-theme]')
    .withRules(['color-contrast'])
    .analyze();
  const rated = [...results.passes, ...results.violations]
    .flatMap((r) => r.nodes)
    .map((n) => Number(n.any[0]?.data?.contrastRatio))
    .filter((r) => Number.isFinite(r));
  expect(rated.length, 'elements of the header axe rated').toBeGreaterThan(0);
  const violations = results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  );
  return { violations, lowest: Math.min(...rated) };
}

/** axe finds no contrast problem in the header; returns the lowest ratio it gave. */
async function expectAxeClean(page: Page, where: string): Promise<number> {
  const { violations, lowest } = await axeContrast(page);
  expect(violations, `axe color-contrast ${where}`).toEqual([]);
  return lowest;
}

const desktopLinks = (page: Page) => header(page).getByRole('navigation').first().locator('a, button');

function describeLowest(results: MeasuredContrast[]): string {
  const lowest = results.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  return `${lowest.ratio}:1 ("${lowest.name}" ${lowest.color} over ${lowest.worstBackdrop})`;
}

function expectReadable(results: MeasuredContrast[], minimum: number, where: string): void {
  const low = results
    .filter((r) => r.ratio < minimum)
    .map((r) => `"${r.name}" ${r.ratio}:1 over ${r.worstBackdrop}`);
  expect(low, `${where}: below ${minimum}:1`).toEqual([]);
}

describe(`the home page's navigation bar over each hero banner (${WIDTHS.desktop}px)`, () => {
  it('the hero has three banners and the bar turns dark after 100px', () => {
    expect(heroBlock().banners).toHaveLength(3);
    expect(threshold()).toBe(100);
  });

  for (const index of [0, 1, 2]) {
    const src = heroBlock().banners[index]?.src ?? '';
    it(`banner ${index + 1} (${src}): paints nothing at the top, dark translucent at 150px, nothing again back at the top; links at least ${TEXT_CONTRAST}:1`, async () => {
      const page = await openHome(WIDTHS.desktop);
      await showBanner(page, index);
      expect(await activeBanner(page)).toBe(src);

      expect(await header(page).getAttribute('data-theme')).toBe('transparent');
      expect(await paints(page), 'painted by the header at the top').toEqual([]);
      const axeLowest = await expectAxeClean(page, 'at the top');
      const links = await backdropContrast(page, header(page), desktopLinks(page));
      expect(links.map((l) => l.name)).toEqual(
        expect.arrayContaining(['Home', 'About', 'Products', 'Contact Us']),
      );
      expectReadable(links, TEXT_CONTRAST, `banner ${src} at the top`);
      measurements.push(
        `  banner ${index + 1} ${src}, desktop, at the top: ${describeLowest(links)}; axe: ${axeLowest}:1`,
      );

      await scrollAndSettle(page, 150, 'dark');
      const [r = 255, g = 255, b = 255, alpha = 0] = await headerColor(page);
      expect(alpha, 'translucent: between 0.6 and 1').toBeGreaterThan(0.6);
      expect(alpha).toBeLessThan(1);
      expect(r + g + b, `dark: rgb(${r}, ${g}, ${b})`).toBeLessThan(3 * 90);
      expect(
        (await paints(page)).filter((p) => !p.startsWith('header')),
        'nothing inside the dark bar paints a background',
      ).toEqual([]);
      await expectAxeClean(page, 'at 150px');

      await scrollAndSettle(page, 0, 'transparent');
      expect(await paints(page), 'painted by the header back at the top').toEqual([]);
      await expectAxeClean(page, 'back at the top');
      // Three axe runs and two pixel scans: about 50 s on a loaded 2-core machine.
    }, 180_000);
  }
});

describe('a photo in place of an artwork', () => {
  /** The brightest picture there is: white text is hardest to read on it, so any photo does better. */
  const whitePhoto = () =>
    sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .png()
      .toBuffer();

  it(`keeps the links at ${TEXT_CONTRAST}:1 over a pure white picture, at the top and for as long as the bar stays transparent`, async () => {
    const page = await openHome(WIDTHS.desktop, await whitePhoto());
    await showBanner(page, 0);
    expect(await paints(page)).toEqual([]);
    const axeLowest = await expectAxeClean(page, 'over a white picture');
    const atTop = await backdropContrast(page, header(page), desktopLinks(page));
    expectReadable(atTop, TEXT_CONTRAST, 'white picture, at the top');
    measurements.push(
      `  white raster photo, desktop, at the top: ${describeLowest(atTop)}; axe: ${axeLowest}:1`,
    );

    // The last scroll position before the bar turns dark: the hero's scrim has moved up with it.
    const last = threshold() - 1;
    await scrollAndSettle(page, last, 'transparent');
    expect(await paints(page)).toEqual([]);
    const beforeDark = await backdropContrast(page, header(page), desktopLinks(page));
    expectReadable(beforeDark, TEXT_CONTRAST, `white picture, at ${last}px`);
    measurements.push(`  white raster photo, desktop, at ${last}px: ${describeLowest(beforeDark)}`);
  });

  it(`keeps the menu button's icon at ${ICON_CONTRAST}:1 over a pure white picture (${WIDTHS.mobile}px)`, async () => {
    const page = await openHome(WIDTHS.mobile, await whitePhoto());
    await showBanner(page, 0);
    expect(await paints(page)).toEqual([]);
    const menu = header(page).getByRole('button', { name: siteContent().site.frame.menuButtonLabel });
    const icon = await backdropContrast(page, header(page), menu.locator('svg'));
    expectReadable(icon, ICON_CONTRAST, 'menu button over a white picture');
    measurements.push(
      `  white raster photo, ${WIDTHS.mobile}px, menu icon at the top: ${describeLowest(icon)}`,
    );
  });
});
