/**
 * The Content section's traps of issue 32, as a content editor meets them in Chromium, against the
 * production build on a server of its own whose content folder is a git repository:
 *   - bad content on disk (a link in pages/, a page made of an alias bomb) is named in the page
 *     list with what is wrong, and the other pages still open; a screen that fails shows what
 *     failed and a way back (the error boundary), never a blank app;
 *   - the page list shows each page's own name (search title on hover), has a search box and a
 *     "View on site" link per page;
 *   - the new page's address follows the title again once its box is emptied, and the hint says so;
 *   - the history says what each version changed, by the form's labels, with old and new words,
 *     and Restore asks first, naming the version.
 * Axe at 1280 and 375 px on each screen these change.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { draftsFolderOf } from '../../server/editor/drafts/draftsFolder.ts';
import { StaffAccounts } from '../../server/staff/accounts.ts';
import { axeViolations } from './support/page.ts';
import { launchBrowser, REPO_ROOT, WIDTHS } from './support/site.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const EDITOR = { email: 'nila@example.com', name: 'Nila Names', password: 'content editor password' };
const BUILD_CLIENT = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');
/** Seven levels of nine aliases: millions of values from a few hundred bytes ("billion laughs"). */
const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...['b', 'c', 'd', 'e', 'f', 'g'].map(
    (name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdef'[i]}`).join(',')}]`,
  ),
  'path: /bomb',
  'title: Bomb',
  'description: A page that explodes when read.',
  'blocks: []',
  '',
].join('\n');

let server: SiteServer;
let origin = '';
let contentDir = '';
/** The content folder the server was given (the live branch); `contentDir` is its drafts folder once it runs. */
let liveDir = '';
let distDir = '';
let dataDir = '';
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

