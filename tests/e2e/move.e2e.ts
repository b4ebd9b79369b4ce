/**
 * Changing a page's address in Chromium, as a content editor does (issue 35): Change address in the
 * page list, a new address typed, Publish. Then the old address answers 301 to the new one, the
 * page is served there, and the footer's link on every page points at the new address; the move is
 * one commit, which git records as a rename.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, publishDrafts, startEditorSession } from './support/editorSession.ts';
import { axeViolations } from './support/page.ts';

const OLD = '/privacy';
const NEW = '/privacy-notice';
let session: EditorSession;
let page: Page;

beforeAll(async () => {
  session = await startEditorSession('move');
  page = await session.signIn();
}, 120_000);
afterAll(() => session?.close());

const text = async (address: string) => (await fetch(`${session.origin}${address}`)).text();

describe('changing a page’s address', () => {
  it('asks for the new address, refuses one in use in words, and moves the page', async () => {
    expect(await text('/')).toContain(`href="${OLD}"`);
    await page.getByRole('button', { name: 'More for Privacy Notice' }).click();
    await page.getByRole('button', { name: 'Change address of Privacy Notice' }).click();
    const dialog = page.getByRole('dialog', { name: /^Change the address of “Privacy Notice/ });
    await dialog.waitFor();
    const address = dialog.getByLabel('New address');
    expect(await address.inputValue()).toBe(OLD);
    expect(await axeViolations(page)).toEqual([]);
    // An address another page has: refused, said in words, nothing written.
    const head = session.git('rev-parse', 'HEAD');
    await address.fill('/about');
    await dialog.getByRole('button', { name: 'Change address' }).click();
    await dialog.getByText('Another page already uses /about. Choose an address no page has.').waitFor();
    expect(session.git('rev-parse', 'HEAD')).toBe(head);

    await address.fill(NEW);
    await dialog.getByRole('button', { name: 'Change address' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText: `Privacy Notice is now at ${NEW}; ${OLD} leads there, and the links to it in 1 file were changed.`,
      })
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Privacy Notice' });
    await row.getByText(NEW, { exact: true }).waitFor();
    // One commit: the page renamed, the redirect, the footer's link.
    expect(session.git('show', '--name-status', '--find-renames', '--format=', 'HEAD').split('\n')).toEqual([
      expect.stringMatching(/^R\d+\tpages\/privacy\.yaml\tpages\/privacy-notice\.yaml$/),
      'M\tredirects.yaml',
      'M\tsite.yaml',
    ]);
    // Not live until published.
    expect((await fetch(`${session.origin}${OLD}`, { redirect: 'manual' })).status).toBe(200);
  }, 60_000);

  it('after Publish: the old address answers 301 to the new one, and the links lead there', async () => {
    await publishDrafts(page);
    const old = await fetch(`${session.origin}${OLD}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(NEW);
    expect((await fetch(`${session.origin}${NEW}`)).status).toBe(200);
    for (const address of ['/', '/about', '/careers']) {
      const html = await text(address);
      expect(html).toContain(`href="${NEW}"`);
      expect(html).not.toContain(`href="${OLD}"`);
    }
    // A visitor follows the footer's link from the home page to the page at its new address.
    const visitor = await session.browser.newPage();
    try {
      await visitor.goto(`${session.origin}/`);
      await visitor
        .getByRole('contentinfo')
        .getByRole('link', { name: /privacy/i })
        .first()
        .click();
      await visitor.waitForURL(`**${NEW}`);
      // Navigation inside the site: the address changes first, then the page is drawn.
      await visitor.getByRole('heading', { level: 1, name: /privacy/i }).waitFor();
      expect(await visitor.getByRole('heading', { level: 1 }).count()).toBe(1);
    } finally {
      await visitor.close();
    }
    expect(session.errors).toEqual([]);
  }, 180_000);
});
