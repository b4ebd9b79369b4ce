/**
 * The frame's ARIA references in every state a visitor can put it in (issue 33): each
 * aria-controls, aria-labelledby and aria-describedby on the page names an element that is really
 * in the document, and axe finds nothing, whether the page's code has arrived or not, with the chat
 * button's hint shown, its "Let's Talk" panel open and closed again, a desktop dropdown open and,
 * on a phone, the menu sheet open. Before the fix, the chat button named its panel by an id the
 * pre-rendered page gave it, while the panel mounted after hydration carried another one.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { danglingReferences } from './support/ariaReferences.ts';
import { holdScripts } from './support/heldScripts.ts';
import { axeViolations, gotoHydrated, waitForHydration } from './support/page.ts';
import { baseUrl, launchBrowser, newContext, siteContent, WIDTHS } from './support/site.ts';

const frame = () => siteContent().site.frame;

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

/**
 * Every reference on the page resolves and axe is clean, in the state called `state`. Soft
 * expectations: a broken state does not hide the ones after it.
 */
async function expectSound(state: string): Promise<void> {
  const { checked, dangling } = await danglingReferences(page);
  expect.soft(checked, `${state}: ARIA references checked`).toBeGreaterThan(0);
  expect.soft(dangling, `${state}: references to ids not in the document`).toEqual([]);
  expect.soft(await axeViolations(page), `${state}: axe`).toEqual([]);
}

const chatButton = () => page.getByRole('button', { name: frame().chatButtonLabel });
const chatPanel = () => page.getByRole('dialog', { name: frame().chatTitle });

/** Opens the chat panel from its button and waits for the contact form's fields inside it. */
async function openChat(): Promise<void> {
  await chatButton().click();
  await chatPanel().waitFor({ state: 'visible' });
  await chatPanel().getByRole('textbox').first().waitFor();
}

async function closeChat(): Promise<void> {
  await chatPanel().getByRole('button', { name: frame().closeLabel }).click();
  await chatPanel().waitFor({ state: 'hidden' });
}

describe('the frame’s ARIA references', () => {
  it('resolve, and axe is clean, on /about at 1280px: before and after hydration, hint, dropdown, chat open and closed', async () => {
    context = await newContext(browser, WIDTHS.desktop);
    page = await context.newPage();
    await page.clock.install();
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/about`, { waitUntil: 'domcontentloaded' });
    await page.locator('h1').waitFor();
    await expectSound('pre-rendered, before the code arrives');

    release();
    await waitForHydration(page);
    await expectSound('hydrated, chat closed');

    await page.clock.runFor(frame().chatHintDelayMs + 100);
    await page.getByRole('button', { name: frame().chatHint }).waitFor();
    await expectSound('the Need help? hint shown');

    const nav = page.getByRole('navigation', { name: frame().mainMenuLabel }).first();
    const products = nav.getByRole('button', { name: 'Products' });
    await products.focus();
    await page.keyboard.press('ArrowDown');
    await page.locator(`#${await products.getAttribute('aria-controls')}`).waitFor({ state: 'visible' });
    await expectSound('the Products dropdown open');
    await page.keyboard.press('Escape');

    await openChat();
    expect(await chatButton().getAttribute('aria-expanded')).toBe('true');
    await expectSound('the Let’s Talk panel open');

    await closeChat();
    await expectSound('the panel closed again');
  });

  it('resolve, and axe is clean, at 375px with the menu sheet and a section open, then the chat panel', async () => {
    context = await newContext(browser, WIDTHS.mobile);
    page = await context.newPage();
    await gotoHydrated(page, `${baseUrl()}/about`);
    await expectSound('a phone, hydrated');

    const hamburger = page.getByRole('button', { name: frame().menuButtonLabel });
    await hamburger.click();
    const sheet = page.locator(`#${await hamburger.getAttribute('aria-controls')}`);
    await sheet.waitFor({ state: 'visible' });
    const services = sheet.getByRole('button', { name: 'Services' });
    await services.click();
    await sheet.locator(`#${await services.getAttribute('aria-controls')}`).waitFor({ state: 'visible' });
    await expectSound('the menu sheet open, Services expanded');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });

    await openChat();
    await expectSound('a phone, the Let’s Talk panel open');
  });
});
