// @vitest-environment node
/**
 * Drafts with real git (issue 35): a save is a draft until published; Publish this page takes one
 * page's draft live and leaves the others; a new page is not live until published; a failed build
 * leaves the live branch and the site as they were; Discard returns a page to what is live.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registerContentApi } from '../api.ts';
import { API, removeContentCopies, STAFF } from '../editorTestSupport.ts';
import type { SitePublisher } from '../publish.ts';
import { type Drafts, localDrafts } from './drafts.ts';
import { draftsFolderOf, recoverInterruptedPublish } from './draftsFolder.ts';
import { draftsHarness } from './draftsTestSupport.ts';

const ABOUT = 'pages/about.yaml';
const CAREERS = 'pages/careers/app-developer.yaml';

let live: string;
let app: FastifyInstance;
let publisher: SitePublisher;
let drafts: Drafts;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

beforeAll(async () => {
  ({ live, app, publisher, drafts } = await draftsHarness({
    routes: async (scope, harness) => {
      await scope.register(
        async (api) =>
          registerContentApi(api, {
            contentDir: harness.drafts.folder,
            guard: async () => undefined,
            author: () => STAFF,
            publisher: harness.publisher,
            drafts: harness.drafts,
            shared: harness.drafts.repository,
          }),
        { prefix: API },
      );
    },
  }));
});
afterAll(async () => {
  await app.close();
  removeContentCopies();
});

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await app.inject({ method, url: `${API}${url}`, ...(payload && { payload }) });
  return { status: res.statusCode, body: res.json() };
};
const liveSite = async () => (await app.inject({ method: 'GET', url: '/' })).body;
/** Publishes (the drafts holding `files`, or every draft) and waits for the build to end. */
async function publish(files?: string[]) {
  const started = await call('POST', '/publish', files && { files });
  expect(started.status).toBe(202);
  await publisher.settled();
  return (await call('GET', '/publish')).body as { state: string; message?: string };
}
async function setTitle(file: string, title: string) {
  const { files } = (await call('GET', '/site')).body;
  const data = parse(files[file].text);
  data.title = title;
  const saved = await call('PUT', '/file', { file, version: files[file].version, data });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
/** The refs of the drafts (refs/drafts/<file>), each with the files its commit changes against `main`. */
const draftRefs = () =>
  Object.fromEntries(
    git(live, 'for-each-ref', '--format=%(refname)', 'refs/drafts/')
      .split('\n')
      .filter(Boolean)
      .map((ref) => [ref, git(live, 'diff', '--name-only', 'main', ref).split('\n').filter(Boolean)]),
  );
const pageState = async (file: string) =>
  ((await call('GET', '/pages')).body.pages as { file: string; draft: unknown }[]).find(
    (p) => p.file === file,
  )?.draft;

describe('drafts', () => {
  it('keeps the drafts in a worktree of the drafts branch, beside the live content folder', () => {
    expect(draftsFolderOf(live)).toBe(path.join(live, '.git', 'site-drafts'));
    expect(git(draftsFolderOf(live), 'branch', '--show-current')).toBe('drafts');
    expect(git(live, 'branch', '--show-current')).toBe('main');
    // The content folder's own status does not list the worktree.
    expect(git(live, 'status', '--porcelain')).toBe('');
  });

  it('a save is a draft: the live branch and the live site are unchanged until it is published', async () => {
    const liveBefore = git(live, 'rev-parse', 'HEAD');
    await setTitle(ABOUT, 'About us, draft one');
    await setTitle(CAREERS, 'Mobile jobs, draft one');
    expect(git(live, 'rev-parse', 'HEAD')).toBe(liveBefore);
    expect(readFileSync(path.join(live, ABOUT), 'utf8')).not.toContain('draft one');
    expect(await pageState(ABOUT)).toMatchObject({
      change: 'changed',
      by: [STAFF.name],
      at: expect.any(String),
    });
    const { body } = await call('GET', '/drafts');
    expect(body.enabled).toBe(true);
    // Two drafts, one per page (saved within a second: their order is not asserted).
    expect(body.drafts.map((d: { files: { file: string }[] }) => d.files.map((f) => f.file)).sort()).toEqual([
      [ABOUT],
      [CAREERS],
    ]);
    // A ref per page's draft: main with only that page's change, for a developer to see with git.
    expect(draftRefs()).toEqual({ [`refs/drafts/${ABOUT}`]: [ABOUT], [`refs/drafts/${CAREERS}`]: [CAREERS] });
    expect(git(live, 'show', `refs/drafts/${ABOUT}:${ABOUT}`)).toContain('title: "About us, draft one"');
    expect(git(live, 'rev-parse', `refs/drafts/${ABOUT}^`)).toBe(liveBefore);
    expect(git(live, 'log', '-1', '--format=%an', `refs/drafts/${ABOUT}`)).toBe(STAFF.name);
  });

  it('Publish this page puts only that page live; the other draft stays a draft', async () => {
    const state = await publish([ABOUT]);
    expect(state, state.message).toMatchObject({ state: 'done' });
    const site = await liveSite();
    expect(site).toContain(`${ABOUT}: About us, draft one`);
    expect(site).not.toContain('Mobile jobs, draft one');
    expect(git(live, 'log', '-1', '--format=%an|%s')).toBe(`${STAFF.name}|Publish About us, draft one`);
    expect(readFileSync(path.join(live, CAREERS), 'utf8')).not.toContain('draft one');
    expect(await pageState(ABOUT)).toBeNull();
    expect(await pageState(CAREERS)).toMatchObject({ change: 'changed' });
    // The published page's ref is gone; the other draft's ref is made again on top of the new main.
    expect(draftRefs()).toEqual({ [`refs/drafts/${CAREERS}`]: [CAREERS] });
    expect(git(live, 'rev-parse', `refs/drafts/${CAREERS}^`)).toBe(git(live, 'rev-parse', 'main'));
  });

  it('a new page is a draft, not served until it is published', async () => {
    const { files } = (await call('GET', '/site')).body;
    const data = parse(files[CAREERS].text);
    data.title = 'QA Engineer';
    data.path = '/careers/qa-engineer';
    data.listing.order = 9;
    const created = await call('PUT', '/file', {
      file: 'pages/careers/qa-engineer.yaml',
      version: null,
      data,
      copyOf: CAREERS,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await pageState('pages/careers/qa-engineer.yaml')).toMatchObject({ change: 'new' });
    expect(draftRefs()).toMatchObject({
      'refs/drafts/pages/careers/qa-engineer.yaml': ['pages/careers/qa-engineer.yaml'],
    });
    // Another page's Publish leaves the new page out.
    await setTitle(ABOUT, 'About us, draft two');
    expect(await publish([ABOUT])).toMatchObject({ state: 'done' });
    expect(await liveSite()).not.toContain('QA Engineer');
    expect(await publish(['pages/careers/qa-engineer.yaml'])).toMatchObject({ state: 'done' });
    expect(await liveSite()).toContain('pages/careers/qa-engineer.yaml: QA Engineer');
    expect(await liveSite()).not.toContain('Mobile jobs, draft one');
  });

  it('a failed build leaves the live branch and the live site as they were, and the draft a draft', async () => {
    await setTitle(ABOUT, 'Break the build');
    const liveBefore = git(live, 'rev-parse', 'HEAD');
    const siteBefore = await liveSite();
    const state = await publish([ABOUT]);
    expect(state.state).toBe('failed');
    expect(state.message).toContain('the title says to break the build');
    expect(git(live, 'rev-parse', 'HEAD')).toBe(liveBefore);
    expect(git(live, 'status', '--porcelain')).toBe('');
    expect(await liveSite()).toBe(siteBefore);
    expect(await pageState(ABOUT)).toMatchObject({ change: 'changed' });
  });

  it('Discard returns the page to what is live, as a commit on the drafts branch', async () => {
    const discarded = await call('POST', '/discard', { files: [ABOUT] });
    expect(discarded.status).toBe(200);
    expect(discarded.body.files).toEqual([ABOUT]);
    expect(await pageState(ABOUT)).toBeNull();
    expect(draftRefs()).not.toHaveProperty(`refs/drafts/${ABOUT}`);
    const { files } = (await call('GET', '/site')).body;
    expect(parse(files[ABOUT].text).title).toBe('About us, draft two');
    expect(git(draftsFolderOf(live), 'log', '-1', '--format=%s')).toBe(
      'Discard the draft of Break the build',
    );
    // Nothing left to discard: said so.
    expect((await call('POST', '/discard', { files: [ABOUT] })).status).toBe(404);
    expect((await call('POST', '/discard', { files: 'all' })).status).toBe(400);
  });

  it('Publish without a choice publishes every draft', async () => {
    expect(await publish()).toMatchObject({ state: 'done' });
    expect(await liveSite()).toContain(`${CAREERS}: Mobile jobs, draft one`);
    expect((await call('GET', '/drafts')).body.drafts).toEqual([]);
    expect(draftRefs()).toEqual({});
  });

  it('refuses a Publish that would break a link, naming the link and the draft it leads to', async () => {
    const terms = 'pages/legal-terms.yaml';
    const { files } = (await call('GET', '/site')).body;
    const page = parse(files['pages/privacy.yaml'].text);
    page.path = '/legal-terms';
    page.title = 'Legal terms';
    const created = await call('PUT', '/file', {
      file: terms,
      version: null,
      data: page,
      copyOf: 'pages/privacy.yaml',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const site = parse(files['site.yaml'].text);
    site.forms.privacy.link = '/legal-terms';
    const saved = await call('PUT', '/file', {
      file: 'site.yaml',
      version: files['site.yaml'].version,
      data: site,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const liveBefore = git(live, 'rev-parse', 'HEAD');
    const siteBefore = await liveSite();
    const refused = await publish(['site.yaml']);
    expect(refused.state).toBe('failed');
    expect(refused.message).toMatch(
      /^Not published: it would break 1 link on the live site\. Site settings, Link in .*: \/legal-terms is the page “.+”, which is a draft not in this Publish: tick it too\.$/,
    );
    expect(git(live, 'rev-parse', 'HEAD')).toBe(liveBefore);
    expect(git(live, 'status', '--porcelain')).toBe('');
    expect(await liveSite()).toBe(siteBefore);
    // With the page it leads to, it goes live.
    expect(await publish(['site.yaml', terms])).toMatchObject({ state: 'done' });
    expect(await liveSite()).toContain(`${terms}: Legal terms`);
  });

  it('refuses to publish a page without a draft, in words', async () => {
    const refused = await publish(['pages/privacy.yaml']);
    expect(refused).toMatchObject({
      state: 'failed',
      message: 'Nothing to publish: the pages chosen have no unpublished changes. Reload the list of drafts.',
    });
  });

  it('keeps the refs on what is live while a Publish builds, and after its build failed', async () => {
    await setTitle(ABOUT, 'Being published');
    const before = git(live, 'rev-parse', 'HEAD');
    const prepared = await drafts.prepare([ABOUT], STAFF);
    expect(git(live, 'rev-parse', 'HEAD')).not.toBe(before);
    // A colleague saves while the build runs: its ref is made on what is live, not on the Publish.
    await setTitle(CAREERS, 'Saved during the build');
    expect(git(live, 'rev-parse', `refs/drafts/${CAREERS}^`)).toBe(before);
    await prepared.undo();
    expect(git(live, 'rev-parse', 'HEAD')).toBe(before);
    expect(draftRefs()).toEqual({ [`refs/drafts/${ABOUT}`]: [ABOUT], [`refs/drafts/${CAREERS}`]: [CAREERS] });
    expect((await call('POST', '/discard', { files: [ABOUT, CAREERS] })).status).toBe(200);
    expect(draftRefs()).toEqual({});
  });

  it('takes back, at the next start, a Publish whose server died during its build', async () => {
    await setTitle(ABOUT, 'Published by a server that died');
    const before = git(live, 'rev-parse', 'HEAD');
    // What prepare does before the build; the build never ends.
    const drafts = localDrafts(live);
    await drafts.prepare([ABOUT], STAFF);
    expect(git(live, 'rev-parse', 'HEAD')).not.toBe(before);
    expect(recoverInterruptedPublish(live)).toMatch(
      /^A Publish of 1 file was interrupted: the content folder is back at /,
    );
    expect(git(live, 'rev-parse', 'HEAD')).toBe(before);
    expect(git(live, 'status', '--porcelain')).toBe('');
    expect(await pageState(ABOUT)).toMatchObject({ change: 'changed' });
    expect(recoverInterruptedPublish(live)).toBeUndefined();
    expect((await call('POST', '/discard', { files: [ABOUT] })).status).toBe(200);
  });

  it('a commit made on the live branch by hand is taken into the drafts, not shown as a draft undoing it', async () => {
    const file = path.join(live, ABOUT);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Edited by a developer'));
    git(live, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-qam', 'By hand');
    expect((await call('GET', '/drafts')).body.drafts).toEqual([]);
    const { files } = (await call('GET', '/site')).body;
    expect(parse(files[ABOUT].text).title).toBe('Edited by a developer');
  });
});

describe('a change on the live branch the drafts cannot take in line by line', () => {
  it('is merged field by field when the two changed different fields of the same lines', async () => {
    // The title and the description are neighbouring lines: git alone sees one conflict.
    await setTitle(ABOUT, 'About, from the editor');
    const file = path.join(live, ABOUT);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^description: .*$/m, 'description: Described by a developer.'),
    );
    git(live, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-qam', 'Next line');
    const state = await publish([ABOUT]);
    expect(state.state, state.message).toBe('done');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('title: About, from the editor');
    expect(text).toContain('description: Described by a developer.');
  });

  it('refuses to publish rather than write older words over it, naming the field both changed', async () => {
    // Staff change a page's title in the drafts; a developer changes the same line on the live branch.
    await setTitle(ABOUT, 'Title from the editor');
    const file = path.join(live, ABOUT);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Title from a developer'));
    git(
      live,
      '-c',
      'user.name=Dev',
      '-c',
      'user.email=dev@example.com',
      'commit',
      '-qam',
      'By hand, same line',
    );
    const state = await publish([ABOUT]);
    expect(state.state).toBe('failed');
    expect(state.message).toMatch(
      /^Not published: a change to the live site's content \(commit [0-9a-f]{12}\) and the drafts both changed Title \(pages\/about\.yaml\), differently\./,
    );
    expect(readFileSync(file, 'utf8')).toContain('title: Title from a developer');
  });

  it('asks the person publishing which words to keep, then publishes their choice', async () => {
    const { clashes } = (await call('GET', '/drafts')).body as {
      clashes: { file: string; field: string; key: string; live: string; draft: string }[];
    };
    expect(clashes).toEqual([
      {
        file: ABOUT,
        field: 'Title',
        key: '["title"]',
        live: 'Title from a developer',
        draft: 'Title from the editor',
      },
    ]);
    expect((await call('POST', '/take-in-live', { keepDraft: 'mine' })).status).toBe(400);
    const taken = await call('POST', '/take-in-live', { keepDraft: { [ABOUT]: ['["title"]'] } });
    expect(taken.status).toBe(200);
    expect(taken.body.clashes).toEqual([]);
    expect((await call('GET', '/drafts')).body.clashes).toEqual([]);
    const state = await publish([ABOUT]);
    expect(state.state, state.message).toBe('done');
    expect(readFileSync(path.join(live, ABOUT), 'utf8')).toContain('title: Title from the editor');
  });
});
