/**
 * Code that loads when first needed, in the browser: on /services/iot the demo form's code (and the
 * submission code it shares with the other forms) is not requested with the page, nor while the
 * form is far below the screen, only when it comes within one and a half screen heights; sweetalert2
 * only when the form is used. And a visitor who types into the pre-rendered form before its code
 * has arrived loses nothing: the form sends what was typed then.
 *
 * Repeat visits (issue 23): a second page takes every script, stylesheet and font it shares with the
 * first from the browser's cache; a second visit of a page gets a 304 for its HTML and nothing else
 * from the network; after a deploy the next visit shows the new page, never the cached one; and a
 * link followed inside the site changes the page without loading a document. A tap on the menu
 * button made after the first paint but before the page's code has arrived opens the menu once it has.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { deriveCollections } from '../../src/content/model.ts';
import { responses } from '../../src/forms/rules.ts';
import { expectDialog, waitForHydration, waitUntil } from './support/page.ts';
import { baseUrl, launchBrowser, newContext, REPO_ROOT, siteContent, WIDTHS } from './support/site.ts';

const clientDir = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[] }
>;
/** The built file of a source module, e.g. assets/DemoForm-1a2b3c.js. */
const built = (source: string): string => {
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return `/${entry.file}`;
};
const DEMO_FORM = built('src/blocks/demoForm/DemoForm.tsx');
const SHARED_FORM_CODE = (manifest['src/blocks/demoForm/DemoForm.tsx']?.imports ?? [])
  .filter((key) => /useSubmission/.test(key))
  .map(built);
const isSweetAlert = (url: string) => /\/assets\/sweetalert2[^/]*\.js$/.test(url);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser (nothing cached), recording the scripts its page asks for and its errors. */
async function open() {
  context = await newContext(browser, WIDTHS.desktop);
  page = await context.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { scripts, errors };
}

const formLocator = (p: Page) => p.getByRole('form', { name: siteContent().site.forms.demo.heading });
/** Whether React has hydrated the form (React keeps its props on the element once it has). */
const hydrated = (p: Page) =>
  formLocator(p).evaluate((form) => Object.keys(form).some((k) => k.startsWith('__reactProps')));
/** Two painted frames: anything a scroll started (an IntersectionObserver callback) has run. */
const frames = (p: Page) =>
  p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/** Holds the demo form's code back until `release()`, as a slow connection would. */
async function holdFormCode(p: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { asked: false, release: () => release() };
  await p.route(`**${DEMO_FORM}`, async (route: Route) => {
    state.asked = true;
    await held;
    await route.continue();
  });
  return state;
}

