// @vitest-environment node
/**
 * Review before publishing (issue 35), with real git, a real database and a stand-in build: a
 * content editor submits a page's draft (and may not publish it); a publisher sees the fields it
 * changes, asks for changes with a comment (the page shows it), then approves the new submission,
 * which publishes it; the page is live and the review is closed. A reviewer named by a preview
 * link approves from it, by name, which publishes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { parse } from 'yaml';
import type { Role } from '../../staff/types.ts';
import { registerStatic } from '../../static.ts';
import { type Db, openDb } from '../../storage/db.ts';
import { migrate } from '../../storage/migrations.ts';
import { tempDir } from '../../testSupport.ts';
import { registerContentApi } from '../api.ts';
import { localDrafts } from '../drafts/drafts.ts';
import { API, contentCopy, REPO, removeContentCopies } from '../editorTestSupport.ts';
import { PreviewLinks } from '../preview/previewLinks.ts';
import { registerPreviewRoutes } from '../preview/previewRoutes.ts';
import { SitePublisher } from '../publish.ts';
import { reviewRouteMessages } from './reviewRoutes.ts';
import { Reviews, reviewMessages } from './reviews.ts';

const TITLES_BUILD = path.join(REPO, 'tests/support/titlesBuild.ts');
const ABOUT = 'pages/about.yaml';
const PEOPLE: Record<string, { name: string; email: string; role: Role }> = {
  wen: { name: 'Wen Writer', email: 'wen@example.com', role: 'content' },
  pat: { name: 'Pat Publisher', email: 'pat@example.com', role: 'publisher' },
};

let app: FastifyInstance;
let db: Db;
let reviews: Reviews;
let publisher: SitePublisher;
let links: PreviewLinks;
let drafted: () => Promise<Set<string>>;
let draftsFolder: string;

beforeAll(async () => {
  const live = contentCopy({ git: true });
  const dist = contentCopy();
  mkdirSync(path.join(dist, 'client'), { recursive: true });
  writeFileSync(path.join(dist, 'client', 'index.html'), '<p>The build before publishing</p>');
  const drafts = localDrafts(live);
  draftsFolder = drafts.folder;
  drafted = async () => new Set((await drafts.groups()).flatMap((g) => g.files.map((f) => f.file)));
  db = openDb({ dataDir: tempDir('review') });
  await migrate(db);
  reviews = new Reviews(db, { notify: true });
  links = new PreviewLinks(db);
  app = Fastify({ logger: false });
  await registerStatic(app, { clientDir: path.join(dist, 'client'), apiPrefix: '/backend/api' });
  const who = (request: FastifyRequest) => PEOPLE[String(request.headers['x-who'])] ?? PEOPLE.wen;
  publisher = new SitePublisher({
    contentDir: live,
    distDir: dist,
    served: () => app.servedSite,
    buildScript: TITLES_BUILD,
    prepare: (files, by) => drafts.prepare(files, by),
    record: async (entry) => reviews.afterPublish(await drafted(), entry.by),
  });
  await app.register(
    async (scope) =>
      registerContentApi(scope, {
        contentDir: drafts.folder,
        liveDir: live,
        guard: async (request: FastifyRequest) => {
          const { role, ...person } = who(request) as (typeof PEOPLE)[string];
          request.staff = { id: 1, ...person, role, forms: null };
        },
        author: (request) => {
          const { name, email } = who(request) as (typeof PEOPLE)[string];
          return { name, email };
        },
        publisher,
        drafts,
        shared: drafts.repository,
        reviews,
        reviewRequired: true,
        previews: links,
        store: db,
      }),
    { prefix: API },
  );
  registerPreviewRoutes(app, {
    links,
    liveDir: live,
    draftsDir: drafts.folder,
    apiPrefix: '/backend/api',
    reviews,
    reviewRequired: true,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  removeContentCopies();
});

const call = async (who: 'wen' | 'pat', method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await app.inject({
    method,
    url: `${API}${url}`,
    headers: { 'x-who': who },
    ...(payload && { payload }),
  });
  return { status: res.statusCode, body: res.json() };
};
/** Saves `title` as the page's title (what the stand-in build lists). */
async function setTitle(title: string) {
  const { files } = (await call('wen', 'GET', '/site')).body;
  const data = parse(files[ABOUT].text);
  data.title = title;
  const saved = await call('wen', 'PUT', '/file', { file: ABOUT, version: files[ABOUT].version, data });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
const pageReview = async () =>
  ((await call('wen', 'GET', '/pages')).body.pages as { file: string; review: unknown }[]).find(
    (p) => p.file === ABOUT,
  )?.review;
const liveTitles = async () => (await app.inject({ method: 'GET', url: '/' })).body;

describe('review before publishing', () => {
  let id = 0;

  it('lets a content editor submit a draft, not publish it', async () => {
    await setTitle('About Triune, reviewed');
    expect((await call('wen', 'GET', '/drafts')).body.review).toEqual({ required: true, mayPublish: false });
    expect((await call('pat', 'GET', '/drafts')).body.review).toEqual({ required: true, mayPublish: true });
    const refused = await call('wen', 'POST', '/publish', { files: [ABOUT] });
    expect(refused).toEqual({ status: 403, body: { message: reviewRouteMessages.submitInstead } });

    const submitted = await call('wen', 'POST', '/reviews', { files: [ABOUT], note: 'The new heading' });
    expect(submitted.status).toBe(201);
    id = submitted.body.review.id;
    expect(submitted.body.review).toMatchObject({
      files: [ABOUT],
      names: ['About Us'],
      state: 'in-review',
      submittedBy: 'Wen Writer',
    });
    expect(await pageReview()).toMatchObject({ id, state: 'in-review', by: 'Wen Writer', comment: null });
    // Submitting it again while it waits is refused, saying so.
    const again = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(reviewMessages.inReview('Wen Writer'));
    // A content editor cannot decide.
    expect((await call('wen', 'POST', `/reviews/${id}/approve`)).status).toBe(403);
    expect((await call('wen', 'POST', `/reviews/${id}/request-changes`, { comment: 'x' })).status).toBe(403);
  });

  it('shows the publisher each field changed, with its live and draft words', async () => {
    const changes = await call('pat', 'GET', `/reviews/${id}/changes`);
    expect(changes.status).toBe(200);
    const [file] = changes.body.files;
    expect(file).toMatchObject({ file: ABOUT, name: 'About Us', change: 'changed' });
    expect(file.fields).toEqual([
      {
        field: 'Title',
        before: 'About Us: Software and Services from Bangalore',
        after: 'About Triune, reviewed',
      },
    ]);
    expect(file.live).toContain('title: "About Us: Software and Services from Bangalore"');
    expect(file.draft).toContain('title: "About Triune, reviewed"');
  });

  it('sends it back with a comment, which the editor sees on the page', async () => {
    const empty = await call('pat', 'POST', `/reviews/${id}/request-changes`, { comment: '  ' });
    expect(empty).toEqual({ status: 400, body: { message: reviewRouteMessages.commentNeeded } });
    const sent = await call('pat', 'POST', `/reviews/${id}/request-changes`, {
      comment: 'Keep “About Us” in it.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.review.state).toBe('changes-requested');
    expect(await pageReview()).toMatchObject({
      state: 'changes-requested',
      comment: 'Keep “About Us” in it.',
      commentBy: 'Pat Publisher',
    });
    expect((await call('pat', 'POST', `/reviews/${id}/approve`)).status).toBe(409);
  });

  it('records a decision from a preview link by the reviewer’s name, and publishes nothing', async () => {
    const made = await call('wen', 'POST', '/preview-links', { file: ABOUT, reviewer: 'Priya Nair' });
    expect(made.status).toBe(201);
    const data = `/backend/api${made.body.address}`;
    const opened = (await app.inject({ method: 'GET', url: data })).json();
    expect(opened.review).toEqual({ reviewer: 'Priya Nair', decisions: [] });
    const noComment = await app.inject({
      method: 'POST',
      url: `${data}/decision`,
      payload: { decision: 'changes' },
    });
    expect(noComment.statusCode).toBe(400);
    const approved = await app.inject({
      method: 'POST',
      url: `${data}/decision`,
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(201);
    expect(approved.json().message).toBe(
      'Thank you, Priya Nair: your approval is recorded. A publisher puts the page live.',
    );
    const review = (await call('pat', 'GET', '/reviews')).body.reviews.find(
      (r: { id: number }) => r.id === id,
    );
    expect(review.events.at(-1)).toMatchObject({
      kind: 'link-approved',
      by: 'Priya Nair',
      via: 'preview link made by Wen Writer',
    });
    expect(review.state).toBe('changes-requested');
    expect(await liveTitles()).not.toContain('About Triune');
    // A link that names no reviewer is for looking only.
    const plain = await call('wen', 'POST', '/preview-links', { file: ABOUT });
    const lookOnly = await app.inject({
      method: 'POST',
      url: `/backend/api${plain.body.address}/decision`,
      payload: { decision: 'approve' },
    });
    expect(lookOnly.statusCode).toBe(403);
  });

  it('approves the submission again, which publishes it, and closes the review', async () => {
    await setTitle('About Us: Triune, reviewed');
    const resubmitted = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(resubmitted.status).toBe(201);
    expect(resubmitted.body.review.id).toBe(id);
    // Words saved after submitting are not what the publisher reviewed: not approved with it.
    await setTitle('About Us: SNEAKY, not reviewed');
    const stale = await call('pat', 'POST', `/reviews/${id}/approve`);
    expect(stale).toEqual({ status: 409, body: { message: reviewMessages.changedSince } });
    expect(await liveTitles()).not.toContain('SNEAKY');
    await setTitle('About Us: Triune, reviewed');
    // The same words as submitted: approvable again (and submitting them again is refused).
    expect((await call('wen', 'POST', '/reviews', { files: [ABOUT] })).status).toBe(409);
    const approved = await call('pat', 'POST', `/reviews/${id}/approve`);
    expect(approved.status).toBe(202);
    await publisher.settled();
    expect((await call('pat', 'GET', '/publish')).body.state).toBe('done');
    expect(await liveTitles()).toContain('About Us: Triune, reviewed');
    await expect.poll(async () => (await reviews.get(id))?.state).toBe('published');
    const kinds = (await reviews.get(id))?.events.map((e) => [e.kind, e.by]);
    expect(kinds).toEqual([
      ['submitted', 'Wen Writer'],
      ['changes-requested', 'Pat Publisher'],
      ['link-approved', 'Priya Nair'],
      ['submitted', 'Wen Writer'],
      ['approved', 'Pat Publisher'],
      ['published', 'Pat Publisher'],
    ]);
    expect(await pageReview()).toBeNull();
    // One email per submission waits in the outbox.
    const outbox = await db.db.selectFrom('outbox').select('form').execute();
    expect(outbox.map((r) => r.form)).toEqual(['review', 'review']);
  });

  it('withdraws a review whose draft is discarded, instead of taking it for published', async () => {
    await setTitle('About, a second go');
    const submitted = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(submitted.status).toBe(201);
    const second = submitted.body.review.id as number;
    expect(second).not.toBe(id);
    expect((await call('wen', 'POST', '/discard', { files: [ABOUT] })).status).toBe(200);
    const review = await reviews.get(second);
    expect(review?.state).toBe('withdrawn');
    expect(review?.events.at(-1)).toMatchObject({ kind: 'withdrawn', by: 'Wen Writer' });
    expect(await pageReview()).toBeNull();
  });

  it('tells the whole story in the publish log, newest first, with who', async () => {
    const { entries } = (await call('pat', 'GET', '/activity')).body as {
      entries: { by: string; what: string }[];
    };
    const lines = entries.map((e) => `${e.by}: ${e.what}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Wen Writer: Submitted About Us for review: “The new heading”',
        'Pat Publisher: Asked for changes to About Us: “Keep “About Us” in it.”',
        'Priya Nair: Approved About Us (from a preview link made by Wen Writer)',
        'Wen Writer: Shared a preview link to About Us for Priya Nair',
        'Pat Publisher: Approved About Us',
        'Pat Publisher: Published About Us, as reviewed',
        'Wen Writer: Withdrew the review of About Us (its draft was discarded)',
      ]),
    );
    expect(lines.at(0)).toBe('Wen Writer: Withdrew the review of About Us (its draft was discarded)');
  });

  it('refuses to approve a draft a file joined after it was submitted (a picture uploaded later)', async () => {
    await setTitle('About, with a picture coming');
    const submitted = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(submitted.status).toBe(201);
    const third = submitted.body.review.id as number;
    // A picture uploaded for the page afterwards: part of its draft, never reviewed.
    const picture = 'public/images/pages/about/late.svg';
    mkdirSync(path.join(draftsFolder, 'public/images/pages/about'), { recursive: true });
    writeFileSync(path.join(draftsFolder, picture), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    execFileSync('git', ['-c', 'user.name=Wen', '-c', 'user.email=wen@example.com', 'add', picture], {
      cwd: draftsFolder,
    });
    execFileSync(
      'git',
      ['-c', 'user.name=Wen', '-c', 'user.email=wen@example.com', 'commit', '-qm', 'Late picture'],
      {
        cwd: draftsFolder,
      },
    );
    const refused = await call('pat', 'POST', `/reviews/${third}/approve`);
    expect(refused).toEqual({ status: 409, body: { message: reviewMessages.changedSince } });
    // Submitted again, the picture is part of what is reviewed.
    const again = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(again.status).toBe(201);
    expect(again.body.review.files).toEqual(expect.arrayContaining([ABOUT, picture]));
    expect(again.body.review.names).toEqual(expect.arrayContaining(['Picture late.svg']));
    const changes = await call('pat', 'GET', `/reviews/${third}/changes`);
    expect(changes.status).toBe(200);
    expect(changes.body.files.find((f: { file: string }) => f.file === picture)).toMatchObject({
      name: 'Picture late.svg',
      change: 'new',
      fields: [{ field: 'Picture file', before: '', after: 'Uploaded' }],
    });
  });
});
