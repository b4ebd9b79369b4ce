/**
 * A preview link in Chromium (issue 35): a content editor saves a change to a page, shares a
 * preview from its draft band and copies the link; the link, opened in a browser context with no
 * cookies (a manager without an account), shows the draft marked "Draft, not published" and is
 * never indexed; after Revoke, the same address answers 410 and says who revoked it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, startEditorSession } from './support/editorSession.ts';
import { axeViolations } from './support/page.ts';
import { WIDTHS } from './support/site.ts';

const NEW_HEADING = 'Telematics your drivers will thank you for';
let session: EditorSession;
let page: Page;
let link = '';

beforeAll(async () => {
  session = await startEditorSession('preview-link');
  page = await session.signIn();
}, 120_000);
afterAll(() => session?.close());

describe('a preview link', { timeout: 120_000 }, () => {
  it('is made from the draft band of a page with saved changes', async () => {
    await page.getByRole('button', { name: 'Telematics (IoT)', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Edit: Telematics/ }).waitFor();
    const hero = page
      .locator('fieldset')
      .filter({ has: page.locator(':scope > legend', { hasText: /^1\. / }) });
    await hero
      .getByLabel(/^Heading\b/)
      .first()
      .fill(NEW_HEADING);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const band = page.getByRole('region', { name: 'Draft' });
    await band.getByText(/^Not live yet: saved changes by Priya Editor/).waitFor();

    await band.getByRole('button', { name: 'Share a preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share a preview of this page' });
    await dialog.getByText('No link to this page works now.').waitFor();
    expect(await dialog.getByLabel('Link works for (days)').inputValue()).toBe('7');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    const box = dialog.getByLabel(/^Preview link/);
    await box.waitFor();
    link = await box.inputValue();
    expect(link).toMatch(
      new RegExp(`^${session.origin}/preview/[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]{43}$`),
    );
    await dialog.getByText(/^Made by Priya Editor, .*; works until /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The keyboard is back on the button that opened it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Share a preview');
  });

  it('opens the draft for someone without an account, marked and never indexed', async () => {
    const context = await session.browser.newContext({ viewport: { width: WIDTHS.desktop, height: 800 } });
    try {
      expect(await context.cookies()).toEqual([]);
      const tab = await context.newPage();
      const answer = await tab.goto(link);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await tab.getByRole('heading', { level: 1, name: /^Draft, not published: / }).waitFor();
      await tab
        .getByText(/^A preview of changes that are not on the live site yet, shared by Priya Editor\./)
        .waitFor();
      expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      expect(await tab.title()).toMatch(/^Draft, not published/);
      // The page itself, drawn by the site's components: the new heading, which is not live.
      const frame = tab.frameLocator('iframe[title^="Preview of the draft"]');
      await frame.getByRole('heading', { level: 1, name: NEW_HEADING }).waitFor();
      const live = await (await fetch(`${session.origin}/services/iot`)).text();
      expect(live).not.toContain(NEW_HEADING);
      expect(await axeViolations(tab)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('answers 410 once revoked, saying who revoked it', async () => {
    await page
      .getByRole('region', { name: 'Draft' })
      .getByRole('button', { name: 'Share a preview' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Share a preview of this page' });
    await dialog.getByRole('button', { name: /^Revoke the link made by Priya Editor/ }).click();
    await dialog.getByText('Revoked: the link stops working at once.').waitFor();
    await dialog.getByText('No link to this page works now.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const context = await session.browser.newContext();
    try {
      const tab = await context.newPage();
      const answer = await tab.goto(link);
      expect(answer?.status()).toBe(410);
      await tab.getByRole('heading', { level: 1, name: 'This preview link no longer works' }).waitFor();
      await tab.getByText(/^Priya Editor revoked it on /).waitFor();
      expect(await tab.getByText(NEW_HEADING).count()).toBe(0);
    } finally {
      await context.close();
    }
    expect(session.errors).toEqual([]);
  });
});
