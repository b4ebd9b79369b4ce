// @vitest-environment node
/**
 * Deleting a page and restoring it from the history, through the editor's API on real files and
 * real git: Delete removes the file and redirects its address, in one commit; the list of deleted
 * pages names it with who and when; Restore brings its last text back without the redirect.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deletedMessages } from './deletedPages.ts';
import {
  API,
  contentApp,
  contentCopy,
  removeContentCopies,
  STAFF,
  staffHeaders,
} from './editorTestSupport.ts';

const JOB = 'pages/careers/graphic-designer.yaml';
let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = contentCopy({ git: true });
  app = await contentApp(dir);
});
afterAll(async () => {
  await app?.close();
  removeContentCopies();
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({
    method,
    url: `${API}${url}`,
    headers: staffHeaders,
    ...(payload && { payload }),
  });
  return { status: res.statusCode, body: res.json() };
};
const redirects = () => parse(readFileSync(path.join(dir, 'redirects.yaml'), 'utf8')).redirects as object[];

describe('deleting a page and restoring it', () => {
  let deletedIn = '';

  it('Delete removes the file and redirects its address, in one commit', async () => {
    const { files } = (await call('GET', '/site')).body;
    const res = await call('POST', '/take-down', {
      file: JOB,
      version: files[JOB].version,
      to: '/careers',
      delete: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(existsSync(path.join(dir, JOB))).toBe(false);
    expect(redirects()).toContainEqual({ from: '/careers/graphic-designer', to: '/careers' });
    expect(git('show', '--name-status', '--format=%s', 'HEAD').split('\n')).toEqual([
      'Delete Graphic Designer (Remote) | Careers (pages/careers/graphic-designer.yaml): /careers/graphic-designer now leads to /careers',
      '',
      'D\tpages/careers/graphic-designer.yaml',
      'M\tredirects.yaml',
    ]);
    deletedIn = git('rev-parse', 'HEAD');
  });

  it('lists it among the deleted pages, with who deleted it and when', async () => {
    const { body } = await call('GET', '/deleted');
    expect(body.pages).toEqual([
      {
        file: JOB,
        commit: deletedIn,
        name: STAFF.name,
        date: expect.any(String),
        title: 'Graphic Designer (Remote) | Careers',
        path: '/careers/graphic-designer',
      },
    ]);
  });

  it('Restore brings its last text back, on the site, and removes the redirect from its address', async () => {
    expect((await call('POST', '/restore-deleted', { file: JOB, commit: 'abc1234' })).status).toBe(404);
    const res = await call('POST', '/restore-deleted', { file: JOB, commit: deletedIn });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = parse(readFileSync(path.join(dir, JOB), 'utf8'));
    expect(page.path).toBe('/careers/graphic-designer');
    expect(page.unpublished).toBeUndefined();
    expect(redirects()).not.toContainEqual({ from: '/careers/graphic-designer', to: '/careers' });
    expect(git('log', '-1', '--format=%s')).toBe(
      `Restore Graphic Designer (Remote) | Careers (${JOB}), deleted in ${deletedIn.slice(0, 7)}`,
    );
    expect((await call('GET', '/deleted')).body.pages).toEqual([]);
    // Once back, it cannot be restored over itself.
    expect(await call('POST', '/restore-deleted', { file: JOB, commit: deletedIn })).toEqual({
      status: 409,
      body: { message: deletedMessages.exists },
    });
  });
});

describe('restoring a deleted page that had another address', () => {
  it('leaves that address with the page that took it over', async () => {
    const file = 'pages/services/school-management.yaml';
    const { files } = (await call('GET', '/site')).body;
    const deleted = await call('POST', '/take-down', {
      file,
      version: files[file].version,
      to: '/services/iot',
      aliasesTo: { '/services': 'pages/services/iot.yaml' },
      delete: true,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const commit = git('rev-parse', 'HEAD');
    const restored = await call('POST', '/restore-deleted', { file, commit });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(parse(readFileSync(path.join(dir, file), 'utf8')).aliases).toBeUndefined();
    expect(parse(readFileSync(path.join(dir, 'pages/services/iot.yaml'), 'utf8')).aliases).toContain(
      '/services',
    );
  });
});
