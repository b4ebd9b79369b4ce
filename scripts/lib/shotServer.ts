/**
 * A server for the editor's screenshots (scripts/screenshots.ts): the real server on the built
 * site, its content a throw-away git copy of this repository's (so nothing here changes), with the
 * staff accounts given, and server settings (CONTENT_REVIEW=on, say) read as it starts.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { createServer } from '../../server/app.ts';
import { StaffAccounts } from '../../server/staff/accounts.ts';
import type { Role } from '../../server/staff/types.ts';
import { REPO_ROOT } from './serveBuild.ts';

export interface ShotAccount {
  email: string;
  name: string;
  password: string;
  role: Role;
}

export interface ShotServer {
  origin: string;
  contentDir: string;
  /** A tab of its own at 1440 × 900, signed in as `account`, at the Content section. */
  signIn(browser: Browser, account: ShotAccount, problems: string[]): Promise<Page>;
  close(): Promise<void>;
}

export async function startShotServer(
  buildDir: string,
  options: { accounts: ShotAccount[]; env?: Record<string, string>; prepare?: (contentDir: string) => void },
): Promise<ShotServer> {
  const contentDir = mkdtempSync(path.join(tmpdir(), 'triune-shots-content-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'triune-shots-data-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: contentDir, stdio: 'pipe' });
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(REPO_ROOT, part), path.join(contentDir, part), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Setup', '-c', 'user.email=staff@example.com', 'commit', '-qm', 'Initial content');
  options.prepare?.(contentDir);

  const facts = loadSiteFacts(REPO_ROOT);
  const fast = { N: 1024, r: 8, p: 1 };
  const settings = { CONTENT_DIR: contentDir, ...options.env };
  const before = Object.entries(settings).map(([name]) => [name, process.env[name]] as const);
  Object.assign(process.env, settings);
  const server = await createServer({
    basePath: facts.backend,
    forms: facts,
    clientDir: path.join(buildDir, 'client'),
    dataDir,
    logLevel: false,
    // Sign-in is on once there is a first administrator.
    admin: { passwordHash: await hashPassword(randomUUID(), fast), adminEmail: 'admin@example.com' },
  }).finally(() => {
    for (const [name, value] of before)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });
  const staff = new StaffAccounts(server.db, { hashParams: fast });
  for (const account of options.accounts) await staff.add(account);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  const origin = `http://127.0.0.1:${address.port}`;
  const contexts: Awaited<ReturnType<Browser['newContext']>>[] = [];
  return {
    origin,
    contentDir,
    async signIn(browser, account, problems) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => problems.push(`editor: page error: ${e.message.slice(0, 200)}`));
      await page.goto(`${origin}/admin`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Content' }).click();
      await page.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await server.app.close();
      rmSync(contentDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