const git = (...args: string[]) => execFileSync('git', args, { cwd: contentDir, encoding: 'utf8' }).trim();

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-pages-content-'));
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(REPO_ROOT, part), path.join(contentDir, part), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  distDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-pages-dist-'));
  cpSync(BUILD_CLIENT, path.join(distDir, 'client'), { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-pages-data-'));

  const facts = loadSiteFacts(REPO_ROOT);
  const before = process.env.CONTENT_DIR;
  process.env.CONTENT_DIR = contentDir;
  try {
    server = await createServer({
      basePath: facts.backend,
      forms: facts,
      clientDir: path.join(distDir, 'client'),
      dataDir,
      logLevel: 'warn',
      admin: { passwordHash: await hashPassword('the first administrator password', FAST) },
    });
  } finally {
    if (before === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = before;
  }
  // The editor saves to the drafts worktree the server made (server/editor/drafts/draftsFolder.ts).
  liveDir = contentDir;
  contentDir = draftsFolderOf(liveDir);
  // Bad content on disk where the editor reads, as a developer's mistake or a bad merge would leave it.
  symlinkSync(path.join(contentDir, 'pages/about.yaml'), path.join(contentDir, 'pages/linked.yaml'));
  writeFileSync(path.join(contentDir, 'pages/bomb.yaml'), ALIAS_BOMB);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  origin = `http://127.0.0.1:${address.port}`;
  await new StaffAccounts(server.db, { hashParams: FAST }).add({ ...EDITOR, role: 'content' });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.app.close();
  for (const dir of [liveDir, distDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A tab of its own at `width`, signed in, on the page list. */
async function pageList(width: number = WIDTHS.desktop): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
  contexts.push(context);
  const tab = await context.newPage();
  tab.on('console', (m) => {
    // Refusals (4xx) are expected in places and judged by what the page shows.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  tab.on('pageerror', (e) => errors.push(e.message));
  await tab.goto(`${origin}/admin#content`);
  await tab.getByLabel('Email').fill(EDITOR.email);
  await tab.getByLabel('Password').fill(EDITOR.password);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await tab.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
  return tab;
}

async function expectAxeClean(tab: Page, screen: string) {
  expect(await axeViolations(tab), screen).toEqual([]);
}

describe('the Content section does not set traps', { timeout: 120_000 }, () => {
  it('bad content on disk: the list still opens, names each bad file and what is wrong; other pages open', async () => {
    const tab = await pageList();
    const linked = tab.getByRole('row').filter({ hasText: 'pages/linked.yaml' });
    await expect.poll(() => linked.textContent()).toContain('is a link to another file');
    const bomb = tab.getByRole('row').filter({ hasText: 'pages/bomb.yaml' });
    expect(await bomb.textContent()).toContain('repeats its own parts so many times');
    // Nothing to press on a file that cannot be opened.
    expect(await bomb.getByRole('button').count()).toBe(0);
    await expectAxeClean(tab, 'page list with bad files');
    const phone = await pageList(WIDTHS.mobile);
    await phone.getByRole('row').filter({ hasText: 'pages/bomb.yaml' }).waitFor();
    await expectAxeClean(phone, 'page list with bad files at 375 px');
    // Site settings and the other pages still open.
    await tab.getByRole('button', { name: 'Telematics (IoT)', exact: true }).click();
    await tab.getByRole('heading', { level: 1, name: /^Edit: Telematics/ }).waitFor();
  });

  it('a screen that fails shows what failed and a way back, not a blank app', async () => {
    const tab = await pageList();
    // The server answers something the list cannot draw (pages without names).
    await tab.route('**/admin/content/pages', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          pages: [
            { file: 'pages/services/a.yaml', path: '/services/a', kind: 'service', lastChange: null },
            { file: 'pages/services/b.yaml', path: '/services/b', kind: 'service', lastChange: null },
          ],
        }),
      }),
    );
    await tab.reload();
    const failed = tab.getByRole('alert').filter({ hasText: 'Something went wrong in the Content section' });
    await failed.waitFor();
    // The shell is still there: the section links and Sign out.
    await tab.getByRole('button', { name: 'Sign out' }).waitFor();
    await expectAxeClean(tab, 'a failed screen');
    await tab.unroute('**/admin/content/pages');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await tab.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    errors.length = 0; // the failure was logged on purpose
  });

  it('the page list: own names with the search title on hover, a search box, View on site', async () => {
    for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
      const tab = await pageList(width);
      const iot = tab.getByRole('button', { name: 'Telematics (IoT)', exact: true });
      expect(await iot.getAttribute('title')).toBe('Search title: Telematics & IoT Solutions');
      // No search titles where people look for names.
      expect(await tab.getByRole('button', { name: /\| Careers$/ }).count()).toBe(0);
      await tab.getByRole('button', { name: 'Graphic Designer', exact: true }).waitFor();

      await tab.getByRole('searchbox', { name: 'Find a page' }).fill('telematics');
      await tab.getByRole('status').filter({ hasText: '1 page matches "telematics".' }).waitFor();
      expect(
        await tab
          .getByRole('row')
          .filter({ has: tab.getByRole('button') })
          .count(),
      ).toBe(1);
      await expectAxeClean(tab, `page list searched at ${width}`);

      const view = tab.getByRole('link', {
        name: /^View on site\s*: Telematics \(IoT\) \(opens in a new tab\)$/,
      });
      expect(await view.getAttribute('target')).toBe('_blank');
      const [live] = await Promise.all([tab.context().waitForEvent('page'), view.click()]);
      await live.waitForLoadState('domcontentloaded');
      expect(new URL(live.url()).pathname).toBe('/services/iot');
      expect(await live.locator('h1').first().textContent()).toContain('Telematics');
      await live.close();

      await tab.getByRole('searchbox', { name: 'Find a page' }).fill('no such page');
      await tab.getByRole('status').filter({ hasText: 'No page matches "no such page".' }).waitFor();
    }
  });

  it('the new-page address follows the title again once its box is emptied, and the hint says which', async () => {
    const tab = await pageList();
    await tab.getByRole('button', { name: 'More for Telematics (IoT)' }).click();
    await tab.getByRole('button', { name: 'New page like this: Telematics (IoT)' }).click();
    const dialog = tab.getByRole('dialog', { name: /New page like/ });
    const address = dialog.getByLabel('Address');
    await dialog.getByLabel('Title').fill('Fleet Cameras');
    expect(await address.inputValue()).toBe('/services/fleet-cameras');
    await dialog
      .getByText('The address follows the title: the page will be at /services/fleet-cameras.')
      .waitFor();

    await address.fill('/services/cams');
    await dialog
      .getByText('You typed this address; empty the box to make it follow the title again.')
      .waitFor();
    await dialog.getByLabel('Title').fill('Fleet Cameras Pro');
    expect(await address.inputValue()).toBe('/services/cams');

    // Emptied: it follows the title again and says so; the box is empty for a new address
    // until the title changes, then shows the title's address again.
    await address.fill('');
    await dialog
      .getByText('The address follows the title: the page will be at /services/fleet-cameras-pro.')
      .waitFor();
    await dialog.getByLabel('Title').fill('Dash Cameras');
    expect(await address.inputValue()).toBe('/services/dash-cameras');
    await dialog
      .getByText('The address follows the title: the page will be at /services/dash-cameras.')
      .waitFor();
    await expectAxeClean(tab, 'new page dialog');
    const phone = await pageList(WIDTHS.mobile);
    await phone.getByRole('button', { name: 'More for Telematics (IoT)' }).click();
    await phone.getByRole('button', { name: 'New page like this: Telematics (IoT)' }).click();
    const small = phone.getByRole('dialog', { name: /New page like/ });
    await small.getByLabel('Title').fill('Dash Cameras');
    await small.getByLabel('Address').fill('');
    await expectAxeClean(phone, 'new page dialog at 375 px');
  });

  it('the history says what each version changed, by labels; Restore asks first, naming the version', async () => {
    const commits = Number(git('rev-list', '--count', 'HEAD'));
    const tab = await pageList();
    await tab.getByRole('button', { name: 'Telematics (IoT)', exact: true }).click();
    await tab.getByRole('heading', { level: 1, name: /^Edit: Telematics/ }).waitFor();
    const hero = tab
      .locator('fieldset')
      .filter({ has: tab.locator(':scope > legend', { hasText: /^1\. / }) });
    await hero
      .getByLabel(/^Heading\b/)
      .first()
      .fill('Telematics that pays for itself');
    await tab.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => Number(git('rev-list', '--count', 'HEAD')), { timeout: 30_000 })
      .toBe(commits + 1);
    expect(git('log', '-1', '--format=%s')).toBe('Telematics (IoT): changed Heading in Page hero');

    await tab.getByRole('button', { name: 'History' }).click();
    const panel = tab.getByRole('region', { name: 'History of this page' });
    const latest = panel.getByRole('listitem').filter({ hasText: /^Telematics \(IoT\): changed Heading/ });
    await latest.waitFor();
    expect(await latest.getByRole('list').textContent()).toBe(
      'Heading in Page hero: “Telematics & IoT Solutions” → “Telematics that pays for itself”',
    );
    await expectAxeClean(tab, 'history with changes');

    // Restore asks first, naming the version; Cancel changes nothing.
    await panel.getByRole('button', { name: 'Restore the version "Initial content"' }).click();
    const question = panel.getByRole('alertdialog', { name: /^Restore the version of .+ by Setup\?/ });
    await question.waitFor();
    await expectAxeClean(tab, 'restore question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await question.count()).toBe(0);
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);

    await panel.getByRole('button', { name: 'Restore the version "Initial content"' }).click();
    await question.getByRole('button', { name: 'Yes, restore this version' }).click();
    await expect
      .poll(() => Number(git('rev-list', '--count', 'HEAD')), { timeout: 30_000 })
      .toBe(commits + 2);
    expect(git('log', '-1', '--format=%s')).toMatch(
      /^Telematics \(IoT\): restored the version of \d{4}-\d\d-\d\d \d\d:\d\d by Setup$/,
    );
    expect(errors).toEqual([]);
  });
});
