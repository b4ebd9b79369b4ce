/** Helpers of the editor tests: a copy of the repository's content in a temporary folder, and the API on it. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ContentApiOptions, registerContentApi } from './api.ts';

export const REPO = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];

/** site.yaml, pages/ and public/ copied from the repository; with `git`, a repository with one commit. */
export function contentCopy(options: { git?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'triune-editor-'));
  made.push(dir);
  for (const part of ['site.yaml', 'pages', 'public'])
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
