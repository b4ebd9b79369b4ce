// @vitest-environment node
/**
 * GET /pages gives each page's last change from one `git log` over pages/ (not one per page):
 * the right person per page, null for a page never committed, also when the content folder is a
 * subfolder of the repository.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API, contentApp, REPO, STAFF, staffHeaders } from './editorTestSupport.ts';

let repo: string;
let content: string;
let app: FastifyInstance;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();

beforeAll(async () => {
  repo = mkdtempSync(path.join(tmpdir(), 'triune-pagelist-'));
  content = path.join(repo, 'website');
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(REPO, part), path.join(content, part), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qm', 'Initial content');
  writeFileSync(path.join(content, 'pages/about.yaml'), '# edited by hand\n', { flag: 'a' });
  git('-c', 'user.name=Dev Eloper', '-c', 'user.email=dev@example.com', 'commit', '-qam', 'Note');
  app = await contentApp(content);
});
afterAll(async () => {
  await app?.close();
  rmSync(repo, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url: `${API}${url}`, headers: staffHeaders });

describe('GET /pages with history', () => {
  it("names each page's last author, and none for a page not yet committed", async () => {
    const file = 'pages/services/iot.yaml';
    const { text, version } = (await get('/site')).json().files[file];
    const data = parse(text);
    data.title = 'IoT, saved in the editor';
    const saved = await app.inject({
      method: 'PUT',
      url: `${API}/file`,
      headers: staffHeaders,
      payload: { file, version, data },
    });
    expect(saved.statusCode).toBe(200);
    writeFileSync(path.join(content, 'pages/draft.yaml'), 'title: Not committed\n');

    const pages = (await get('/pages')).json().pages as { file: string; lastChange: unknown }[];
    const last = (f: string) => pages.find((p) => p.file === f)?.lastChange;
    const dateOf = (f: string) => git('log', '-1', '--format=%aI', '--', `website/${f}`);
    expect(last(file)).toEqual({ name: STAFF.name, date: dateOf(file) });
    expect(last('pages/about.yaml')).toEqual({ name: 'Dev Eloper', date: dateOf('pages/about.yaml') });
    expect(last('pages/privacy.yaml')).toEqual({ name: 'Setup', date: dateOf('pages/privacy.yaml') });
    expect(last('pages/draft.yaml')).toBeNull();
    expect(pages.every((p) => p.file === 'pages/draft.yaml' || p.lastChange !== null)).toBe(true);
  });
});
