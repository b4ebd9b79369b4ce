/**
 * The page editor speaks the form's language and sets no traps (issue 32, "Traps"): its messages
 * and help name fields by their labels and say what to do in the form (never "Add a line", a
 * property name or a file); the closing date is typed as YYYY-MM-DD whatever the browser's
 * language; and the preview keeps drawing a section while one of its parts is still empty (the
 * other cards stay, the empty one is marked, the console stays clean), with job tiles as on the
 * site. Against the production build, on a server of its own whose content folder is a git copy
 * of this repository's content. Every screen changed is checked with axe at 1280 and 375 px.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { draftsFolderOf } from '../../server/editor/drafts/draftsFolder.ts';
import { StaffAccounts } from '../../server/staff/accounts.ts';
import { axeViolations } from './support/page.ts';
import { launchBrowser, REPO_ROOT, WIDTHS } from './support/site.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const ADMIN = { email: 'boss@example.com', password: 'the first administrator password' };
const EDITOR = { email: 'wren@example.com', name: 'Wren Words', password: 'content editor password' };
const BUILD_CLIENT = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');

let server: SiteServer;
let origin = '';
let contentDir = '';
/** The content folder the server was given (the live branch); `contentDir` is its drafts folder once it runs. */
let liveDir = '';
let dataDir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

const git = (...args: string[]) => execFileSync('git', args, { cwd: contentDir, encoding: 'utf8' }).trim();

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-words-content-'));
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(REPO_ROOT, part), path.join(contentDir, part), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  dataDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-words-data-'));
  const facts = loadSiteFacts(REPO_ROOT);
  const before = process.env.CONTENT_DIR;
  process.env.CONTENT_DIR = contentDir;
  try {
    // Nothing is published here: the server may serve the suite's build as it is.
    server = await createServer({
      basePath: facts.backend,
      forms: facts,
      clientDir: BUILD_CLIENT,
      dataDir,
      logLevel: 'warn',
      admin: { passwordHash: await hashPassword(ADMIN.password, FAST), adminEmail: ADMIN.email },
    });
  } finally {
    if (before === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = before;
  }
  // The editor saves to the drafts worktree the server made (server/editor/drafts/draftsFolder.ts).
  liveDir = contentDir;
  contentDir = draftsFolderOf(liveDir);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  origin = `http://127.0.0.1:${address.port}`;
  await new StaffAccounts(server.db, { hashParams: FAST }).add({ ...EDITOR, role: 'content' });
  browser = await launchBrowser();
  // A browser whose language writes dates as mm/dd/yyyy: the date box must not follow it.
  context = await browser.newContext({ viewport: { width: WIDTHS.desktop, height: 900 }, locale: 'en-US' });
  page = await newTab();
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Email').fill(EDITOR.email);
  await page.getByLabel('Password').fill(EDITOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Content' }).waitFor();
});

/** A tab of the signed-in browser, whose console errors are kept. */
async function newTab(): Promise<Page> {
  const tab = await context.newPage();
  tab.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) consoleErrors.push(m.text());
  });
  tab.on('pageerror', (e) => consoleErrors.push(e.message));
  return tab;
}

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.app.close();
  for (const dir of [liveDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Opens a page from the list, in a tab of its own (the edits of the last one are left as they
 * are), by the name the list shows (its own name, or its search title).
 */
async function openPage(names: RegExp) {
  const previous = page;
  page = await newTab();
  await previous.close({ runBeforeUnload: false });
  await page.goto(`${origin}/admin`);
  // The first list of pages reads every page's history from git: slow on a busy machine.
  await page.getByRole('link', { name: 'Content' }).click({ timeout: 60_000 });
  await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: names }).first().click();
  await page.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor({ timeout: 60_000 });
  await preview().locator('main').first().waitFor({ timeout: 60_000 });
}

/** The block whose legend names `label` (e.g. "1. Page hero"). */
const block = (label: RegExp): Locator =>
  page.locator('fieldset').filter({ has: page.locator(':scope > legend', { hasText: label }) });
const preview = () => page.frameLocator('iframe[title^="Preview of the page"]');

/** The message box under a field (rjsf's `<id>__error`). */
async function messageUnder(field: Locator): Promise<Locator> {
  const id = await field.getAttribute('id');
  return page.locator(`[id="${id}__error"]`);
}

