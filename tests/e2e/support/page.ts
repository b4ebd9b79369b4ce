/**
 * Helpers around one browser page: what went wrong while it loaded (console errors, failed
 * requests, requests to another origin), scrolling through it so lazy images load, the form
 * dialogs, and the accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { HYDRATED_ATTRIBUTE } from '../../../src/renderer/hydratedEvent.ts';

/** WCAG 2.0, 2.1 and 2.2 rules at levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Hygiene {
  /** Every problem seen so far, one line each. */
  problems: string[];
}

/**
 * Watches a page for console errors, uncaught exceptions, failed requests, answers with an error
 * status and requests leaving the site's origin. `allowStatus` lists "url status" pairs that are
 * expected (the 404 page's own document).
 */
export function watchHygiene(page: Page, origin: string, allowStatus: string[] = []): Hygiene {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // Chrome repeats an error status as a console error; that answer is judged below on its own.
    if (/^Failed to load resource: the server responded with a status of/.test(text)) {
      const url = msg.location().url;
      const allowed = allowStatus.some((a) => a.startsWith(`${url} `));
      if (allowed) return;
    }
    problems.push(`console error: ${text} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // A navigation away aborts what the previous page still had in flight: not a defect.
    if (failure === 'net::ERR_ABORTED' && request.resourceType() !== 'document') return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin)
      problems.push(`request to another origin: ${request.method()} ${url}`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status < 400) return;
    const key = `${response.url()} ${status}`;
    if (!allowStatus.includes(key)) problems.push(`error answer: ${status} for ${response.url()}`);
  });
  return { problems };
}

/**
 * Opens `url` and waits until its code has hydrated it. The page's scripts load after its first
 * paint (scripts/build/scriptsAfterPaint.ts), so the load event no longer means the page answers to
 * keys and clicks; a test of what the code does waits for that, as a visitor would for a tap to work.
 * (Presses made before hydration are tested on their own in loading.e2e.ts.)
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** Waits until the page's code has hydrated it (`<html data-hydrated>`, set by the browser entry). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction((name) => document.documentElement.dataset[name] === 'true', HYDRATED_ATTRIBUTE);
}

/** Scrolls the whole page in screen-high steps (so lazy images load), then back to the top. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 40)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight * 0.9) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await frame();
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frame();
  });
}

/**
 * Every <img> of the page, loaded: lazy ones are switched to eager loading (so pictures far down the
 * page, hidden or in a carousel's other slides load too), then each must finish with a picture
 * (naturalWidth > 0). Returns the ones that did not, by address, or that had not finished after
 * `timeout` ms.
 */
export async function brokenImages(page: Page, timeout = 15_000): Promise<string[]> {
  return page.evaluate(async (limit) => {
    const images = Array.from(document.images);
    for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
    const settled = (img: HTMLImageElement) =>
      img.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            img.addEventListener('load', () => resolve(), { once: true });
            img.addEventListener('error', () => resolve(), { once: true });
          });
    await Promise.race([
      Promise.all(images.map(settled)),
      new Promise((resolve) => setTimeout(resolve, limit)),
    ]);
    return images
      .filter((img) => !img.complete || img.naturalWidth === 0)
      .map((img) => `${img.currentSrc || img.src}${img.complete ? '' : ' (still loading)'}`);
  }, timeout);
}

/**
 * Controls smaller than 44 x 44 CSS pixels (the touch-target size the design system promises), one
 * line each. Links inside running text are exempt, as WCAG exempts them: they cannot grow without
 * breaking the line. Hidden and inert controls are skipped.
 */
export function smallTouchTargets(page: Page, minimum = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="option"], [tabindex="0"]',
    );
    const small: string[] = [];
    for (const el of controls) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('[hidden], [aria-hidden="true"], [inert]')) continue;
      const inText =
        el.tagName === 'A' && style.display === 'inline' && el.parentElement?.matches('p, li, span, dd');
      if (inText) continue;
      // A hundredth of a pixel of slack: a box moved by a fractional transform (the chat hint's
      // bounce) measures 43.99999… in floating point, as one CI run on a loaded machine found.
      if (rect.width >= min - 0.01 && rect.height >= min - 0.01) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim();
      small.push(
        `<${el.tagName.toLowerCase()}> "${name.slice(0, 40)}" is ${Math.round(rect.width)}x${Math.round(rect.height)}`,
      );
    }
    return [...new Set(small)];
  }, minimum);
}

/** The axe violations of the page (WCAG 2.2 A/AA), one readable line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 4)
      .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
      .join('\n');
    const more = v.nodes.length > 4 ? `\n    ...and ${v.nodes.length - 4} more` : '';
    return `${v.id} (${v.impact}): ${v.help}\n${nodes}${more}`;
  });
}

/** The sweetalert2 dialog now shown. */
export const dialog = (page: Page): Locator => page.locator('.swal2-popup');

/** Waits for the dialog, checks its title and text, then closes it with its button. */
export async function expectDialog(page: Page, title: string, text: string): Promise<void> {
  const popup = dialog(page);
  await popup.waitFor({ state: 'visible' });
  expect({
    title: await popup.locator('.swal2-title').textContent(),
    text: await popup.locator('.swal2-html-container').textContent(),
  }).toEqual({ title, text });
  // Click OK once the dialog has finished appearing, as a person would. (In one CI run on a busy
  // machine a dialog stayed open after its OK was clicked; a click during the entrance animation is
  // the only suspect found, so the suite no longer does that.)
  await popup.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  await popup.locator('.swal2-confirm').click();
  await popup.waitFor({ state: 'hidden' });
}

/** Waits until `fn` returns true (checked every 50 ms), failing with `what` after `timeout` ms. */
export async function waitUntil(fn: () => Promise<boolean>, what: string, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
