/**
 * The staff area (/admin) in Chromium against the production build: a server of its own with a
 * first administrator and an inbox account limited to contact messages. The inbox account signs
 * in, sees only its form and no Content section, and the API refuses it another form (403); the
 * administrator opens a submission, marks it handled, deletes one after confirming, and opens the
 * Content section (loaded as its own chunk). The sign-in and inbox screens are axe clean. Where
 * administrators must use two-step sign-in, one sets it up with a code made by otplib, signs out,
 * signs in with password and code, and turns it off with a recovery code, at 1280 and 375 px.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { firstLoadScripts } from '../../scripts/check-bundle.ts';
import { ADMIN_ENTRY } from '../../server/admin/page.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { StaffAccounts } from '../../server/staff/accounts.ts';
import { axeViolations } from './support/page.ts';
import { launchBrowser, newContext, REPO_ROOT, WIDTHS } from './support/site.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const ADMIN = { email: 'boss@example.com', password: 'the first administrator password' };
const DESK = { email: 'desk@example.com', password: 'front desk password' };

const CLIENT_DIR = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');
let server: SiteServer;
let origin = '';
let dataDir = '';
let browser: Browser;
let context: BrowserContext;
const meta = { ip: '203.0.113.8', userAgent: 'e2e' };

beforeAll(async () => {
  const facts = loadSiteFacts(REPO_ROOT);
  dataDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-staff-'));
  server = await createServer({
    basePath: facts.backend,
    forms: facts,
    clientDir: CLIENT_DIR,
    dataDir,
    logLevel: 'warn',
    admin: { passwordHash: await hashPassword(ADMIN.password, FAST), adminEmail: ADMIN.email },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  origin = `http://127.0.0.1:${address.port}`;
  await new StaffAccounts(server.db, { hashParams: FAST }).add({
    email: DESK.email,
    name: 'Fran Desk',
    role: 'inbox',
    forms: ['contact'],
    password: DESK.password,
  });
  for (const name of ['Asha', 'Bala'])
    await server.repo.addContact(
      {
        name,
        email: `${name.toLowerCase()}@example.com`,
        mobileNumber: '9876543210',
        message: `Hello from ${name}`,
      },
      meta,
    );
  await server.repo.addDemo(
    {
      name: 'Dev',
      phone: '9876543210',
      email: 'dev@example.com',
      serviceType: 'IoT',
      query: 'A demo please',
    },
    meta,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.app.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh browser session at /admin, with every console error and CSP report collected. */
