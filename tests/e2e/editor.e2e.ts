/**
 * The visual page editor (/admin, Content) in Chromium against the production build, on a server
 * of its own whose content folder is a git repository copied from this one (real files, real git):
 * a content editor signs in, makes the service page "Drone Training" from School Management with
 * the form controls only, watches the preview follow the heading, meets the validator's message,
 * saves (the YAML is valid and on disk, a commit), publishes (the page is live and in the Services
 * menu), undoes and redoes, runs into a conflict, looks at and restores an earlier version, and
 * adds a block by keyboard only; an inbox-only account sees no Content section and gets 403 from
 * the content API. Every screen is checked with axe.
 * The tests run in order and build on each other (one editor session through a working day).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { draftsFolderOf } from '../../server/editor/drafts/draftsFolder.ts';
import { StaffAccounts } from '../../server/staff/accounts.ts';
import { axeViolations } from './support/page.ts';
import { launchBrowser, newContext, REPO_ROOT, WIDTHS } from './support/site.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const ADMIN = { email: 'boss@example.com', password: 'the first administrator password' };
const EDITOR = { email: 'cora@example.com', name: 'Cora Content', password: 'content editor password' };
const DESK = { email: 'desk@example.com', name: 'Fran Desk', password: 'front desk password' };
const FILE = 'pages/services/drone-training.yaml';
const TEMPLATE = 'pages/services/school-management.yaml';
const BUILD_CLIENT = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');

let server: SiteServer;
let origin = '';
let contentDir = '';
/** The content folder the server was given (the live branch); `contentDir` is its drafts folder once it runs. */
let liveDir = '';
let distDir = '';
let dataDir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

const git = (...args: string[]) => execFileSync('git', args, { cwd: contentDir, encoding: 'utf8' }).trim();
const onDisk = (file = FILE) => readFileSync(path.join(contentDir, file), 'utf8');

