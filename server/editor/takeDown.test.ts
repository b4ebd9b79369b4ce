// @vitest-environment node
/**
 * Take down through the editor's API, on real files and real git: the page leaves the site (marked
 * taken down, its file kept) and its address leads on, in one commit of the two files; earlier
 * redirects to it lead on too; what the validator would refuse is refused before anything is
 * written.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFolder } from '../../node/folderSource.ts';
import { API, contentApp, contentCopy, removeContentCopies, staffHeaders } from './editorTestSupport.ts';
import { putBackMessages } from './putBackRoute.ts';
import { takeDownMessages } from './takeDown.ts';

const JOB = 'pages/careers/graphic-designer.yaml';
let dir: string;
let app: FastifyInstance;
beforeEach(async () => {
  await app?.close();
  dir = contentCopy({ git: true });
  app = await contentApp(dir);
});
afterAll(async () => {
  await app?.close();
  removeContentCopies();
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const open = async (file: string) =>
  (await app.inject({ method: 'GET', url: `${API}/site`, headers: staffHeaders })).json().files[file] as {
    text: string;
    version: string;
  };
const takeDown = (payload: object) =>
  app.inject({ method: 'POST', url: `${API}/take-down`, headers: staffHeaders, payload });
const onDisk = (file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('Take down', () => {
  it('takes the page off the site and leads its address on, in one commit', async () => {
    const opened = await open(JOB);
    const redirectsBefore = onDisk('redirects.yaml');
    const res = await takeDown({ file: JOB, version: opened.version, to: '/careers' });
    expect(res.statusCode).toBe(200);
    // The page file stays, marked, with one line added after its address.
    const page = onDisk(JOB);
    expect(page).toBe(opened.text.replace('path: /careers/graphic-designer\n', '$&unpublished: true\n'));
    expect(res.json().text).toBe(page);
    // The redirect, written as a list of lines, the file's comments kept.
    const redirects = onDisk('redirects.yaml');
    expect(parse(redirects).redirects).toEqual([{ from: '/careers/graphic-designer', to: '/careers' }]);
    expect(redirects).toContain('  - from: /careers/graphic-designer\n    to: /careers\n');
    const comments = (t: string) => t.split('\n').filter((l) => l.startsWith('#'));
    expect(comments(redirects)).toEqual(comments(redirectsBefore));
    // One commit holding both files, by the staff member.
    expect(git('show', '--name-only', '--format=%an|%s', 'HEAD').split('\n').filter(Boolean)).toEqual([
      'Asha Content|Take down Graphic Designer (Remote) | Careers (pages/careers/graphic-designer.yaml): /careers/graphic-designer now leads to /careers',
      'pages/careers/graphic-designer.yaml',
      'redirects.yaml',
    ]);
    // What the next build reads: no such address or job opening, and the redirect.
    const model = readFolder(dir).model;
    expect(model?.routes.map((r) => r.path)).not.toContain('/careers/graphic-designer');
    expect(model?.collections.jobs?.map((j) => j.link)).not.toContain('/careers/graphic-designer');
    expect(model?.redirects).toEqual([{ from: '/careers/graphic-designer', to: '/careers' }]);
  });

  it('points an earlier redirect to the address at the new one, so no chain forms', async () => {
    writeFileSync(
      path.join(dir, 'redirects.yaml'),
      onDisk('redirects.yaml').replace(
        'redirects: []',
        'redirects:\n  - from: /careers/designer\n    to: /careers/graphic-designer\n',
      ),
    );
    git('-c', 'user.name=T', '-c', 'user.email=t@localhost', 'commit', '-qam', 'An older redirect');
    const opened = await open(JOB);
    expect((await takeDown({ file: JOB, version: opened.version, to: '/careers' })).statusCode).toBe(200);
    expect(parse(onDisk('redirects.yaml')).redirects).toEqual([
      { from: '/careers/designer', to: '/careers' },
      { from: '/careers/graphic-designer', to: '/careers' },
    ]);
    expect(readFolder(dir).errors).toEqual([]);
  });

  it('refuses, writing nothing: an address no page serves, a page with other addresses, a stale version', async () => {
    const head = git('rev-parse', 'HEAD');
    const opened = await open(JOB);
    const nowhere = await takeDown({ file: JOB, version: opened.version, to: '/careers/no-such-job' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe(takeDownMessages.notSaved(1));
    expect(nowhere.json().errors[0]).toMatchObject({ file: 'redirects.yaml' });

    // A page that also answers at /careers, without saying which page answers there from now on.
    const support = 'pages/careers/customer-support.yaml';
    const supportVersion = (await open(support)).version;
    const aliased = await takeDown({ file: support, version: supportVersion, to: '/careers' });
    expect(aliased.statusCode).toBe(409);
    expect(aliased.json().message).toBe(takeDownMessages.aliases(['/careers']));
    for (const holder of [support, 'site.yaml', JOB.replace('graphic', 'no-such')]) {
      const res = await takeDown({
        file: support,
        version: supportVersion,
        to: '/careers',
        aliasesTo: { '/careers': holder },
      });
      expect(res.statusCode, holder).toBe(400);
    }

    const stale = await takeDown({ file: JOB, version: 'an older version', to: '/careers' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(takeDownMessages.changed);

    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
    expect(onDisk(JOB)).toBe(opened.text);
  });
});

describe('Take down of a page with another address', () => {
  it('hands the address to the page chosen, in the same commit, and the site stays whole', async () => {
    const support = 'pages/careers/customer-support.yaml';
    const holder = 'pages/careers/app-developer.yaml';
    const opened = await open(support);
    const holderBefore = onDisk(holder);
    const res = await takeDown({
      file: support,
      version: opened.version,
      to: '/careers',
      aliasesTo: { '/careers': holder },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The page taken down keeps no other address; the holder answers at /careers, one line added.
    expect(parse(onDisk(support))).toMatchObject({ unpublished: true });
    expect(parse(onDisk(support)).aliases).toBeUndefined();
    expect(onDisk(holder)).toBe(
      holderBefore.replace('path: /careers/app-developer\n', '$&aliases: [/careers]\n'),
    );
    expect(git('show', '--name-only', '--format=%s', 'HEAD').split('\n').filter(Boolean)).toEqual([
      `Take down Customer Support (Remote) | Careers (${support}): /careers/customer-support now leads to /careers; /careers to ${holder}`,
      holder,
      support,
      'redirects.yaml',
    ]);
    const reading = readFolder(dir);
    expect(reading.errors).toEqual([]);
    expect(reading.model?.routes.find((r) => r.path === '/careers')?.file).toBe(holder);
  });
});

describe('Put back', () => {
  const putBack = (payload: object) =>
    app.inject({ method: 'POST', url: `${API}/put-back`, headers: staffHeaders, payload });

  it('returns a page taken down to the site at its address, without the redirect, in one commit', async () => {
    const before = await open(JOB);
    const redirectsBefore = onDisk('redirects.yaml');
    const down = await takeDown({ file: JOB, version: before.version, to: '/careers' });
    const res = await putBack({ file: JOB, version: down.json().version });
    expect(res.statusCode, res.body).toBe(200);
    // Both files as they were before the take-down, byte for byte.
    expect(onDisk(JOB)).toBe(before.text);
    expect(onDisk('redirects.yaml')).toBe(redirectsBefore);
    expect(git('show', '--name-only', '--format=%an|%s', 'HEAD').split('\n').filter(Boolean)).toEqual([
      'Asha Content|Put back Graphic Designer (Remote) | Careers (pages/careers/graphic-designer.yaml) at /careers/graphic-designer',
      'pages/careers/graphic-designer.yaml',
      'redirects.yaml',
    ]);
    const model = readFolder(dir).model;
    expect(model?.collections.jobs?.map((j) => j.link)).toContain('/careers/graphic-designer');
    expect(model?.redirects).toEqual([]);
  });

  it('refuses, writing nothing: a page on the site, a stale version', async () => {
    const opened = await open(JOB);
    const onSite = await putBack({ file: JOB, version: opened.version });
    expect([onSite.statusCode, onSite.json().message]).toEqual([409, takeDownMessages.notDown]);
    await takeDown({ file: JOB, version: opened.version, to: '/careers' });
    const head = git('rev-parse', 'HEAD');
    const stale = await putBack({ file: JOB, version: opened.version });
    expect([stale.statusCode, stale.json().message]).toEqual([409, putBackMessages.changed]);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
  });
});
