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
import { validateContent } from '../../scripts/build/validateFolder.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { loadSiteFacts } from '../../server/content.ts';
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
  // KNOWN DEFECT (see the first test): under the server's Content-Security-Policy the editor cannot
  // compile its JSON Schemas (ajv builds validators with new Function, and script-src has no
  // 'unsafe-eval'), so the page editor crashes. The workflow below runs with the policy bypassed
  // to prove everything else; the first test shows the defect and turns red once it is fixed.
  context = await browser.newContext({ viewport: { width: WIDTHS.desktop, height: 800 }, bypassCSP: true });
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
  for (const dir of [contentDir, distDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
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
    return validateContent(copy)
      .errors.filter((e) => e.file === file)
      .map((e) => e.message);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

// The staff app and axe over a page with a preview frame are heavy on this 2-core machine.
describe('the page editor', { timeout: 120_000 }, () => {
  // When this fails (the editor opens under the real policy), make it a plain `it` and drop
  // bypassCSP above.
  it.fails("opens a page under the server's own Content-Security-Policy", async () => {
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

    await page.getByRole('button', { name: /^New page like School Management/ }).click();
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
      `${EDITOR.name} <${EDITOR.email}>|Create Drone Training (${FILE})`,
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
    // An emptied text is dropped from the data: the validator's words for a file without the line.
    const expected = validatorMessages(FILE, onDisk().replace(/^ {4}heading:.*\n/m, ''));
    expect(expected.length).toBeGreaterThan(0);
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
    const check = validateContent(contentDir);
    expect(check.errors.filter((e) => e.file === FILE)).toEqual([]);
    expect(check.errors).toEqual([]);
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
  });

  // Known server defect (server/editor/api.ts newFileText): a new page is written from its data
  // alone, so the template's comments are lost. `it.fails` turns red once that is fixed: then make
  // it a plain `it`.
  it.fails("keeps the template's comments in the new page", () => {
    const comments = (text: string) =>
      text.split('\n').filter((l) => /^\s*# (?!yaml-language-server)/.test(l));
    const template = comments(onDisk(TEMPLATE));
    expect(template.length).toBeGreaterThan(3);
    expect(comments(onDisk())).toEqual(expect.arrayContaining(template.slice(0, 3)));
  });

  it('publishes: the page answers at /services/drone-training and is in the Services menu', async () => {
    expect((await fetch(`${origin}/services/drone-training`)).status).toBe(404);
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    const started = Date.now();
    await page.getByRole('button', { name: 'Publish the site' }).click();
    await page.getByRole('progressbar', { name: 'Publishing progress' }).waitFor();
    await page.getByText(/^Published: \d+ pages are live/).waitFor({ timeout: 170_000 });
    console.log(`  Publish to live: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await expectAxeClean('page list after publishing');

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

  it("refuses a save over a change made behind the editor's back and keeps the user's edits", async () => {
    // A text editor (or a colleague) changes the subheading on disk meanwhile.
    const theirs = onDisk().replace(/^( {4}subheading:).*$/m, '$1 Changed in a text editor.');
    writeFileSync(path.join(contentDir, FILE), theirs);
    await saveButton().click();
    const alert = page.getByRole('alert').filter({ hasText: 'Someone else changed this page' });
    await alert.waitFor();
    expect(await heroHeading().inputValue()).toBe('Drone Pilots');
    expect(onDisk()).toBe(theirs);
    await expectAxeClean('conflict');

    await alert.getByRole('button', { name: 'Save mine over theirs' }).click();
    await expect.poll(() => saveStatus().textContent()).toBe('Saved and recorded in the history.');
    expect(onDisk()).toMatch(/^ {4}heading: Drone Pilots$/m);
  });

  it('restores an earlier version from History as a new commit', async () => {
    const commits = Number(git('rev-list', '--count', 'HEAD'));
    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('region', { name: 'History of this page' });
    await panel.getByRole('listitem').first().waitFor();
    expect(await panel.getByRole('listitem').count()).toBe(3); // create, edit, edit over theirs
    await expectAxeClean('history');

    // Any version can be looked at in the preview, read-only and labelled, beside the draft.
    const created = panel.getByRole('listitem').filter({ hasText: /^Create Drone Training/ });
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

    await panel.getByRole('button', { name: /^Restore the version "Create Drone Training/ }).click();
    await expect
      .poll(() => saveStatus().textContent())
      .toBe('The earlier version is back (saved as a new version).');
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
    expect(git('log', '-1', '--format=%an|%s')).toMatch(new RegExp(`^${EDITOR.name}\\|Restore \\(`));
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

  it('gives an inbox-only account no Content section and 403 from the content API', async () => {
    const other = await browser.newContext({
      viewport: { width: WIDTHS.desktop, height: 800 },
      bypassCSP: true,
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

  it('keeps the site settings screen axe clean', async () => {
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('button', { name: 'Site settings' }).click();
    await page.getByRole('heading', { level: 1, name: /Site settings/ }).waitFor();
    await expectAxeClean('site settings');
    expect(errors).toEqual([]);
  });
});
