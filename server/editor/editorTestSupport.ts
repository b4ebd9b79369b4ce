/**
 * Helpers of the editor tests: a copy of the repository's content in a temporary folder, the API
 * on it, and the real server with staff accounts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { hashPassword } from '../admin/password.ts';
import { StaffAccounts } from '../staff/accounts.ts';
import { removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';
import { type ContentApiOptions, registerContentApi } from './api.ts';

export const REPO = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];

/** site.yaml, redirects.yaml, pages/ and public/ copied from the repository; with `git`, a repository with one commit. */
export function contentCopy(options: { git?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'triune-editor-'));
  made.push(dir);
  for (const part of ['site.yaml', 'redirects.yaml', 'pages', 'public'])
    if (existsSync(path.join(REPO, part)))
      cpSync(path.join(REPO, part), path.join(dir, part), { recursive: true });
  if (options.git) {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  }
  return dir;
}

export function removeContentCopies(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const STAFF = { name: 'Asha Content', email: 'asha@example.com' };

/** The content API alone, with a guard that lets a request in when it has header x-test-staff: yes. */
export async function contentApp(
  contentDir: string,
  extra: Partial<ContentApiOptions> = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: process.env.EDITOR_TEST_LOG ? { level: 'error' } : false });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(
    async (scope) =>
      registerContentApi(scope, {
        contentDir,
        guard: async (request, reply) => {
          if (request.headers['x-test-staff'] !== 'yes')
            return reply.code(401).send({ message: 'Sign in first.' });
        },
        author: () => STAFF,
        ...extra,
      }),
    { prefix: '/backend/api/admin/content' },
  );
  await app.ready();
  return app;
}

export const API = '/backend/api/admin/content';
export const staffHeaders = { 'x-test-staff': 'yes' };

/** The password of the staff accounts `startEditorServer` adds. */
export const STAFF_PASSWORD = 'a long enough password';
/** Cheap scrypt settings: the tests sign in often, and the hash's strength is not what they test. */
const FAST = { N: 1024, r: 8, p: 1 };

export interface EditorServer {
  server: TestServer;
  /** The content folder the server edits (CONTENT_DIR). */
  content: string;
  /** Signs in over HTTP: the session cookie and the CSRF token. */
  signIn(email: string): Promise<{ cookie: string; csrf: string }>;
  stop(): Promise<void>;
}

/**
 * The real server (server/app.ts) on a copy of the content, taken from CONTENT_DIR as under
 * npm start (with `clientDir` and git: saves are drafts, `content` is what is live), with a content editor writer@example.com ("Wen Writer") and an inbox-only account
 * inbox@example.com, both with STAFF_PASSWORD.
 */
export async function startEditorServer(
  options: { git?: boolean; clientDir?: string } = {},
): Promise<EditorServer> {
  const content = contentCopy(options);
  process.env.CONTENT_DIR = content;
  const server = await startTestServer({
    admin: { passwordHash: await hashPassword('first admin password', FAST) },
    // A served build (npm start): Publish exists, and with git the saves are drafts.
    ...(options.clientDir && { clientDir: options.clientDir }),
  });
  const accounts = new StaffAccounts(server.db, { hashParams: FAST });
  await accounts.add({
    email: 'writer@example.com',
    name: 'Wen Writer',
    role: 'content',
    password: STAFF_PASSWORD,
  });
  await accounts.add({
    email: 'inbox@example.com',
    name: 'Ina Inbox',
    role: 'inbox',
    password: STAFF_PASSWORD,
  });
  return {
    server,
    content,
    async signIn(email) {
      const res = await fetch(`${server.api}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: STAFF_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}.`);
      const { csrfToken } = (await res.json()) as { csrfToken: string };
      return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: csrfToken };
    },
    async stop() {
      await server.stop();
      delete process.env.CONTENT_DIR;
      removeTempDirs();
      removeContentCopies();
    },
  };
}
