/**
 * Pictures in the page editor, in Chromium against the production build, on a server of its own
 * whose content folder is a git repository copied from this one: a content editor uploads a PNG
 * for the IoT page's hero and sees it at once (thumbnail, preview, no "not found"), saves, finds the
 * upload in the page's history, and deletes a picture no page uses from the chooser (a picture in
 * use says where and offers no Delete). The chooser is a readable grid on a checkered background,
 * axe-clean at 1280 and 375 px. Nothing here is published: the pictures come from the content folder.
 * The tests run in order and build on each other.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { draftsFolderOf } from '../../server/editor/drafts/draftsFolder.ts';
import { StaffAccounts } from '../../server/staff/accounts.ts';
import { axeViolations } from './support/page.ts';
import { launchBrowser, REPO_ROOT, WIDTHS } from './support/site.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const EDITOR = { email: 'pia@example.com', name: 'Pia Pictures', password: 'content editor password' };
const FILE = 'pages/services/iot.yaml';
const UPLOADED = '/images/services/iot/fleet-lab.png';
/** A picture in the content folder that no page names. */
const UNUSED = '/images/services/iot/old-photo.png';
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
/** Pictures the editor asked for and did not get. */
const brokenPictures: string[] = [];

const git = (...args: string[]) => execFileSync('git', args, { cwd: contentDir, encoding: 'utf8' }).trim();
const photo = (background: string) =>
  sharp({ create: { width: 320, height: 180, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-uploads-content-'));
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(REPO_ROOT, part), path.join(contentDir, part), { recursive: true });
  writeFileSync(path.join(contentDir, 'public', UNUSED), await photo('#7c3aed'));
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  distDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-uploads-dist-'));
  cpSync(BUILD_CLIENT, path.join(distDir, 'client'), { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-uploads-data-'));

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
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  origin = `http://127.0.0.1:${address.port}`;
  await new StaffAccounts(server.db, { hashParams: FAST }).add({ ...EDITOR, role: 'content' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: WIDTHS.desktop, height: 800 } });
  page = await context.newPage();
  page.on('console', (m) => {
    // Failed requests are judged below by address (the sign-in screen's session check is a 401).
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.url().includes('/images/') && r.status() >= 400) brokenPictures.push(`${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.app.close();
  for (const dir of [liveDir, distDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const hero = (): Locator =>
  page.locator('fieldset').filter({ has: page.locator(':scope > legend', { hasText: /^1\. / }) });
const chooser = (): Locator => page.getByRole('dialog', { name: 'Choose a picture' });
const preview = () => page.frameLocator('iframe[title^="Preview of the page"]');
/** Whether an <img> has loaded a picture (a broken one has no natural width). */
const loaded = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc);

/** The chooser's tile of the IoT page's own hero picture (every page has a hero-desktop.svg). */
const heroTile = () => chooser().getByRole('button', { name: 'hero-desktop.svg services/iot', exact: true });

async function openChooser() {
  await hero().getByRole('button', { name: 'Choose picture for Picture for wide screens' }).click();
  await chooser().waitFor();
  await heroTile().waitFor();
}

describe('pictures in the page editor', { timeout: 180_000 }, () => {
  it('offers a readable grid of pictures on a checkered background, axe-clean at 1280 and 375 px', async () => {
    await page.goto(`${origin}/admin`);
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Content' }).click();
    await page
      .getByRole('button', { name: /^Telematics/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor({ timeout: 30_000 });
    await openChooser();

    // Each tile names its file on a line or two and its folder beneath, never a letter a line.
    const tile = heroTile();
    expect(await tile.textContent()).toBe('hero-desktop.svgservices/iot');
    const name = tile.locator('span', { hasText: /^hero-desktop\.svg$/ });
    const box = await name.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect(box?.height ?? 99).toBeLessThan(45);
    // White artwork shows: the picture sits on grey and white squares.
    const behind = await tile
      .locator('img')
      .evaluate((img) => getComputedStyle(img.parentElement as HTMLElement).backgroundImage);
    expect(behind).toContain('conic-gradient');
    expect(await loaded(tile.locator('img'))).toBeTruthy();
    // A picture in use says where and cannot be deleted; one nobody uses can be.
    // (`has` is looked for inside each list item, so it starts from `page`, not from the dialog.)
    const used = chooser()
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'hero-desktop.svg services/iot', exact: true }) });
    await used.getByText('Used by Telematics & IoT Solutions').waitFor();
    expect(await used.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await chooser().getByRole('button', { name: 'Delete old-photo.png' }).waitFor();

    expect(await axeViolations(page, 'dialog[open]'), 'chooser at 1280 px').toEqual([]);
    await page.setViewportSize({ width: WIDTHS.mobile, height: 812 });
    const narrow = await tile.boundingBox();
    expect(narrow?.width ?? 0).toBeGreaterThan(120);
    expect(await axeViolations(page, 'dialog[open]'), 'chooser at 375 px').toEqual([]);
    await page.setViewportSize({ width: WIDTHS.desktop, height: 800 });
  });

  it('uploads a PNG for the hero: the thumbnail and the preview show it, with no "not found"', async () => {
    await chooser()
      .getByLabel('Upload a new picture')
      .setInputFiles({ name: 'Fleet Lab.png', mimeType: 'image/png', buffer: await photo('#0f766e') });
    await chooser().waitFor({ state: 'hidden', timeout: 30_000 });
    const field = hero().getByLabel(/^Picture for wide screens/);
    expect(await field.inputValue()).toBe(UPLOADED);

    const thumb = hero().locator('img').first();
    await expect.poll(() => loaded(thumb), { timeout: 15_000 }).toBeTruthy();
    const hero1280 = preview().locator('main img').first();
    await expect
      .poll(async () => String(await loaded(hero1280)), { timeout: 15_000 })
      .toContain('fleet-lab.png');
    // The validator runs once typing pauses: give it time, then nothing may say "not found".
    await page.waitForTimeout(1500);
    expect(await page.getByText(/not found/i).count()).toBe(0);
    expect(await page.getByText(/no picture .*fleet-lab/i).count()).toBe(0);
    expect(brokenPictures).toEqual([]);
  });

  it('saves the page naming the upload, and the page’s history lists the upload', async () => {
    const save = page.getByRole('button', { name: 'Save', exact: true }).first();
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
    await save.click();
    await expect
      .poll(() => readFileSync(path.join(contentDir, FILE), 'utf8'), { timeout: 20_000 })
      .toContain(`desktop: ${UPLOADED}`);
    // The file is written before its commit is made.
    const log = () =>
      git('log', '-3', '--format=%an|%s', '--', FILE, 'public/images/services/iot').split('\n');
    await expect.poll(() => log().length, { timeout: 20_000 }).toBe(3);
    expect(log()[1]).toBe(`${EDITOR.name}|Upload picture ${UPLOADED}`);
    expect(log()[0]).toMatch(new RegExp(`^${EDITOR.name}\\|`));

    await page
      .getByRole('button', { name: /^History/ })
      .first()
      .click();
    const history = page.getByRole('region', { name: 'History of this page' });
    await history
      .getByText(`Upload picture ${UPLOADED}`, { exact: false })
      .first()
      .waitFor({ timeout: 15_000 });
  });

  it('deletes a picture no page uses, after asking, and records the deletion', async () => {
    await openChooser();
    await chooser().getByRole('button', { name: 'Delete old-photo.png' }).click();
    const ask = chooser().getByRole('group', { name: /Delete the picture old-photo\.png/ });
    await ask.waitFor();
    expect(
      await ask.getByRole('button', { name: 'Keep it' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await ask.getByRole('button', { name: 'Delete picture' }).click();
    await chooser()
      .getByRole('status')
      .getByText(/^Deleted old-photo\.png/)
      .waitFor({ timeout: 15_000 });
    expect(
      await chooser()
        .getByRole('button', { name: /^old-photo\.png/ })
        .count(),
    ).toBe(0);
    expect(existsSync(path.join(contentDir, 'public', UNUSED))).toBe(false);
    expect(git('log', '-1', '--format=%an|%s')).toBe(`${EDITOR.name}|Delete picture ${UNUSED}`);
    // The picture just uploaded is used now: it says where, and offers no Delete.
    const uploaded = chooser()
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^fleet-lab\.png/ }) });
    await uploaded.getByText(/^Used by Telematics & IoT Solutions/).waitFor();
    expect(await uploaded.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await chooser().getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
    expect(brokenPictures).toEqual([]);
  });
});