describe('the demo form on /services/iot', () => {
  it('loads its code only when it comes near the screen, and sweetalert2 only when it is used', async () => {
    const { scripts, errors } = await open();
    await page.goto(`${baseUrl()}/services/iot`, { waitUntil: 'networkidle' });
    expect(scripts.length, 'the page loaded its scripts').toBeGreaterThan(0);
    expect(scripts).not.toContain(DEMO_FORM);
    for (const shared of SHARED_FORM_CODE) expect(scripts).not.toContain(shared);
    expect(scripts.filter(isSweetAlert)).toEqual([]);

    const { formTop, screen } = await formLocator(page).evaluate((form) => ({
      formTop: (form.closest('section') ?? form).getBoundingClientRect().top + window.scrollY,
      screen: window.innerHeight,
    }));
    // Two screens between the bottom of the screen and the form: still nothing.
    const far = Math.max(0, Math.round(formTop - 3 * screen));
    expect(far, 'the form starts more than three screens down').toBeGreaterThan(0);
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), far);
    await frames(page);
    await page.waitForLoadState('networkidle');
    expect(scripts, 'two screens away').not.toContain(DEMO_FORM);
    expect(await hydrated(page)).toBe(false);

    // Half a screen below the bottom of the screen: its code loads and the form hydrates.
    const requested = page.waitForRequest((r) => new URL(r.url()).pathname === DEMO_FORM);
    await page.evaluate(
      (y) => window.scrollTo({ top: y, behavior: 'instant' }),
      Math.round(formTop - 1.5 * screen),
    );
    await requested;
    await waitUntil(() => hydrated(page), 'the form to hydrate');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter(isSweetAlert), 'sweetalert2 before the form is used').toEqual([]);

    await formLocator(page).getByLabel(siteContent().site.forms.demo.labels.name, { exact: true }).focus();
    await waitUntil(async () => scripts.some(isSweetAlert), 'sweetalert2 once the form is used');
    expect(errors).toEqual([]);
  });

  it('keeps what a visitor typed before its code arrived, and sends it', async () => {
    const { errors } = await open();
    const texts = siteContent().site.forms.demo;
    const code = await holdFormCode(page);
    let posted: Record<string, string> | undefined;
    await page.route('**/api/contact-demo', (route) => {
      posted = route.request().postDataJSON() as Record<string, string>;
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"message":"ok"}' });
    });
    await page.goto(`${baseUrl()}/services/iot`, { waitUntil: 'load' });

    const form = formLocator(page);
    const name = form.getByLabel(texts.labels.name, { exact: true });
    const email = form.getByLabel(texts.labels.email, { exact: true });
    await name.scrollIntoViewIfNeeded();
    await name.click();
    await name.pressSequentially('Asha Rao');
    await email.click();
    await email.pressSequentially('asha.rao@example.com');
    expect(code.asked, 'its code was asked for').toBe(true);
    expect(await hydrated(page), 'typed before the code arrived').toBe(false);

    code.release();
    await waitUntil(() => hydrated(page), 'the form to hydrate');
    // Typing into another field now must not wipe the ones filled before.
    await form.getByLabel(texts.labels.phone, { exact: true }).fill('9876543210');
    await form.getByRole('combobox', { name: texts.labels.serviceType }).click();
    await page.getByRole('option', { name: 'Telematics', exact: true }).click();
    await form.getByLabel(texts.labels.query, { exact: true }).fill('A demo for our buses, please.');
    expect(await name.inputValue()).toBe('Asha Rao');
    expect(await email.inputValue()).toBe('asha.rao@example.com');

    await form.getByRole('button', { name: texts.submit }).click();
    await expectDialog(page, responses.demoSuccess.title, responses.demoSuccess.message);
    expect(posted).toMatchObject({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      phone: '9876543210',
      serviceType: 'Telematics',
    });
    expect(errors).toEqual([]);
  });
});

/** What the browser fetched for the page on screen: the document and each resource, with its bytes. */
interface Fetched {
  url: string;
  type: string;
  /** Bytes that came over the network (0 from the cache; headers only for a 304). */
  transfer: number;
  /** The response body's size as sent (compressed), wherever it came from. */
  body: number;
}
async function fetched(p: Page): Promise<{ document: Fetched & { ms: number }; resources: Fetched[] }> {
  return p.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const one = (e: PerformanceResourceTiming) => ({
      url: new URL(e.name).pathname,
      type: e.initiatorType,
      transfer: e.transferSize,
      body: e.encodedBodySize,
    });
    return {
      document: { ...one(nav), ms: Math.round(nav.loadEventEnd - nav.startTime) },
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(one),
    };
  });
}
const isAsset = (f: Fetched) => f.url.startsWith('/assets/');

/**
 * Opens `path` in a fresh browser with every script held back until the returned release() is
 * called, as on a slow phone's connection. It waits for DOMContentLoaded, not the load event: a
 * script the boot script added before the load event (held here) would hold the load event back.
 * `watch` runs before the page is opened (to record its requests, say).
 */
