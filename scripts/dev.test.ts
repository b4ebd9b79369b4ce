/**
 * `npm run dev` started as a user starts it (tsx scripts/dev.ts), on a copy of the fixture content
 * that is broken from the start. It must start anyway; the terminal and the browser's error overlay
 * (over Vite's HMR WebSocket, jsdom's WebSocket playing the browser) get the validator's
 * file:line:column messages; the forms API answers 503 with a clear message; saving a fix reloads
 * the page and starts the API; a later change of the service types restarts it; and breaking the
 * content again keeps the API serving the last valid content.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { ErrorPayload, HotPayload } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHmr, type HmrClient, isError, isFullReload } from '../tests/unit/support/hmrClient.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const FIXTURE = path.join(REPO, 'tests/fixtures/minimal-site');
const DEMO = {
  name: 'Asha Rao',
  phone: '9876543210',
  email: 'asha@example.com',
  serviceType: 'Telematics',
  query: 'Please show us the fleet dashboard.',
};

let work = '';
let child: ChildProcess;
let output = '';
let origin = '';
let browser: HmrClient;
const file = (rel: string) => path.join(work, 'content', rel);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/** The terminal's text so far, without colours. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
const ANSI = /\x1b\[[0-9;]*m/g;
const terminal = () => output.replace(ANSI, '');

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (child.exitCode !== null)
      throw new Error(`npm run dev exited while waiting for ${what}:\n${terminal()}`);
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}. Terminal:\n${terminal()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function postDemo(serviceType: string) {
  const res = await fetch(`${origin}/backend/api/contact-demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, serviceType }),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'dev-'));
  cpSync(FIXTURE, path.join(work, 'content'), { recursive: true });
  mkdirSync(path.join(work, 'data'));
  const index = file('pages/index.yaml');
  cpSync(index, `${index}.good`);
  writeFileSync(index, readFileSync(index, 'utf8').replace('type: pageHero', 'type: pageHeroo'));

  const [port, apiPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // Nothing of the test runner's or of a developer's server settings (HOST too: the default is tested).
    if (/^(VITEST|TEST_|DATABASE_URL|BASE_PATH|SMTP_URL|NOTIFY_|ADMIN_|HOST$)/.test(name)) continue;
    env[name] = value;
  }
  Object.assign(env, {
    NODE_ENV: 'development',
    PORT: String(port),
    DEV_API_PORT: String(apiPort),
    CONTENT_DIR: path.join(work, 'content'),
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
  });
  child = spawn(path.join(REPO, 'node_modules/.bin/tsx'), ['scripts/dev.ts'], { cwd: REPO, env });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  origin = `http://127.0.0.1:${port}`;
  // Starting tsx and Vite takes a few seconds, and over 30 on a machine busy with other builds.
  await until(
    'the dev server to print its address',
    async () => (/API: .*answers 503/.test(terminal()) ? true : undefined),
    80_000,
  );
  browser = await connectHmr(origin);
}, 90_000);

afterAll(async () => {
  browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
}, 30_000);

describe('npm run dev with content that is broken from the start', () => {
  it('starts, printing the problems readably in the terminal', () => {
    const text = terminal();
    expect(text).toContain(
      'Site content is invalid:\n\npages/index.yaml:6:11  blocks[0].type\n  Unknown block type "pageHeroo". Did you mean "pageHero"?',
    );
    expect(text).toContain(
      'The dev server keeps running: fix the file and save, and the page reloads by itself.',
    );
    expect(text).toMatch(/Local: +http:\/\/127\.0\.0\.1:\d+\//);
    expect(text).toContain('/backend/api answers 503 until the content is valid');
    // No crash: no stack trace.
    expect(text).not.toMatch(/^\s+at .*\(.*:\d+:\d+\)$/m);
    expect(child.exitCode).toBeNull();
  });

  it('listens on this machine only when HOST is not set', async () => {
    expect(terminal()).not.toMatch(/Network: +http/);
    const port = Number(new URL(origin).port);
    // Another device on the network reaches this machine at one of its non-loopback addresses.
    const lan = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a?.address as string);
    if (!lan.length) console.warn('No network address on this machine: only the terminal line is checked.');
    for (const address of lan) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: address, port }, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      expect(reached, `reachable at ${address}:${port}`).toBe(false);
    }
  });

  it('shows the problems in the error overlay of a page that opens', async () => {
    const { err } = await browser.next(isError);
    expect(err.message).toContain('pages/index.yaml:6:11  blocks[0].type');
    expect(err.message).toContain('Unknown block type "pageHeroo". Did you mean "pageHero"?');
    expect(err.loc).toEqual({ file: file('pages/index.yaml'), line: 6, column: 11 });
    expect((await fetch(`${origin}/page-data/page-data.json`)).status).toBe(500);
  });

  it('serves the staff app at /admin from its source, through Vite', async () => {
    const page = await fetch(`${origin}/admin`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/src/admin/main.tsx"></script>');
    expect(html).toContain('<meta name="admin-api" content="/backend/api/admin">');
    const entry = await fetch(`${origin}/src/admin/main.tsx`);
    expect(entry.status).toBe(200);
    expect(await entry.text()).toContain('StaffApp');
  });

  it('answers the forms API with 503 and a message saying why', async () => {
    const res = await postDemo('Telematics');
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/^The forms API is not running yet: the site content has errors/);
  });

  it('recovers when the file is fixed: the page reloads and the API starts', async () => {
    await browser.afterWriting(
      file('pages/index.yaml'),
      readFileSync(`${file('pages/index.yaml')}.good`, 'utf8'),
      isFullReload,
    );
    expect((await fetch(`${origin}/page-data/page-data.json`)).status).toBe(200);
    const res = await until('the API to start', async () => {
      const r = await postDemo('Telematics');
      return r.status === 503 ? undefined : r;
    });
    expect(res.status).toBe(200);
    expect(terminal()).toMatch(/API: +\/backend\/api -> http:\/\/127\.0\.0\.1:\d+/);
  }, 60_000);

  it('restarts the API when the service types change', async () => {
    expect((await postDemo('Drone Surveys')).status).toBe(400);
    const site = file('site.yaml');
    const text = readFileSync(site, 'utf8');
    expect(text).toContain('serviceTypes: [Telematics]');
    await browser.afterWriting(
      site,
      text.replace('serviceTypes: [Telematics]', 'serviceTypes: [Telematics, Drone Surveys]'),
      isFullReload,
    );
    const res = await until('the API to accept the new service type', async () => {
      const r = await postDemo('Drone Surveys');
      return r.status === 200 ? r : undefined;
    });
    expect(res.status).toBe(200);
    expect(terminal()).toContain('API restarted');
  }, 60_000);

  it('keeps the API on the last valid content while the content is broken again', async () => {
    const index = file('pages/index.yaml');
    // The overlay of the file as written: on a busy machine the watcher may first see it half
    // written (an error somewhere else), then whole.
    const unclosed = (m: HotPayload): m is ErrorPayload =>
      isError(m) && m.err.message.includes('never closed');
    const { err } = await browser.afterWriting(
      index,
      readFileSync(index, 'utf8').replace('title: Fixture home', 'title: "Fixture home'),
      unclosed,
    );
    expect(err.message).toContain('pages/index.yaml:3:8');
    expect(err.message).toContain('YAML syntax: the text that starts with " here is never closed.');
    expect((await postDemo('Drone Surveys')).status).toBe(200);
    expect(child.exitCode).toBeNull();
  }, 60_000);
});
