/**
 * The staff editor as a browser test meets it: the production build served by a server of its own,
 * whose content folder is a fresh git repository holding a copy of the site's content, with content
 * accounts to sign in as. The editor suites share it, so each says only what it tests.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadSiteFacts } from '../../../node/siteFacts.ts';
import { hashPassword } from '../../../server/admin/password.ts';
import { createServer, type SiteServer } from '../../../server/app.ts';
import { draftsFolderOf } from '../../../server/editor/drafts/draftsFolder.ts';
import { StaffAccounts } from '../../../server/staff/accounts.ts';
import type { Role } from '../../../server/staff/types.ts';
import { launchBrowser, REPO_ROOT, WIDTHS } from './site.ts';

/** Cheap password hashing: the accounts exist for the test only. */
const FAST = { N: 1024, r: 8, p: 1 };
const BUILD_CLIENT = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');

export interface EditorAccount {
  email: string;
  name: string;
  password: string;
  /** 'content' unless given. */
  role?: Role;
}

export const CONTENT_EDITOR: EditorAccount = {
  email: 'priya@example.com',
  name: 'Priya Editor',
  password: 'content editor password',
};

export interface EditorSession {
  origin: string;
  /**
   * Where the editor saves: the drafts worktree (server/editor/drafts/draftsFolder.ts). What is
   * live is in `liveDir` until a Publish takes the drafts there.
   */
  contentDir: string;
  /** The content folder the server was given (CONTENT_DIR): the live branch, which Publish builds. */
  liveDir: string;
  server: SiteServer;
  browser: Browser;
  /** Console errors and uncaught page errors of every tab (failed resource loads excepted). */
  errors: string[];
  /** git in the drafts folder (the drafts branch); its output, trimmed. */
  git: (...args: string[]) => string;
  /** A tab of its own (`width` × a phone's or a laptop's height), signed in, at /admin#content. */
  signIn: (options?: { width?: number; account?: EditorAccount }) => Promise<Page>;
  close: () => Promise<void>;
}

export async function startEditorSession(
  name: string,
  options: {
    accounts?: EditorAccount[];
    prepare?: (contentDir: string) => void;
    /** Server settings for this session only (CONTENT_REVIEW=on, say), read as the server starts. */
    env?: Record<string, string>;
  } = {},
): Promise<EditorSession> {
  const accounts = options.accounts ?? [CONTENT_EDITOR];
  const dir = (part: string) => mkdtempSync(path.join(tmpdir(), `triune-e2e-${name}-${part}-`));
  const liveDir = dir('content');
  const liveGit = (...args: string[]) => execFileSync('git', args, { cwd: liveDir, encoding: 'utf8' }).trim();
  for (const part of ['site.yaml', 'redirects.yaml', 'pages', 'public'])
    cpSync(path.join(REPO_ROOT, part), path.join(liveDir, part), { recursive: true });
  liveGit('init', '-q', '-b', 'main');
  liveGit('add', '.');
  liveGit('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  options.prepare?.(liveDir);
  // A copy of the build: Publish writes into the folder it serves.
  const distDir = dir('dist');
  cpSync(BUILD_CLIENT, path.join(distDir, 'client'), { recursive: true });
  const dataDir = dir('data');

  const facts = loadSiteFacts(REPO_ROOT);
  const before = process.env.CONTENT_DIR;
  process.env.CONTENT_DIR = liveDir;
  const settings = Object.entries(options.env ?? {});
  const earlier = settings.map(([name]) => [name, process.env[name]] as const);
  for (const [name, value] of settings) process.env[name] = value;
  let server: SiteServer;
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
    for (const [name, value] of earlier)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
  // The server made the drafts worktree as it started.
  const contentDir = draftsFolderOf(liveDir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: contentDir, encoding: 'utf8' }).trim();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  const origin = `http://127.0.0.1:${address.port}`;
  const staff = new StaffAccounts(server.db, { hashParams: FAST });
  for (const account of accounts) await staff.add({ ...account, role: account.role ?? 'content' });
  const browser = await launchBrowser();

  const errors: string[] = [];
  const contexts: BrowserContext[] = [];
  async function signIn({
    width = WIDTHS.desktop as number,
    account = accounts[0] ?? CONTENT_EDITOR,
  }: {
    width?: number;
    account?: EditorAccount;
  } = {}) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
    contexts.push(context);
    const tab = await context.newPage();
    tab.on('console', (m) => {
      // Refusals (4xx) are expected in places and judged by what the page shows.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(`${origin}/admin#content`);
    await tab.getByLabel('Email').fill(account.email);
    await tab.getByLabel('Password').fill(account.password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    return tab;
  }

  async function close() {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close();
    await server.app.close();
    for (const folder of [liveDir, distDir, dataDir]) rmSync(folder, { recursive: true, force: true });
  }

  return { origin, contentDir, liveDir, server, browser, errors, git, signIn, close };
}

/**
 * Publishes every draft as a content editor does: Drafts and publishing, Publish selected (every
 * draft is ticked), until the Publish says the pages are live; then back to the page list, unless
 * `stay` (the Drafts view is what the test looks at next).
 */
export async function publishDrafts(page: Page, { stay = false } = {}): Promise<void> {
  await page.getByRole('button', { name: /^Drafts and publishing/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor();
  await page.getByRole('button', { name: /^Publish selected/ }).click();
  await page.getByText(/^Published: \d+ pages are live/).waitFor({ timeout: 170_000 });
  if (stay) return;
  await page.getByRole('button', { name: '← All pages' }).click();
  await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
}
