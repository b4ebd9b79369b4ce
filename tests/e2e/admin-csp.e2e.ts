/**
 * The staff app under the server's own Content-Security-Policy, which for /admin is the site's
 * strict one: no 'unsafe-eval' (server/admin/page.ts). The editor's schema checks (the content
 * validator's and rjsf's) are compiled at build time (scripts/build/validatorsPlugin.ts); one left
 * compiling at run time would call `new Function`, which this policy refuses. So a content editor
 * signs in, opens a page, empties a required field (the validator's message, Save disabled) and
 * fixes it, then opens the site settings and does the same with an email address, while every
 * policy violation of every frame is recorded: there must be none, nor any script error.
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
import { recordCspViolations } from './support/cspViolations.ts';
import { launchBrowser, newContext, REPO_ROOT, WIDTHS } from './support/site.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const ADMIN = { email: 'boss@example.com', password: 'the first administrator password' };
const EDITOR = { email: 'cora@example.com', name: 'Cora Content', password: 'content editor password' };
const CLIENT_DIR = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');

let server: SiteServer;
let origin = '';
let contentDir = '';
/** The content folder the server was given (the live branch); `contentDir` is its drafts folder once it runs. */
let liveDir = '';
let dataDir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let violations: string[] = [];
const scriptErrors: string[] = [];

beforeAll(async () => {
  // The content API reads its history from git: a copy of the content in a repository of its own.
  contentDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-csp-content-'));
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(REPO_ROOT, part), path.join(contentDir, part), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: contentDir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  dataDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-csp-data-'));
  const facts = loadSiteFacts(REPO_ROOT);
  const before = process.env.CONTENT_DIR;
  process.env.CONTENT_DIR = contentDir;
  try {
    server = await createServer({
      basePath: facts.backend,
      forms: facts,
      clientDir: CLIENT_DIR,
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
  context = await newContext(browser, WIDTHS.desktop);
  violations = await recordCspViolations(context);
  page = await context.newPage();
  page.on('pageerror', (e) => scriptErrors.push(e.message.slice(0, 300)));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.app.close();
  for (const dir of [liveDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const saveButton = () => page.getByRole('button', { name: 'Save', exact: true });

/** The message box of a form field (rjsf's `<id>__error`, which the field names in aria-describedby). */
async function messagesOf(field: Locator): Promise<Locator> {
  return page.locator(`[id="${await field.getAttribute('id')}__error"]`);
}

/** Empties a required field, expects the validator's message and no saving, then puts the value back. */
async function breakAndFix(field: Locator, wrong: string) {
  const right = await field.inputValue();
  expect(right).not.toBe('');
  await field.fill(wrong);
  const box = await messagesOf(field);
  await expect.poll(async () => (await box.textContent())?.trim() ?? '').not.toBe('');
  await expect.poll(() => saveButton().isDisabled()).toBe(true);
  await field.fill(right);
  await expect.poll(async () => box.count()).toBe(0);
}

describe('the staff app under a policy without eval', { timeout: 120_000 }, () => {
  it("serves /admin with the site's strict policy: scripts from this origin, no 'unsafe-eval'", async () => {
    const response = await page.goto(`${origin}/admin`);
    expect(response?.status()).toBe(200);
    const policy = (await response?.headerValue('content-security-policy')) ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self'/);
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('edits a page: a validation message for an emptied field, and its fix', async () => {
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Content' }).click();
    // The page list names a page by its listing title, "Telematics (IoT)" (its search title is on hover).
    await page
      .getByRole('button', { name: /^Telematics\b/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Edit: Telematics & IoT Solutions' }).waitFor();
    const hero = page
      .locator('fieldset')
      .filter({ has: page.locator(':scope > legend', { hasText: /^1\. / }) });
    await breakAndFix(hero.getByLabel(/^Heading\b/).first(), '');
    expect(violations).toEqual([]);
  });

  it('opens the site settings: a wrong email address, and its fix', async () => {
    await page.getByRole('button', { name: '← All pages' }).click();
    // The editor may ask before leaving a page it was typed into (its draft stays in the browser).
    const settings = page.getByRole('button', { name: 'Site settings' });
    const leave = page.getByRole('button', { name: 'Leave without saving' });
    await settings.or(leave).first().waitFor();
    if (await leave.isVisible()) await leave.click();
    await settings.click();
    await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
    await breakAndFix(page.getByLabel(/^Email address\b/).first(), 'info-at-example');
    expect(violations).toEqual([]);
  });

  it('met no policy violation and no script error on the way', () => {
    expect(violations).toEqual([]);
    expect(scriptErrors).toEqual([]);
  });
});
