// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  API,
  contentApp,
  contentCopy,
  removeContentCopies,
  STAFF,
  staffHeaders,
} from './editorTestSupport.ts';
import { ContentHistory } from './history.ts';

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = contentCopy({ git: true });
  app = await contentApp(dir);
});
afterAll(async () => {
  await app.close();
  removeContentCopies();
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const get = (url: string) => app.inject({ method: 'GET', url: `${API}${url}`, headers: staffHeaders });
const send = (method: 'PUT' | 'POST', url: string, payload: object) =>
  app.inject({ method, url: `${API}${url}`, headers: staffHeaders, payload });
const versionOf = async (file: string) =>
  (await get('/site')).json().files[file] as { text: string; version: string };

describe('a commit git refuses', () => {
  it('leaves nothing staged, and says why', async () => {
    const folder = contentCopy({ git: true });
    const inFolder = (...args: string[]) =>
      execFileSync('git', args, { cwd: folder, encoding: 'utf8' }).trim();
    // Every commit must be signed, by a program that always fails.
    inFolder('config', 'commit.gpgSign', 'true');
    inFolder('config', 'gpg.program', 'false');
    const file = 'pages/about.yaml';
    writeFileSync(path.join(folder, file), `${readFileSync(path.join(folder, file), 'utf8')}# changed\n`);
    const head = inFolder('rev-parse', 'HEAD');
    await expect(new ContentHistory(folder).commit(file, STAFF, 'Edit About')).rejects.toThrow(/gpg/);
    expect(inFolder('rev-parse', 'HEAD')).toBe(head);
    expect(inFolder('diff', '--cached', '--name-only')).toBe('');
    // The change is still in the file, unstaged.
    expect(inFolder('diff', '--name-only')).toBe(file);
  });
});

describe('content history in git', () => {
  const file = 'pages/services/iot.yaml';

  it('commits each save as the staff member, naming the page, and only that file', async () => {
    writeFileSync(
      path.join(dir, 'pages/about.yaml'),
      `${readFileSync(path.join(dir, 'pages/about.yaml'), 'utf8')}# local\n`,
    );
    const before = await versionOf(file);
    const data = parse(before.text);
    data.title = 'IoT for Schools';
    const res = await send('PUT', '/file', { file, version: before.version, data });
    expect(res.statusCode).toBe(200);
    const { commit } = res.json();
    expect(commit).toBe(git('rev-parse', 'HEAD'));
    // The message says what changed, by the form's labels, with the old and new words.
    expect(git('log', '-1', '--format=%an <%ae>|%s')).toBe(
      `${STAFF.name} <${STAFF.email}>|Telematics (IoT): changed Title`,
    );
    expect(git('log', '-1', '--format=%b')).toBe('Title: “Telematics & IoT Solutions” → “IoT for Schools”');
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe(file);
    // The unrelated change in the work tree is still there, uncommitted.
    expect(git('status', '--porcelain')).toBe('M pages/about.yaml');
  });

  it('GET /history lists the versions, newest first; GET /version gives a version text', async () => {
    const before = await versionOf(file);
    const data = parse(before.text);
    data.title = 'IoT Labs';
    data.blocks[0].heading = 'Sensors everywhere';
    await send('PUT', '/file', { file, version: before.version, data });
    const body = (await get(`/history?file=${file}`)).json();
    expect(body.enabled).toBe(true);
    expect(body.versions.map((v: { subject: string }) => v.subject)).toEqual([
      'Telematics (IoT): changed Title, and Heading in Page hero',
      'Telematics (IoT): changed Title',
      'Initial content',
    ]);
    expect(body.versions[0].changes).toEqual([
      'Title: “IoT for Schools” → “IoT Labs”',
      'Heading in Page hero: “Telematics & IoT Solutions” → “Sensors everywhere”',
    ]);
    expect(body.versions[2].changes).toEqual([]);
    expect(body.versions[0]).toMatchObject({
      name: STAFF.name,
      email: STAFF.email,
      date: expect.any(String),
    });
    const first = body.versions[2].commit;
    const old = (await get(`/version?file=${file}&commit=${first}`)).json();
    expect(old.text).toBe(`${git('show', `${first}:${file}`)}\n`);
    expect((await get(`/version?file=${file}&commit=deadbeef`)).statusCode).toBe(404);
    const pages = (await get('/pages')).json().pages;
    expect(pages.find((p: { file: string }) => p.file === file).lastChange).toEqual({
      name: STAFF.name,
      date: body.versions[0].date,
    });
  });

  it('POST /restore brings an old version back as a new commit', async () => {
    const { versions } = (await get(`/history?file=${file}`)).json();
    const initial = versions[versions.length - 1].commit;
    const now = await versionOf(file);
    const res = await send('POST', '/restore', { file, commit: initial, version: now.version });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.text).toBe(`${git('show', `${initial}:${file}`)}\n`);
    expect(readFileSync(path.join(dir, file), 'utf8')).toBe(body.text);
    expect(body.commit).toBe(git('rev-parse', 'HEAD'));
    // The restore names the version it brought back, and what that changed.
    expect(git('log', '-1', '--format=%s')).toMatch(
      /^Telematics \(IoT\): restored the version of \d{4}-\d\d-\d\d \d\d:\d\d by Setup$/,
    );
    expect(git('log', '-1', '--format=%b')).toContain('Title: “IoT Labs” → “Telematics & IoT Solutions”');
    // A restore based on a stale version is refused.
    const stale = await send('POST', '/restore', { file, commit: initial, version: now.version });
    expect(stale.statusCode).toBe(409);
  });
});
