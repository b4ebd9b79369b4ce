/**
 * Code that loads when first needed, in the browser: on /services/iot the demo form's code (and the
 * submission code it shares with the other forms) is not requested with the page, nor while the
 * form is far below the screen, only when it comes within one and a half screen heights; sweetalert2
 * only when the form is used. And a visitor who types into the pre-rendered form before its code
 * has arrived loses nothing: the form sends what was typed then.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { responses } from '../../src/forms/rules.ts';
import { expectDialog, waitUntil } from './support/page.ts';
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