/** Axe at desktop and phone widths, back at desktop. */
async function expectAxeClean(screen: string) {
  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${screen} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

/** Words that only make sense to someone editing the YAML file. */
const FILE_TALK =
  /Add a line|Missing required property|in quotes|validThrough|datePosted|site\.yaml|pages\/|public\//;

describe('the editor speaks the form, not the file', { timeout: 120_000 }, () => {
  it('says "Heading is required" under an emptied heading, and help never explains the file', async () => {
    await openPage(/^(Telematics \(IoT\)|Telematics & IoT Solutions)$/);
    const heading = block(/^1\. /)
      .getByLabel(/^Heading\b/)
      .first();
    await heading.fill('');
    const box = await messageUnder(heading);
    await box.getByText('Heading is required: type it in.', { exact: true }).waitFor();
    expect(await box.textContent()).not.toMatch(FILE_TALK);
    // The help of every field of the page (descriptions rjsf shows, and the messages) in form words.
    const help = await page.locator('.field-description').allTextContents();
    expect(help.length).toBeGreaterThan(10);
    expect(help.filter((h) => FILE_TALK.test(h))).toEqual([]);
    await expectAxeClean('editor with a required heading emptied');
    await heading.fill('Telematics & IoT Solutions');
    await box.waitFor({ state: 'detached' });
  });

  it('counts a pasted 2,000-character heading down to its limit and names the limit', async () => {
    const heading = block(/^1\. /)
      .getByLabel(/^Heading\b/)
      .first();
    await heading.fill('A'.repeat(2000));
    const id = await heading.getAttribute('id');
    await page.locator(`[id="${id}__counter"]`).getByText('2000 / 80 characters — 1920 too many').waitFor();
    const box = await messageUnder(heading);
    await box
      .getByText('Heading is 2000 characters long and at most 80 fit: shorten it by 1920.', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await heading.fill('Telematics & IoT Solutions');
    await box.waitFor({ state: 'detached' });
  });

  it('keeps every card when a bullet is added, marks the empty bullet, and logs no error', async () => {
    consoleErrors.length = 0;
    const grid = block(/Bullet grid/);
    const cards = preview().locator('[data-block-key] article');
    const before = await cards.count();
    expect(before).toBeGreaterThan(1);
    await grid.getByRole('button', { name: 'Add an item to Bullet points' }).first().click();
    const marked = preview().locator('[data-preview-problem]');
    await marked.first().waitFor();
    expect(await marked.first().textContent()).toMatch(/Bullet points, item \d+ is empty$/);
    expect(await cards.count()).toBe(before);
    expect(await preview().locator('main').textContent()).not.toMatch(
      /cannot be shown|shows once its problems/,
    );
    await expectAxeClean('editor with an empty bullet in the preview');
    expect(consoleErrors).toEqual([]);
  });
});

describe('the closing date of a job', { timeout: 120_000 }, () => {
  it('is typed as YYYY-MM-DD in an en-US browser, and its problem names the fields by their labels', async () => {
    await openPage(/^(App Developer|Mobile App Developer \(Bangalore\) \| Careers)$/);
    const closing = page.getByLabel(/^Applications close on/);
    expect(await closing.getAttribute('type')).toBe('text');
    expect(await closing.getAttribute('placeholder')).toBe('YYYY-MM-DD');
    expect(await closing.inputValue()).toBe('2027-02-28');
    // Typing over it, digits only, as on a phone's number pad.
    await closing.fill('');
    await closing.pressSequentially('20261101');
    expect(await closing.inputValue()).toBe('2026-11-01');
    const box = await messageUnder(closing);
    await box
      .getByText(
        '“Applications close on” (2026-11-01) is before “Date posted” (2026-11-02): choose a day on or after 2026-11-02.',
        {
          exact: true,
        },
      )
      .waitFor();
    await expectAxeClean('editor with a closing date before the posting date');
    await closing.fill('2027-02-28');
    await box.waitFor({ state: 'detached' });
  });

  it('shows the job tiles in the preview with their words, as the public page does', async () => {
    const tiles = preview().locator('[data-block-key] dl > div');
    expect(await tiles.count()).toBe(3);
    for (const [legend, value] of [
      ['Work Location', 'Bangalore'],
      ['Job Type', 'Full Time'],
    ]) {
      const tile = tiles.filter({ hasText: legend });
      expect(await tile.locator('dd').textContent()).toMatch(new RegExp(value ?? '', 'i'));
    }
    // The tiles sit on the banner as on the public page: the staff app's own white boxes for its
    // lists (a `dl` rule of its stylesheet) do not reach the preview.
    const background = await preview()
      .locator('[data-block-key] dl')
      .evaluate((dl) => getComputedStyle(dl).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
  });
});