async function openWithScriptsHeld(
  width: number,
  path: string,
  watch?: (p: Page) => void,
): Promise<() => void> {
  context = await newContext(browser, width);
  page = await context.newPage();
  watch?.(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
  return release;
}

describe('a press before the page has hydrated (issue 23: its code loads after the first paint)', () => {
  it("opens the menu once the page's code has arrived, from a tap made before", async () => {
    const release = await openWithScriptsHeld(WIDTHS.mobile, '/about');
    await page.locator('h1').waitFor();
    const menuButton = page.getByRole('button', { name: siteContent().site.frame.menuButtonLabel });
    const sheet = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    await menuButton.click();
    await frames(page);
    expect(await sheet.isVisible(), 'nothing can open it before the code is there').toBe(false);
    release();
    await sheet.waitFor({ state: 'visible' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    // Pressed once: it stays open (a second replay would close it again).
    await frames(page);
    expect(await sheet.isVisible()).toBe(true);
  });
});

describe('a key pressed before the page has hydrated', () => {
  it('opens a dropdown from ArrowDown on its button, pressed before the code arrived', async () => {
    const release = await openWithScriptsHeld(WIDTHS.desktop, '/about');
    const nav = page.getByRole('navigation', { name: siteContent().site.frame.mainMenuLabel }).first();
    const products = nav.getByRole('button', { name: 'Products' });
    await products.focus();
    await page.keyboard.press('ArrowDown');
    await frames(page);
    expect(await products.getAttribute('aria-expanded'), 'nothing can open it before the code is there').toBe(
      'false',
    );
    release();
    await waitUntil(
      async () => (await products.getAttribute('aria-expanded')) === 'true',
      'the dropdown open',
    );
    // As ArrowDown does once the page has hydrated: the first entry has the focus.
    const first = page.locator(`#${await products.getAttribute('aria-controls')} a`).first();
    await waitUntil(() => first.evaluate((a) => a === document.activeElement), 'focus on the first entry');
  });
});

describe('the header logos (each SVG picture costs the browser a document of its own)', () => {
  it('loads only the logo the header shows with the page, and the other once the browser is idle', async () => {
    const { company } = siteContent().site;
    const logos: string[] = [];
    // The page's code held back: what the pre-rendered HTML alone asks for.
    const release = await openWithScriptsHeld(WIDTHS.mobile, '/', (p) =>
      p.on('request', (r) => {
        const url = new URL(r.url()).pathname;
        if (url === company.logo || url === company.logoInverse) logos.push(url);
      }),
    );
    const inverse = page.locator(`header img[src="${company.logoInverse}"]`);
    await waitUntil(
      () => inverse.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      'the header’s logo',
    );
    await frames(page);
    expect(logos, 'the home page’s dark header shows the light-coloured logo only').toEqual([
      company.logoInverse,
    ]);

    const later = page.waitForRequest((r) => new URL(r.url()).pathname === company.logo);
    release();
    await waitForHydration(page);
    await later;

    // So the menu, whose sheet turns the header light, shows its logo at once.
    await page.getByRole('button', { name: siteContent().site.frame.menuButtonLabel }).click();
    const shown = page.locator(`header img[src="${company.logo}"]`);
    await shown.waitFor({ state: 'visible' });
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});

describe('repeat visits', () => {
  const facts = loadSiteFacts(REPO_ROOT);
  let dirs: string[] = [];
  let server: SiteServer | undefined;
  /** Serves a copy of the build (as a deploy would put it) on `port` (0: any free one). */
  async function serve(clientDir: string, port = 0): Promise<string> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'triune-loading-'));
    dirs.push(dataDir);
    server = await createServer({
      basePath: facts.backend,
      forms: facts,
      clientDir,
      dataDir,
      logLevel: 'warn',
    });
    await server.app.listen({ port, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  }
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });

  it('takes what a second page shares with the first from the cache, and its HTML fresh', async () => {
    await open();
    await page.goto(`${baseUrl()}/services/iot`, { waitUntil: 'networkidle' });
    const first = await fetched(page);
    const firstAssets = new Set(first.resources.filter(isAsset).map((f) => f.url));
    expect(
      first.resources.filter(isAsset).every((f) => f.transfer > 0),
      'a fresh browser',
    ).toBe(true);

    await page.goto(`${baseUrl()}/services/mobile-app`, { waitUntil: 'networkidle' });
    const second = await fetched(page);
    const shared = second.resources.filter((f) => isAsset(f) && firstAssets.has(f.url));
    // The entry, React, the frame, the stylesheets and the body font at least.
    expect(shared.length, 'assets both pages use').toBeGreaterThanOrEqual(5);
    expect(
      shared.filter((f) => f.transfer > 0).map((f) => f.url),
      'downloaded again',
    ).toEqual([]);
    expect(second.document.transfer, 'the HTML came from the server').toBeGreaterThan(0);
    const fromNetwork = second.resources.reduce((sum, f) => sum + f.transfer, 0);
    const all = second.resources.reduce((sum, f) => sum + f.body, 0);
    console.log(
      `second page: loaded in ${second.document.ms} ms (first ${first.document.ms} ms); ` +
        `${shared.length} of ${second.resources.filter(isAsset).length} assets from the cache; ` +
        `${Math.round(fromNetwork / 1024)} of ${Math.round(all / 1024)} KB of resources over the network`,
    );

    // A second visit of the first page: its HTML revalidated (304: headers only), nothing downloaded.
    await page.goto(`${baseUrl()}/services/iot`, { waitUntil: 'networkidle' });
    const again = await fetched(page);
    expect(again.document.body, 'the page').toBeGreaterThan(5000);
    expect(again.document.transfer, 'asked the server (not taken from the cache unasked)').toBeGreaterThan(0);
    expect(again.document.transfer, 'a 304: headers only').toBeLessThan(2000);
    expect(
      again.resources.filter((f) => isAsset(f) && f.transfer > 0).map((f) => f.url),
      'assets downloaded again',
    ).toEqual([]);
  });

  it('shows the new page after a deploy, never the one the browser has cached', async () => {
    // Two builds of the site: the one served first, and a later one whose /services/iot differs.
    const root = mkdtempSync(path.join(tmpdir(), 'triune-deploy-'));
    dirs.push(root);
    const [before, after] = [path.join(root, 'before'), path.join(root, 'after')];
    cpSync(clientDir, before, { recursive: true });
    cpSync(clientDir, after, { recursive: true });
    const iot = path.join(after, 'services', 'iot');
    const html = readFileSync(path.join(iot, 'index.html'), 'utf8');
    const changed = html.replace(/(<h1\b[^>]*>)[\s\S]*?(<\/h1>)/, '$1Deployed again$2');
    expect(changed).not.toBe(html);
    writeFileSync(path.join(iot, 'index.html'), changed);
    for (const copy of readdirSync(iot).filter((f) => /\.(br|gz)$/.test(f))) unlinkSync(path.join(iot, copy));

    // The server's HTML as the visitor sees it: JavaScript off, so what shows is what was served.
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    const url = await serve(before);
    await page.goto(`${url}/services/iot`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(title).not.toBe('Deployed again');
    await page.goto(`${url}/about`);

    // Deploy: the server restarts on the later build, at the same address.
    await server?.app.close();
    await serve(after, Number(new URL(url).port));
    await page.goto(`${url}/services/iot`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Deployed again');
    // And back: the earlier build again (a rollback), shown at once too.
    await server?.app.close();
    await serve(before, Number(new URL(url).port));
    await page.goto(`${url}/services/iot`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    // Two copies of the build and three servers: 13 s alone, over a minute under load (a bound only).
  }, 180_000);

  it('follows a link inside the site without loading a document, and back', async () => {
    const { errors } = await open();
    await page.goto(`${baseUrl()}/services/iot`, { waitUntil: 'networkidle' });
    const iotTitle = await page.getByRole('heading', { level: 1 }).textContent();
    await page.evaluate(() => {
      (window as Window & { samePage?: boolean }).samePage = true;
    });
    await page.getByRole('link', { name: siteContent().site.company.name }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe(iotTitle);
    expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(iotTitle);
    expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('hydrates a static block once it comes near the screen, and its links then navigate in place', async () => {
    const { scripts, errors } = await open();
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    const job = deriveCollections(siteContent().pages).jobs[0];
    if (!job) throw new Error('The content has no job');
    const jobCards = built('src/blocks/jobCards/JobCards.tsx');
    // The job cards sit far down the home page: not hydrated, their code not loaded.
    expect(scripts).not.toContain(jobCards);
    const link = page.locator(`main a[href="${job.link}"]`).first();
    expect(await link.evaluate((a) => Object.keys(a).some((k) => k.startsWith('__reactProps')))).toBe(false);

    await link.scrollIntoViewIfNeeded();
    await waitUntil(
      () => link.evaluate((a) => Object.keys(a).some((k) => k.startsWith('__reactProps'))),
      'the job cards to hydrate',
    );
    expect(scripts).toContain(jobCards);
    await page.evaluate(() => {
      (window as Window & { samePage?: boolean }).samePage = true;
    });
    await link.click();
    await page.waitForURL(`${baseUrl()}${job.link}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(job.title);
    expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
  });
});