async function openAdmin(): Promise<{ page: Page; errors: string[] }> {
  await context?.close();
  context = await newContext(browser, WIDTHS.desktop);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // Failed loads are reported with their address below (a 401 / 403 answer is expected here).
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('response', (r) => {
    // (The content API, server/editor, is another branch's: until it is merged its addresses are 404.)
    if (
      r.status() >= 400 &&
      r.status() !== 401 &&
      r.status() !== 403 &&
      !r.url().includes('/api/admin/content/')
    )
      errors.push(`${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto(`${origin}/admin`);
  expect(res?.status()).toBe(200);
  return { page, errors };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Staff area' }).waitFor();
}

describe('the staff area', () => {
  it('gives an inbox account limited to one form only that form: no Content, 403 for the others', async () => {
    const { page, errors } = await openAdmin();
    await page.getByRole('heading', { level: 1, name: 'Staff area' }).waitFor();
    expect(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard only: the focus starts in Email.
    await page.keyboard.type(DESK.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DESK.password);
    await page.keyboard.press('Enter');
    const h1 = page.getByRole('heading', { level: 1, name: 'Submissions inbox' });
    await h1.waitFor();
    expect(await h1.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('table').waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Forms' }).getByRole('button').allTextContents(),
    ).toEqual(['Contact messages 2 open / 2']);
    expect(await page.getByRole('link', { name: 'Content' }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'Bala', exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // A row opens by keyboard too, and the detail's heading takes the focus.
    await page.getByRole('link', { name: /^#2 · / }).focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('heading', { level: 2, name: 'Contact message #2' });
    await detail.waitFor();
    expect(await detail.evaluate((el) => el === document.activeElement)).toBe(true);
    // The heading shows at once; the message arrives with the detail's own request.
    await page.getByText('Hello from Bala').waitFor();
    expect(await page.getByText('Hello from Bala').count()).toBe(1);

    // The API itself refuses the other forms to this account.
    const statuses = await page.evaluate(async () =>
      Promise.all(
        [
          '/backend/api/admin/submissions/demo',
          '/backend/api/admin/export?form=demo',
          '/backend/api/admin/submissions/demo/1',
        ].map(async (url) => (await fetch(url)).status),
      ),
    );
    expect(statuses).toEqual([403, 403, 403]);
    expect(errors).toEqual([]);
  });

  it('lets the administrator handle and delete submissions and open the Content section', async () => {
    const { page, errors } = await openAdmin();
    await signIn(page, ADMIN);
    await page.getByRole('button', { name: /Contact messages/ }).click();
    await page.getByRole('link', { name: /^#1 · / }).click();
    const title = page.getByRole('heading', { level: 2, name: 'Contact message #1' });
    await title.waitFor();
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Hello from Asha').waitFor();
    expect(await page.getByText('Hello from Asha').count()).toBe(1);
    await page.getByRole('button', { name: 'Mark as handled' }).click();
    await page.getByRole('button', { name: 'Mark as open' }).waitFor();
    expect((await server.repo.get('contact', 1))?.handledAt).not.toBeNull();
    await page.getByText('1 open / 2').waitFor();

    // Delete asks first: dismissed, nothing happens; accepted, the row is gone.
    page.once('dialog', (d) => d.dismiss());
    await page.getByRole('button', { name: 'Delete' }).click();
    expect(await server.repo.get('contact', 1)).toBeDefined();
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { level: 2, name: 'Contact messages' }).waitFor();
    expect(await server.repo.get('contact', 1)).toBeUndefined();
    expect(await page.getByRole('cell', { name: 'Asha', exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Content' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('two-step sign-in', () => {
  // A server of its own where administrators must use it (STAFF_2FA_ROLES=admin), on a clock the
  // test moves, so that the codes otplib makes here are the ones the server expects.
  let strict: SiteServer;
  let strictOrigin = '';
  let strictDir = '';
  let clock = Date.UTC(2026, 10, 27, 9, 0, 0);
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock / 1000) });

  beforeAll(async () => {
    const facts = loadSiteFacts(REPO_ROOT);
    strictDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-2fa-'));
    strict = await createServer({
      basePath: facts.backend,
      forms: facts,
      clientDir: CLIENT_DIR,
      dataDir: strictDir,
      logLevel: 'warn',
      admin: { twoStepRoles: ['admin'] },
      now: () => clock,
    });
    await strict.app.listen({ port: 0, host: '127.0.0.1' });
    const address = strict.app.server.address();
    if (!address || typeof address === 'string') throw new Error('The server has no port.');
    strictOrigin = `http://127.0.0.1:${address.port}`;
    const accounts = new StaffAccounts(strict.db, { hashParams: FAST });
    for (const email of ['ops-wide@example.com', 'ops-narrow@example.com'])
      await accounts.add({ email, name: 'Ops', role: 'admin', password: ADMIN.password });
  });
  afterAll(async () => {
    await strict?.app.close();
    if (strictDir) rmSync(strictDir, { recursive: true, force: true });
  });

  it.each([
    ['ops-wide@example.com', WIDTHS.desktop],
    ['ops-narrow@example.com', WIDTHS.mobile],
  ])('makes %s set it up first, then signs in with a code from the app (%i px)', async (email, width) => {
    await context?.close();
    context = await newContext(browser, width);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    await page.goto(`${strictOrigin}/admin`);
    await signIn(page, { email, password: ADMIN.password });

    // Nothing but the set-up until it is on.
    const heading = page.getByRole('heading', { level: 1, name: 'Two-step sign-in' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Your role must use two-step sign-in.').waitFor();
    expect(await page.getByRole('link', { name: 'Inbox' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Content' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code to add this account to an authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(100);
    const secret = ((await page.locator('code.secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: the code field, Enter.
    await page.getByLabel('6-digit code from the app').fill(await codeNow(secret));
    await page.keyboard.press('Enter');
    const saved = page.getByRole('heading', { level: 2, name: 'Your recovery codes' });
    await saved.waitFor();
    expect(await saved.evaluate((el) => el === document.activeElement)).toBe(true);
    const codes = await page.locator('.recovery-codes li').allTextContents();
    expect(codes).toHaveLength(10);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { level: 1, name: 'Submissions inbox' }).waitFor();

    // Signed out and in again: the password, then the app's code of the next 30 seconds.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const codeField = page.getByLabel('Code from your authenticator app');
    await codeField.waitFor();
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    clock += 30_000;
    await codeField.fill('000000');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await codeField.fill(await codeNow(secret));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Submissions inbox' }).waitFor();

    // Account shows it on; a recovery code turns it off (and the role asks for it again at once).
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByText('Two-step sign-in is on.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Code from the app, or a recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).waitFor();
    await page.getByText('Your role must use two-step sign-in.').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the staff app in the build', () => {
  it('is a second entry that no public page loads', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
    const admin = manifest[ADMIN_ENTRY];
    expect(admin?.file).toMatch(/^assets\/admin-/);
    // The staff app's own files: its entry and what only it imports (the Content section's chunk).
    const own = [admin?.file, ...(admin?.dynamicImports ?? []).map((k) => manifest[k]?.file)].filter(
      (f): f is string => !!f,
    );
    expect(own.length).toBeGreaterThanOrEqual(2);
    const pages = readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.html'),
    );
    expect(pages.length).toBeGreaterThan(20);
    for (const file of pages) {
      const html = readFileSync(path.join(CLIENT_DIR, file), 'utf8');
      for (const f of own) expect(html, file).not.toContain(f);
      for (const src of firstLoadScripts(html))
        expect(own, `${file}: ${src}`).not.toContain(src.replace(/^\//, ''));
    }
  });
});