beforeAll(async () => {
  // The content: site.yaml, pages/ and public/ (the pictures, and what a publish build copies).
  contentDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-editor-content-'));
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(REPO_ROOT, part), path.join(contentDir, part), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  // Publishing replaces DIST_DIR/client: this server serves a copy, never the suite's shared build.
  distDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-editor-dist-'));
  cpSync(BUILD_CLIENT, path.join(distDir, 'client'), { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-editor-data-'));

  const facts = loadSiteFacts(REPO_ROOT);
  // The server takes its content folder from CONTENT_DIR, as under `npm start`.
  const before = process.env.CONTENT_DIR;
  process.env.CONTENT_DIR = contentDir;
  try {
    server = await createServer({
      basePath: facts.backend,
      forms: facts,
      clientDir: path.join(distDir, 'client'),
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
  await new StaffAccounts(server.db, { hashParams: FAST }).add({
    email: EDITOR.email,
    name: EDITOR.name,
    role: 'content',
    password: EDITOR.password,
  });
  await new StaffAccounts(server.db, { hashParams: FAST }).add({ ...DESK, role: 'inbox' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: WIDTHS.desktop, height: 800 } });
  page = await context.newPage();
  page.on('console', (m) => {
    // Refusals (409, 4xx) are expected in places and judged by what the page shows.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.app.close();
  for (const dir of [liveDir, distDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The block whose legend names `label` (e.g. "1. Page hero"). */
const block = (label: RegExp): Locator =>
  page.locator('fieldset').filter({ has: page.locator(':scope > legend', { hasText: label }) });
const heroHeading = () =>
  block(/^1\. /)
    .getByLabel(/^Heading\b/)
    .first();
const preview = () => page.frameLocator('iframe[title^="Preview of the page"]');
const saveButton = () => page.getByRole('button', { name: 'Save', exact: true });
const saveStatus = () => page.locator('#save-status');

async function expectAxeClean(screen: string) {
  expect(await axeViolations(page), screen).toEqual([]);
}

/** The validator's own words for a file's problems, as `npm run validate` finds them in a folder. */
function validatorMessages(file: string, text: string): string[] {
  const copy = mkdtempSync(path.join(tmpdir(), 'triune-e2e-editor-check-'));
  try {
    for (const part of ['site.yaml', 'pages', 'public'])
      cpSync(path.join(contentDir, part), path.join(copy, part), { recursive: true });
    writeFileSync(path.join(copy, file), text);
    return readFolder(copy)
      .errors.filter((e) => e.file === file)
      .map((e) => e.message);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

// The staff app and axe over a page with a preview frame are heavy on this 2-core machine.
describe('the page editor', { timeout: 120_000 }, () => {
  it("opens a page under the server's own Content-Security-Policy", async () => {
    const strict = await newContext(browser, WIDTHS.desktop);
    try {
      const tab = await strict.newPage();
      const problems: string[] = [];
      tab.on('pageerror', (e) => problems.push(e.message.slice(0, 200)));
      await tab.goto(`${origin}/admin`);
      await tab.getByLabel('Email').fill(EDITOR.email);
      await tab.getByLabel('Password').fill(EDITOR.password);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByRole('link', { name: 'Content' }).click();
      await tab.getByRole('button', { name: 'Privacy Notice', exact: true }).click();
      await tab.getByRole('heading', { level: 1, name: 'Edit: Privacy Notice' }).waitFor({ timeout: 15_000 });
      expect(problems).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('signs a content editor in and creates "Drone Training" from School Management with the form', async () => {
    expect((await page.goto(`${origin}/admin`))?.status()).toBe(200);
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Content' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    await expectAxeClean('page list');

    await page.getByRole('button', { name: /^More for School Management/ }).click();
    await page.getByRole('button', { name: /^New page like this: School Management/ }).click();
    const dialog = page.getByRole('dialog', { name: /New page like/ });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill('Drone Training');
    expect(await dialog.getByLabel('Address').inputValue()).toBe('/services/drone-training');
    await dialog.getByText('The page will be at /services/drone-training.').waitFor();
    await expectAxeClean('new page dialog');
    await dialog.getByRole('button', { name: 'Create page' }).click();

    const h1 = page.getByRole('heading', { level: 1, name: 'Edit: Drone Training' });
    await h1.waitFor();
    expect(await h1.evaluate((el) => el === document.activeElement)).toBe(true);
    const text = onDisk();
    expect(text).toMatch(/^path: \/services\/drone-training$/m);
    expect(text).toMatch(/^title: Drone Training$/m);
    expect(git('log', '-1', '--format=%an <%ae>|%s', '--', FILE)).toBe(
      `${EDITOR.name} <${EDITOR.email}>|Drone Training: new page (${FILE})`,
    );
    await preview().locator('h1').waitFor();
    await expectAxeClean('two-pane editor');
  });

  it('shows the heading in the preview as it is typed', async () => {
    const field = heroHeading();
    await field.fill('');
    const delays: number[] = [];
    let typed = '';
    for (const key of 'Drone Training') {
      typed += key;
      const started = Date.now();
      await field.press(key === ' ' ? 'Space' : key);
      // Each keystroke, the preview's heading shows what the field holds.
      await preview()
        .locator('h1', { hasText: new RegExp(`^${typed.trim()}\\s*$`) })
        .waitFor({ timeout: 5000 });
      delays.push(Date.now() - started);
    }
    delays.sort((a, b) => a - b);
    console.log(
      `  preview after a keystroke (Playwright round trip included): median ${delays[delays.length >> 1]} ms, worst ${delays.at(-1)} ms`,
    );
  });

  it("shows the validator's message next to an emptied required field and disables Save", async () => {
    const field = heroHeading();
    await field.fill('');
    // An emptied text is dropped from the data: the validator finds the file without the line, and
    // the editor says it in the form's words (src/admin/content/formMessages.ts), not the file's.
    expect(validatorMessages(FILE, onDisk().replace(/^ {4}heading:.*\n/m, '')).length).toBeGreaterThan(0);
    const expected = ['Heading is required: type it in.'];
    // Next to the field: in the message box the field names as its description (aria-describedby).
    const id = await field.getAttribute('id');
    const box = page.locator(`[id="${id}__error"]`);
    for (const message of expected) await box.getByText(message, { exact: true }).waitFor();
    expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(`${id}__error`);
    expect(await saveButton().isDisabled()).toBe(true);
    await expect.poll(() => saveStatus().textContent()).toMatch(/problems? to fix before saving/);
    await expectAxeClean('editor with a validation message');

    await field.fill('Drone Training');
    await expect.poll(() => saveButton().isEnabled()).toBe(true);
  });

  it('saves a YAML file that passes the validator and keeps the schema line', async () => {
    const commits = Number(git('rev-list', '--count', 'HEAD'));
    await saveButton().click();
    await expect.poll(() => saveStatus().textContent()).toBe('Saved and recorded in the history.');
    const text = onDisk();
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/page.schema.json');
    expect(text).toMatch(/^ {4}heading: Drone Training$/m);
    const check = readFolder(contentDir);
    expect(check.errors.filter((e) => e.file === FILE)).toEqual([]);
    expect(check.errors).toEqual([]);
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
  });

  it("keeps the template's comments in the new page", () => {
    const comments = (text: string) =>
      text.split('\n').filter((l) => /^\s*# (?!yaml-language-server)/.test(l));
    const template = comments(onDisk(TEMPLATE));
    expect(template.length).toBeGreaterThan(3);
    expect(comments(onDisk())).toEqual(expect.arrayContaining(template.slice(0, 3)));
  });

  it('gives an inbox-only account no Content section and 403 from the content API', async () => {
    const other = await browser.newContext({
      viewport: { width: WIDTHS.desktop, height: 800 },
    });
    try {
      const tab = await other.newPage();
      await tab.goto(`${origin}/admin`);
      await tab.getByLabel('Email').fill(DESK.email);
      await tab.getByLabel('Password').fill(DESK.password);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByRole('heading', { level: 1, name: 'Submissions inbox' }).waitFor();
      expect(await tab.getByRole('link', { name: 'Content' }).count()).toBe(0);
      const statuses = await tab.evaluate(async () =>
        Promise.all(
          ['/backend/api/admin/content/pages', '/backend/api/admin/content/site'].map(
            async (url) => (await fetch(url)).status,
          ),
        ),
      );
      expect(statuses).toEqual([403, 403]);
    } finally {
      await other.close();
    }
  });

  it('publishes: the page answers at /services/drone-training and is in the Services menu', async () => {
    expect((await fetch(`${origin}/services/drone-training`)).status).toBe(404);
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    const started = Date.now();
    // The new page is a draft until published: the Drafts view lists it, ticked.
    await page.getByRole('button', { name: /^Drafts and publishing \(\d+\)$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor();
    await page.getByRole('checkbox', { name: 'Publish Drone Training' }).waitFor();
    expect(await page.getByText('new, not on the site yet').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Publish selected \((\d+) of \1\)$/ }).click();
    await page.getByRole('progressbar', { name: 'Publishing progress' }).waitFor();
    await page.getByText(/^Published: \d+ pages are live/).waitFor({ timeout: 170_000 });
    console.log(`  Publish to live: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The publish log (in the server's database) says who put the live version there.
    await page.getByText(`Live version published by ${EDITOR.name}, `).waitFor();
    await page.getByText('Every saved change is live: there are no drafts.').waitFor();
    await expectAxeClean('drafts view after publishing');
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();

    const site = await browser.newPage();
    try {
      expect((await site.goto(`${origin}/services/drone-training`))?.status()).toBe(200);
      await site.getByRole('heading', { level: 1, name: 'Drone Training' }).waitFor();
      const inMenu = site.locator('header a[href="/services/drone-training"]');
      expect(await inMenu.count()).toBeGreaterThan(0);
      expect((await inMenu.first().textContent())?.trim()).toBe('Drone Training');
    } finally {
      await site.close();
    }
  }, 180_000);

  it('still serves the staff area after publishing', async () => {
    const other = await browser.newContext({
      viewport: { width: WIDTHS.desktop, height: 800 },
    });
    try {
      const tab = await other.newPage();
      const missing: string[] = [];
      tab.on('response', (r) => {
        if (r.status() === 404) missing.push(r.url());
      });
      await tab.goto(`${origin}/admin`);
      await tab.getByLabel('Email').waitFor({ timeout: 10_000 });
      expect(missing).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('undoes and redoes with the buttons and with Ctrl+Z / Shift+Ctrl+Z', async () => {
    await page.getByRole('button', { name: 'Drone Training', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit: Drone Training' }).waitFor();
    const field = heroHeading();
    await field.fill('Drone Pilots');
    await preview().locator('h1', { hasText: 'Drone Pilots' }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await field.inputValue()).toBe('Drone Training');
    await preview()
      .locator('h1', { hasText: /^Drone Training$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await field.inputValue()).toBe('Drone Pilots');
    await field.press('Control+z');
    expect(await field.inputValue()).toBe('Drone Training');
    await field.press('Shift+Control+z');
    expect(await field.inputValue()).toBe('Drone Pilots');
  });

  it("merges a save with a change made behind the editor's back to another field", async () => {
    // A text editor (or a colleague) changes the subheading on disk meanwhile.
    const theirs = onDisk().replace(/^( {4}subheading:).*$/m, '$1 Changed in a text editor.');
    writeFileSync(path.join(contentDir, FILE), theirs);
    await saveButton().click();
    await expect
      .poll(() => saveStatus().textContent(), { timeout: 20_000 })
      .toBe("Saved, together with someone else's changes made meanwhile.");
    // Both survive: the user's heading and the subheading changed on disk (before issue 32,
    // "Save mine over theirs" put the old subheading back).
    expect(onDisk()).toMatch(/^ {4}heading: Drone Pilots$/m);
    expect(onDisk()).toMatch(/^ {4}subheading: Changed in a text editor\.$/m);
    expect(await heroHeading().inputValue()).toBe('Drone Pilots');
    await expectAxeClean('after a merged save');
  });

  it('restores an earlier version from History as a new commit', async () => {
    const commits = Number(git('rev-list', '--count', 'HEAD'));
    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('region', { name: 'History of this page' });
    // The versions (each lists the fields it changed in a list of its own).
    const versions = panel
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Show the version/ }) });
    await versions.first().waitFor();
    expect(await versions.count()).toBe(3); // create, edit, edit over theirs
    await expectAxeClean('history');

    // Any version can be looked at in the preview, read-only and labelled, beside the draft.
    const created = versions.filter({ hasText: /^Drone Training: new page/ });
    await created.getByRole('button', { name: /^Show the version/ }).click();
    const label = page.getByRole('heading', {
      level: 2,
      name: new RegExp(`^Version of .+ by ${EDITOR.name}$`),
    });
    await label.waitFor();
    const old = page.frameLocator('iframe[title^="Preview of the Version of"]');
    await old.locator('h1', { hasText: /^School Management Software\s*$/ }).waitFor();
    await page.getByText('Read only: this version cannot be edited.').waitFor();
    expect(await heroHeading().inputValue()).toBe('Drone Pilots');
    await expectAxeClean('a version in the preview');
    await page.getByRole('button', { name: 'Back to the current draft' }).click();
    await preview()
      .locator('h1', { hasText: /^Drone Pilots\s*$/ })
      .waitFor();
    expect(await label.count()).toBe(0);

    await panel.getByRole('button', { name: /^Restore the version "Drone Training: new page/ }).click();
    // Restore asks first, naming the version.
    const question = panel.getByRole('alertdialog', { name: /^Restore the version of .+ by / });
    await question.getByRole('button', { name: 'Yes, restore this version' }).click();
    await expect
      .poll(() => saveStatus().textContent(), { timeout: 20_000 })
      .toBe('The earlier version is back (saved as a new version).');
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
    expect(git('log', '-1', '--format=%an|%s')).toMatch(
      new RegExp(`^${EDITOR.name}\\|Drone Training: restored the version of `),
    );
    // The version made from the template had the template's heading.
    expect(onDisk()).toMatch(/^ {4}heading: School Management Software$/m);
    expect(await heroHeading().inputValue()).toBe('School Management Software');
  });

  it('adds a block with the keyboard only (Tab, arrow keys, Enter)', async () => {
    const blocks = page.locator('fieldset[data-block-key]');
    const before = await blocks.count();
    await page.getByRole('heading', { level: 1, name: /^Edit: / }).focus();
    const select = page.getByLabel('Add a section');
    for (let i = 0; i < 600; i++) {
      if (await select.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await select.evaluate((el) => el === document.activeElement)).toBe(true);
    const first = await select.inputValue();
    await page.keyboard.press('ArrowDown');
    const chosen = await select.inputValue();
    expect(chosen).not.toBe(first);
    const label = (await select.locator('option:checked').textContent())?.trim() ?? '';
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add at the end');
    await page.keyboard.press('Enter');
    await expect.poll(() => blocks.count()).toBe(before + 1);
    expect((await blocks.last().locator(':scope > legend').textContent())?.trim()).toBe(
      `${before + 1}. ${label}`,
    );
    // The keyboard is now in the new block.
    expect(await blocks.last().evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectAxeClean('editor after adding a block');
  });

  it('keeps the site settings screen axe clean', async () => {
    await page.getByRole('button', { name: '← All pages' }).click();
    // The added block is not saved: the editor asks first.
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await page.getByRole('button', { name: 'Site settings' }).click();
    await page.getByRole('heading', { level: 1, name: /Site settings/ }).waitFor();
    await expectAxeClean('site settings');
    expect(errors).toEqual([]);
  });
});

// Issue 32: work is never lost. Each test signs in in contexts of its own (two accounts for the
// merge), on pages the tests above leave alone.
describe('unsaved and concurrent work', { timeout: 300_000 }, () => {
  const ARJUN = { email: 'arjun@example.com', name: 'Arjun Content', password: 'second content editor pw' };
  const IOT = 'pages/services/iot.yaml';
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    await new StaffAccounts(server.db, { hashParams: FAST }).add({ ...ARJUN, role: 'content' });
  });
  afterAll(async () => {
    for (const c of opened) await c.close().catch(() => undefined);
  });

  async function signedIn(
    account: { email: string; password: string },
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
  ): Promise<{ context: BrowserContext; tab: Page }> {
    const context = await browser.newContext({
      viewport: { width: WIDTHS.desktop, height: 800 },
      ...(storageState && { storageState }),
    });
    opened.push(context);
    const tab = await context.newPage();
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(`${origin}/admin#content`);
    if (!storageState) {
      await tab.getByLabel('Email').fill(account.email);
      await tab.getByLabel('Password').fill(account.password);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByRole('link', { name: 'Content' }).click();
    }
    await tab.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    return { context, tab };
  }

  /** Opens a page from the list by the start of its name. */
  async function openPage(tab: Page, name: RegExp) {
    await tab.locator('button, a').filter({ hasText: name }).first().click();
    await tab.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor();
  }

  const field = (tab: Page, section: RegExp, label: RegExp) =>
    tab
      .locator('fieldset')
      .filter({ has: tab.locator(':scope > legend', { hasText: section }) })
      .getByLabel(label)
      .first();
  const status = (tab: Page) => tab.locator('#save-status');
  /** A save commits to git: seconds on a busy two-core machine. */
  const SAVE_WAIT = { timeout: 20_000 };

  /**
   * Axe on the whole screen at 1280 px, and at 375 px on what this issue changed (`part`): the
   * preview pane at 375 px is the small-screen layout's to fix (issue 32, "Keyboard and small
   * screens"; axe says its frame's scrolling box cannot be reached by keyboard).
   */
  async function axeAtBothWidths(tab: Page, screen: string, part: string) {
    expect(await axeViolations(tab), `${screen} at 1280 px`).toEqual([]);
    await tab.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(tab, part), `${screen} at 375 px`).toEqual([]);
    await tab.setViewportSize({ width: WIDTHS.desktop, height: 800 });
  }
  const FORM_PANE = '[class*="_formPane_"]';

  it('offers the text typed before a crash back when the page is opened again', async () => {
    const first = await signedIn(EDITOR);
    await openPage(first.tab, /^Privacy Notice/);
    const title = first.tab.locator('#page_title');
    await title.fill('Privacy Notice (typed before the crash)');
    // Kept as typed (after the typing pause), not when leaving: nothing is left to run on a crash.
    await expect
      .poll(
        () => first.tab.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('privacy'))),
        SAVE_WAIT,
      )
      .toHaveLength(1);
    const state = await first.context.storageState();
    // Closing the context runs no unload handler: as when the browser crashes.
    await first.context.close();
    expect(onDisk('pages/privacy.yaml')).toMatch(/^title: Privacy Notice$/m);

    const again = await signedIn(EDITOR, state);
    await openPage(again.tab, /^Privacy Notice/);
    const offer = again.tab.getByRole('alert').filter({ hasText: 'You have unsaved changes from' });
    await offer.waitFor();
    expect(await offer.textContent()).toMatch(/You have unsaved changes from \d\d:\d\d:/);
    await axeAtBothWidths(again.tab, 'the offer of unsaved changes', FORM_PANE);
    await offer.getByRole('button', { name: 'Restore' }).click();
    expect(await again.tab.locator('#page_title').inputValue()).toBe(
      'Privacy Notice (typed before the crash)',
    );
    expect(await status(again.tab).textContent()).toBe('Unsaved changes');
  });

  it('asks before "← All pages" leaves unsaved changes, and staying keeps them', async () => {
    const { tab } = await signedIn(EDITOR);
    await openPage(tab, /^Privacy Notice/);
    await tab.locator('#page_title').fill('Privacy Notice, edited');
    await tab.getByRole('button', { name: '← All pages' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    // Staying is the default: it has the keyboard.
    expect(
      await dialog
        .getByRole('button', { name: 'Stay and keep editing' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await axeAtBothWidths(tab, 'the question before leaving', 'dialog');
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await tab.locator('#page_title').inputValue()).toBe('Privacy Notice, edited');

    await tab.getByRole('button', { name: '← All pages' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    // Not saved, but kept in this browser: offered again, and discarded for the next tests.
    expect(onDisk('pages/privacy.yaml')).toMatch(/^title: Privacy Notice$/m);
    await openPage(tab, /^Privacy Notice/);
    await tab.getByRole('button', { name: 'Discard' }).click();
  });

  it("merges two accounts' saves of different fields, and asks per field when both changed one", async () => {
    const priya = await signedIn(EDITOR);
    const arjun = await signedIn(ARJUN);
    await openPage(priya.tab, /^Telematics/);
    await openPage(arjun.tab, /^Telematics/);

    // Different fields: Priya the subheading, then Arjun the call to action's label.
    await field(priya.tab, /Page hero/, /^Subheading\b/).fill('Live data from every vehicle, by Priya.');
    await priya.tab.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => status(priya.tab).textContent(), SAVE_WAIT)
      .toBe('Saved and recorded in the history.');
    await field(arjun.tab, /Call to action/, /^Label\b/).fill('Ready, says Arjun?');
    await arjun.tab.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => status(arjun.tab).textContent(), SAVE_WAIT)
      .toBe("Saved, together with someone else's changes made meanwhile.");
    expect(onDisk(IOT)).toMatch(/^ {4}subheading: Live data from every vehicle, by Priya\.$/m);
    expect(onDisk(IOT)).toMatch(/^ {4}label: Ready, says Arjun\?$/m);
    expect(await field(arjun.tab, /Page hero/, /^Subheading\b/).inputValue()).toBe(
      'Live data from every vehicle, by Priya.',
    );
    // Comments of the file are kept by the merge.
    expect(onDisk(IOT)).toContain('# How this service appears in the Services menu');

    // The same field: both change the hero's heading.
    await field(priya.tab, /Page hero/, /^Heading\b/).fill('Heading by Priya');
    await field(priya.tab, /Page hero/, /^Subheading\b/).fill('Subheading by Priya');
    await priya.tab.getByRole('button', { name: 'Save', exact: true }).click();
    // Merged with Arjun's label, saved since Priya's last save.
    await expect
      .poll(() => status(priya.tab).textContent(), SAVE_WAIT)
      .toBe("Saved, together with someone else's changes made meanwhile.");
    await field(arjun.tab, /Page hero/, /^Heading\b/).fill('Heading by Arjun');
    await field(arjun.tab, /Call to action/, /^Label\b/).fill('Label by Arjun');
    // Arjun is far down the form when he saves.
    await field(arjun.tab, /Call to action/, /^Label\b/).press('Control+s');
    const notice = arjun.tab.getByRole('alert').filter({ hasText: 'Someone else changed this page' });
    await notice.waitFor();
    expect(await status(arjun.tab).textContent()).toBe('Not saved: someone else changed this page');
    // The notice is on screen and has the keyboard, though Arjun was at the end of the form.
    expect(await notice.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const box = await notice.boundingBox();
    expect(box && box.y >= 0 && box.y < 800).toBe(true);
    await notice.getByRole('button', { name: 'Go to Heading in Page hero' }).waitFor();
    expect(await notice.textContent()).not.toMatch(/blocks\.|\.heading/);
    // Beside the field: their words and his, and the choice.
    const hero = arjun.tab
      .locator('fieldset')
      .filter({ has: arjun.tab.locator(':scope > legend', { hasText: /Page hero/ }) });
    await hero.getByText('Someone else changed Heading in Page hero too. Theirs:').waitFor();
    await axeAtBothWidths(arjun.tab, 'a conflict with the choice beside the field', FORM_PANE);
    expect(onDisk(IOT)).toMatch(/^ {4}heading: Heading by Priya$/m);

    await hero.getByRole('button', { name: 'Keep mine: Heading in Page hero' }).click();
    await expect
      .poll(() => status(arjun.tab).textContent(), SAVE_WAIT)
      .toBe("Saved, together with someone else's changes made meanwhile.");
    const text = onDisk(IOT);
    expect(text).toMatch(/^ {4}heading: Heading by Arjun$/m);
    expect(text).toMatch(/^ {4}subheading: Subheading by Priya$/m);
    expect(text).toMatch(/^ {4}label: Label by Arjun$/m);
    expect(git('log', '-1', '--format=%an', '--', IOT)).toBe(ARJUN.name);
    expect(errors).toEqual([]);
  });
});
