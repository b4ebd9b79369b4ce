// @vitest-environment node
/**
 * Change address through the editor's API, on real files and real git: the page's file moves with
 * its new address, the old address redirects to the new one, links to it elsewhere in the site are
 * updated, all in one commit that the validator accepts; an earlier redirect to the old address
 * leads to the new one; what cannot be done is refused before anything is written.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFolder } from '../../node/folderSource.ts';
import { contentMessages } from './api.ts';
import { API, contentApp, contentCopy, removeContentCopies, staffHeaders } from './editorTestSupport.ts';
import { moveMessages } from './move.ts';

const PRIVACY = 'pages/privacy.yaml';
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
const move = (payload: object) =>
  app.inject({ method: 'POST', url: `${API}/move`, headers: staffHeaders, payload });
const onDisk = (file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('Change address', () => {
  it('moves the file, redirects the old address and updates the links to it, in one commit', async () => {
    const opened = await open(PRIVACY);
    const siteBefore = onDisk('site.yaml');
    expect(siteBefore).toMatch(/: \/privacy\n/);
    const res = await move({ file: PRIVACY, version: opened.version, to: '/privacy-notice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ file: 'pages/privacy-notice.yaml', relinked: ['site.yaml'] });

    // The page at its new file: its text but the address line, which says the new address.
    expect(existsSync(path.join(dir, PRIVACY))).toBe(false);
    const moved = onDisk('pages/privacy-notice.yaml');
    expect(moved).toBe(opened.text.replace('path: /privacy\n', 'path: /privacy-notice\n'));
    expect(res.json().text).toBe(moved);
    // The footer's link leads to the new address; nothing else in site.yaml changed.
    const site = onDisk('site.yaml');
    expect(site).toBe(siteBefore.replace(/: \/privacy\n/g, ': /privacy-notice\n'));
    // The old address redirects.
    expect(parse(onDisk('redirects.yaml')).redirects).toEqual([{ from: '/privacy', to: '/privacy-notice' }]);
    // One commit, the move recorded as one (git sees a rename), by the staff member.
    expect(
      git('show', '--name-status', '--find-renames', '--format=%an|%s', 'HEAD').split('\n').filter(Boolean),
    ).toEqual([
      'Asha Content|Move Privacy Notice from /privacy to /privacy-notice (pages/privacy.yaml → pages/privacy-notice.yaml), links updated in site.yaml',
      expect.stringMatching(/^R\d+\tpages\/privacy\.yaml\tpages\/privacy-notice\.yaml$/),
      'M\tredirects.yaml',
      'M\tsite.yaml',
    ]);
    expect(git('status', '--porcelain')).toBe('');
    // The site as it is now is valid: the link is whole, the redirect leads to a page.
    expect(readFolder(dir).errors).toEqual([]);
  });

  it('leads an earlier redirect to the old address on to the new one, and moves back without a loop', async () => {
    const opened = await open(PRIVACY);
    writeFileSync(
      path.join(dir, 'redirects.yaml'),
      'redirects:\n  - from: /privacy-policy\n    to: /privacy\n',
    );
    git('commit', '-qam', 'An old address of the privacy page');
    const first = await move({ file: PRIVACY, version: opened.version, to: '/privacy-notice' });
    expect(first.statusCode, first.body).toBe(200);
    expect(parse(onDisk('redirects.yaml')).redirects).toEqual([
      { from: '/privacy-policy', to: '/privacy-notice' },
      { from: '/privacy', to: '/privacy-notice' },
    ]);
    // Back to where it was: the redirect from /privacy goes, as a page serves that address again.
    const back = await move({
      file: 'pages/privacy-notice.yaml',
      version: first.json().version,
      to: '/privacy',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(parse(onDisk('redirects.yaml')).redirects).toEqual([
      { from: '/privacy-policy', to: '/privacy' },
      { from: '/privacy-notice', to: '/privacy' },
    ]);
    expect(readFolder(dir).errors).toEqual([]);
  });

  it('refuses what it cannot do, in words, and writes nothing', async () => {
    const privacy = await open(PRIVACY);
    const home = await open('pages/index.yaml');
    const support = await open('pages/careers/customer-support.yaml');
    const head = git('rev-parse', 'HEAD');
    const cases: [object, number, string][] = [
      [{ file: PRIVACY, version: privacy.version, to: '/about' }, 409, moveMessages.taken('/about')],
      // The page's own other address.
      [
        { file: 'pages/careers/customer-support.yaml', version: support.version, to: '/careers' },
        409,
        moveMessages.ownAlias('/careers'),
      ],
      // /careers is the second address (an alias) of a job opening.
      [{ file: PRIVACY, version: privacy.version, to: '/careers' }, 409, moveMessages.taken('/careers')],
      [
        { file: PRIVACY, version: privacy.version, to: 'privacy-notice' },
        400,
        `“privacy-notice” cannot be an address: it does not start with a slash. ${moveMessages.badAddress}`,
      ],
      [
        { file: PRIVACY, version: privacy.version, to: '/Privacy Notice' },
        400,
        `“/Privacy Notice” cannot be an address: it has a space. ${moveMessages.badAddress}`,
      ],
      [
        { file: PRIVACY, version: privacy.version, to: '/Privacy' },
        400,
        `“/Privacy” cannot be an address: it has capital letters. ${moveMessages.badAddress}`,
      ],
      [{ file: PRIVACY, version: privacy.version, to: '' }, 400, moveMessages.badAddress],
      [{ file: PRIVACY, version: privacy.version, to: '/privacy' }, 400, moveMessages.same],
      [{ file: PRIVACY, version: 'an older version', to: '/privacy-notice' }, 409, moveMessages.changed],
      [{ file: 'pages/index.yaml', version: home.version, to: '/home' }, 400, moveMessages.fixed],
      [{ file: 'site.yaml', version: 'x', to: '/settings' }, 400, moveMessages.notAPage],
    ];
    for (const [payload, status, message] of cases) {
      const res = await move(payload);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    // Deeper than any page can be: refused in words, not a server error.
    const deep = await move({ file: PRIVACY, version: privacy.version, to: '/a/b/c/d/e' });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toEqual(expect.any(String));
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('a second person whose list predates the move is told the page is no longer there', async () => {
    const opened = await open(PRIVACY);
    expect((await move({ file: PRIVACY, version: opened.version, to: '/privacy-notice' })).statusCode).toBe(
      200,
    );
    const head = git('rev-parse', 'HEAD');
    for (const [route, payload] of [
      ['move', { file: PRIVACY, version: opened.version, to: '/privacy-policy' }],
      ['take-down', { file: PRIVACY, version: opened.version, to: '/' }],
      ['put-back', { file: PRIVACY, version: opened.version }],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `${API}/${route}`,
        headers: staffHeaders,
        payload,
      });
      expect([route, res.statusCode, res.json().message]).toEqual([route, 404, contentMessages.gone]);
    }
    expect(git('rev-parse', 'HEAD')).toBe(head);
  });

  it('puts every file back as it was when the commit fails, the page still at its address', async () => {
    const opened = await open(PRIVACY);
    const site = onDisk('site.yaml');
    // Another git command holds the repository's lock: the commit cannot be made.
    writeFileSync(path.join(dir, '.git', 'index.lock'), '');
    const res = await move({ file: PRIVACY, version: opened.version, to: '/privacy-notice' });
    rmSync(path.join(dir, '.git', 'index.lock'));
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(onDisk(PRIVACY)).toBe(opened.text);
    expect(existsSync(path.join(dir, 'pages/privacy-notice.yaml'))).toBe(false);
    expect(onDisk('site.yaml')).toBe(site);
    expect(git('status', '--porcelain')).toBe('');
  });
});
