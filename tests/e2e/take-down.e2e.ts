/**
 * Taking a job opening down in Chromium, as a content editor does when a position is filled
 * (issue 35): Take down in the page list, its address left to lead to Careers, Publish. Then the
 * old address answers 301 to /careers, and the opening is gone from the Careers menu, the home
 * page's job cards, the sitemap and the careers page's structured data; the page file is kept in
 * the repository, marked, in one commit with the redirect. Put back then returns it, redirect gone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type EditorSession, publishDrafts, startEditorSession } from './support/editorSession.ts';
import { axeViolations } from './support/page.ts';

const JOB = '/careers/graphic-designer';
let session: EditorSession;
let page: Page;

beforeAll(async () => {
  session = await startEditorSession('take-down');
  page = await session.signIn();
}, 120_000);
afterAll(() => session?.close());

const text = async (address: string) => (await fetch(`${session.origin}${address}`)).text();
/** The structured data (JSON-LD) of a page. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .join('\n');
/** The structured data of every page the sitemap lists. */
async function siteJsonLd(): Promise<string> {
  const urls = [...(await text('/sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '/').pathname,
  );
  expect(urls.length).toBeGreaterThan(20);
  return (await Promise.all(urls.map(async (u) => jsonLdOf(await text(u))))).join('\n');
}

describe('taking a job opening down', () => {
  it('is live before: in the menu, on the home page, in the sitemap', async () => {
    expect((await fetch(`${session.origin}${JOB}`, { redirect: 'manual' })).status).toBe(200);
    expect(await text('/')).toContain(`href="${JOB}"`);
    expect(await text('/sitemap.xml')).toContain(JOB);
    expect(await siteJsonLd()).toMatch(/"JobPosting"[\s\S]*Graphic Designer/);
  });

  it('asks where the address leads, offering Careers first, and marks the page in the list', async () => {
    // Escape leaves the question without changing anything.
    await page.getByRole('button', { name: 'More for Graphic Designer' }).click();
    await page.getByRole('button', { name: /^Take down Graphic Designer/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Take down “Graphic Designer/ });
    await dialog.waitFor();
    const head = session.git('rev-parse', 'HEAD');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(session.git('rev-parse', 'HEAD')).toBe(head);
    // The keyboard is back on the More that opened it, its list closed.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('More for Graphic Designer');
    expect(
      await page.getByRole('button', { name: 'More for Graphic Designer' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await page.getByRole('button', { name: 'More for Graphic Designer' }).click();
    await page.getByRole('button', { name: /^Take down Graphic Designer/ }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Its address leads to').inputValue()).toBe('/careers');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Take down' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /is taken down\. Publish its draft to take it off the live site\./ })
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Graphic Designer' });
    await row.getByText('Taken down').waitFor();
    expect(await row.getByRole('button', { name: /^Take down/ }).count()).toBe(0);
    // One commit holds both files: the page, marked, and the redirect.
    expect(session.git('show', '--name-only', '--format=', 'HEAD').split('\n')).toEqual([
      'pages/careers/graphic-designer.yaml',
      'redirects.yaml',
    ]);
    const file = readFileSync(path.join(session.contentDir, 'pages/careers/graphic-designer.yaml'), 'utf8');
    expect(parse(file).unpublished).toBe(true);
    // Not live until published.
    expect((await fetch(`${session.origin}${JOB}`, { redirect: 'manual' })).status).toBe(200);
  }, 60_000);

  it('after Publish: 301 to /careers, and gone from the menu, the job cards, the sitemap and the JSON-LD', async () => {
    await publishDrafts(page);
    const old = await fetch(`${session.origin}${JOB}?from=mail`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/careers?from=mail');
    const home = await text('/');
    const careers = await text('/careers');
    expect(home).not.toContain(`href="${JOB}"`);
    expect(careers).not.toContain(`href="${JOB}"`);
    expect(await text('/sitemap.xml')).not.toContain(JOB);
    expect(await siteJsonLd()).not.toContain('Graphic Designer');
    // The other openings are still there.
    expect(home).toContain('href="/careers/app-developer"');
    // A browser that opens the old address lands on Careers.
    const visitor = await session.browser.newPage();
    try {
      await visitor.goto(`${session.origin}${JOB}`);
      expect(new URL(visitor.url()).pathname).toBe('/careers');
    } finally {
      await visitor.close();
    }
    expect(session.errors).toEqual([]);
  }, 180_000);

  it('Put back returns it to the list, and after Publish to the site, its menu and the sitemap', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Graphic Designer' });
    await row.getByRole('button', { name: 'Put back Graphic Designer' }).click();
    const dialog = page.getByRole('dialog', { name: /^Put “Graphic Designer.*back on the site\?$/ });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Put back' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `is back at ${JOB}. Publish its draft` })
      .waitFor();
    await row.getByRole('link', { name: /^View on site/ }).waitFor();
    await row.getByRole('button', { name: 'More for Graphic Designer' }).click();
    await row.getByRole('button', { name: /^Take down/ }).waitFor();
    await page.keyboard.press('Escape');
    expect(await row.getByText('Taken down').count()).toBe(0);
    expect(session.git('show', '--name-only', '--format=', 'HEAD').split('\n')).toEqual([
      'pages/careers/graphic-designer.yaml',
      'redirects.yaml',
    ]);
    await publishDrafts(page);
    expect((await fetch(`${session.origin}${JOB}`, { redirect: 'manual' })).status).toBe(200);
    expect(await text('/')).toContain(`href="${JOB}"`);
    expect(await text('/sitemap.xml')).toContain(JOB);
    expect(session.errors).toEqual([]);
  }, 180_000);
});
