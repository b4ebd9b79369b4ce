// @vitest-environment node
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFolder } from '../../node/folderSource.ts';
import { readSchemaFiles } from '../../node/schemaFiles.ts';
import { blockTypesFor } from '../../src/content/pageKinds.ts';
import { API, contentApp, contentCopy, removeContentCopies, staffHeaders } from './editorTestSupport.ts';
import { HISTORY_OFF_MESSAGE } from './history.ts';

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = contentCopy();
  app = await contentApp(dir);
});
afterAll(async () => {
  await app.close();
  removeContentCopies();
});

const get = (url: string) => app.inject({ method: 'GET', url: `${API}${url}`, headers: staffHeaders });
const put = (payload: object) =>
  app.inject({ method: 'PUT', url: `${API}/file`, headers: staffHeaders, payload });

async function current(file: string) {
  const site = (await get('/site')).json() as { files: Record<string, { text: string; version: string }> };
  const state = site.files[file];
  if (!state) throw new Error(`no ${file}`);
  return state;
}

describe('content API', () => {
  it('answers 401 without the guard letting the request in', async () => {
    const res = await app.inject({ method: 'GET', url: `${API}/site` });
    expect(res.statusCode).toBe(401);
  });

  it('GET /site gives every file with its version, the pictures, and how to turn history on', async () => {
    const res = await get('/site');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.files)).toContain('site.yaml');
    expect(Object.keys(body.files)).toContain('pages/services/iot.yaml');
    expect(body.files['pages/about.yaml'].text).toBe(
      readFileSync(path.join(dir, 'pages/about.yaml'), 'utf8'),
    );
    expect(body.files['pages/about.yaml'].version).toMatch(/^[0-9a-f]{64}$/);
    expect(body.images).toContainEqual(expect.objectContaining({ path: '/images/brand/logo.svg' }));
    expect(body.images[0].width).toBeGreaterThan(0);
    expect(body.history).toEqual({ enabled: false, message: HISTORY_OFF_MESSAGE });
  });

  it("GET /pages lists each page's kind, addresses, titles and the sections it may hold", async () => {
    const { pages } = (await get('/pages')).json();
    expect(pages).toContainEqual({
      file: 'pages/index.yaml',
      path: '/',
      aliases: [],
      kind: 'home',
      title: expect.any(String),
      name: expect.any(String),
      blockTypes: blockTypesFor('home', readSchemaFiles()),
      unpublished: false,
      closes: null,
      schedule: {},
      lastChange: null,
      draft: null,
      review: null,
    });
    const byFile = (file: string) => pages.find((p: { file: string }) => p.file === file);
    expect(byFile('pages/services/iot.yaml').kind).toBe('service');
    expect(byFile('pages/services/school-management.yaml').aliases).toEqual(['/services']);
    const career = pages.find((p: { file: string }) => p.file.startsWith('pages/careers/'));
    expect(career.kind).toBe('career');
    // Declared by the block schemas: a job opening may take the application form, the home page not.
    expect(career.blockTypes).toContain('applicationForm');
    expect(byFile('pages/index.yaml').blockTypes).not.toContain('applicationForm');
  });

  it('PUT /file writes only the changed lines and returns the new version', async () => {
    const file = 'pages/services/iot.yaml';
    const before = await current(file);
    const data = parse(before.text);
    data.title = 'IoT Solutions for Schools';
    const res = await put({ file, version: before.version, data });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.commit).toBeNull();
    const onDisk = readFileSync(path.join(dir, file), 'utf8');
    expect(body.text).toBe(onDisk);
    const changed = onDisk.split('\n').filter((line, i) => line !== before.text.split('\n')[i]);
    expect(changed).toEqual(['title: IoT Solutions for Schools']);
    expect(body.version).toBe((await current(file)).version);
  });

  it('PUT /file with an old version answers 409 with the current text and what differs', async () => {
    const file = 'pages/about.yaml';
    const before = await current(file);
    const mine = parse(before.text);
    mine.description = 'First save.';
    expect((await put({ file, version: before.version, data: mine })).statusCode).toBe(200);
    const theirs = parse(before.text);
    theirs.title = 'A late edit';
    const res = await put({ file, version: before.version, data: theirs });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.current.text).toBe(readFileSync(path.join(dir, file), 'utf8'));
    expect(body.changed).toEqual(expect.arrayContaining(['title', 'description']));
  });

  it('PUT /file refuses content the validator refuses, with its words and the place', async () => {
    const file = 'pages/privacy.yaml';
    const before = await current(file);
    const data = parse(before.text);
    data.path = '/somewhere-else';
    const res = await put({ file, version: before.version, data });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors[0]).toMatchObject({
      file,
      line: expect.any(Number),
      column: expect.any(Number),
      severity: 'error',
    });
    expect(body.errors[0].message).toContain('does not match where the file is');
    expect(readFileSync(path.join(dir, file), 'utf8')).toBe(before.text);
  });

  it('PUT /file with version null creates a page, and refuses one that exists', async () => {
    const about = parse((await current('pages/about.yaml')).text);
    const data = { ...about, path: '/services/new-service', title: 'A new service' };
    delete data.listing;
    delete data.aliases;
    const res = await put({ file: 'pages/services/new-service.yaml', version: null, data });
    expect(res.json()).toMatchObject({});
    expect(res.statusCode).toBe(200);
    const text = readFileSync(path.join(dir, 'pages/services/new-service.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/page.schema.json');
    const again = await put({ file: 'pages/services/new-service.yaml', version: null, data });
    expect(again.statusCode).toBe(409);
  });

  it("PUT /file with copyOf writes a new page from its template's text: comments kept, only changes differ", async () => {
    const copyOf = 'pages/services/school-management.yaml';
    const file = 'pages/services/drone-training.yaml';
    const template = (await current(copyOf)).text;
    // What the New page dialog sends (src/admin/content/newPage.ts copyPage): new address and
    // title, no aliases, the listing's title instead of the original's menu name.
    const { aliases: _aliases, ...data } = parse(template);
    data.path = '/services/drone-training';
    data.title = 'Drone Training';
    const { menuLabel: _menuLabel, ...listing } = data.listing;
    data.listing = { ...listing, title: 'Drone Training', order: 99 };
    const res = await put({ file, version: null, data, copyOf });
    expect(res.statusCode).toBe(200);
    const text = readFileSync(path.join(dir, file), 'utf8');
    const comments = (t: string) => t.split('\n').filter((line) => /^\s*#/.test(line));
    expect(comments(template).length).toBeGreaterThan(10);
    expect(comments(text)).toEqual(comments(template));
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/page.schema.json');
    const templateLines = new Set(template.split('\n'));
    const added = text.split('\n').filter((line) => !templateLines.has(line));
    expect(added.map((line) => line.trim().split(':')[0])).toEqual(['path', 'title', 'title', 'order']);
    expect(readFolder(dir).errors.filter((e) => e.file === file)).toEqual([]);
  });

  it('PUT /file with copyOf refuses a template outside the content files, or one that is gone', async () => {
    const data = parse((await current('pages/services/iot.yaml')).text);
    data.path = '/services/copy-x';
    delete data.aliases;
    delete data.listing;
    const file = 'pages/services/copy-x.yaml';
    for (const copyOf of ['../site.yaml', '/etc/passwd', 'pages/../../x.yaml', 42]) {
      const res = await put({ file, version: null, data, copyOf });
      expect(res.statusCode, String(copyOf)).toBe(400);
    }
    const gone = await put({ file, version: null, data, copyOf: 'pages/services/no-such-page.yaml' });
    expect(gone.statusCode).toBe(404);
    expect(existsSync(path.join(dir, file))).toBe(false);
  });

  it('refuses paths outside the content files', async () => {
    const data = { title: 'x' };
    symlinkSync(path.join(dir, 'pages'), path.join(dir, 'pages', 'linked'));
    writeFileSync(path.join(dir, 'notes.yaml'), 'a: 1\n');
    for (const file of [
      '../site.yaml',
      'pages/../site.yaml',
      '/etc/passwd.yaml',
      'pages/about.txt',
      'notes.yaml',
      'pages/linked/about.yaml',
      'pages\\about.yaml',
    ]) {
      const res = await put({ file, version: null, data });
      expect(res.statusCode, file).toBe(400);
      expect(res.json().message).toMatch(/content file|link/);
    }
    expect((await get('/history?file=../etc/passwd')).statusCode).toBe(400);
  });

  it('GET /history without git says how to turn it on; GET /publish in development needs nothing', async () => {
    expect((await get('/history?file=pages/about.yaml')).json()).toEqual({
      enabled: false,
      message: HISTORY_OFF_MESSAGE,
      versions: [],
    });
    const res = await app.inject({ method: 'POST', url: `${API}/publish`, headers: staffHeaders });
    expect(res.json()).toEqual({ state: 'done', message: 'In development the site reloads by itself.' });
  });
});
