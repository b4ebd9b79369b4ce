// @vitest-environment node
/**
 * Review before publishing (issue 35), with real git, a real database and a stand-in build: a
 * content editor submits a page's draft (and may not publish it); a publisher sees the fields it
 * changes, asks for changes with a comment (the page shows it), then approves the new submission,
 * which publishes it; the page is live and the review is closed. A reviewer named by a preview
 * link approves from it, by name, which publishes nothing. Who submitted a page (or a publisher)
 * withdraws it from review; a page with a Publish at still to come, by the schedules' clock, is
 * approved and waits for that time.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse } from 'yaml';
import type { Role } from '../../staff/types.ts';
import { type Db, openDb } from '../../storage/db.ts';
import { migrate } from '../../storage/migrations.ts';
import { tempDir } from '../../testSupport.ts';
import { registerContentApi } from '../api.ts';
import { draftsHarness } from '../drafts/draftsTestSupport.ts';
import { API, removeContentCopies } from '../editorTestSupport.ts';
import { PreviewLinks } from '../preview/previewLinks.ts';
import { registerPreviewRoutes } from '../preview/previewRoutes.ts';
import type { SitePublisher } from '../publish.ts';
import { pageReviews, reviewRouteMessages } from './reviewRoutes.ts';
import { Reviews, reviewMessages } from './reviews.ts';

const ABOUT = 'pages/about.yaml';
const PEOPLE: Record<string, { name: string; email: string; role: Role }> = {
  wen: { name: 'Wen Writer', email: 'wen@example.com', role: 'content' },
  pat: { name: 'Pat Publisher', email: 'pat@example.com', role: 'publisher' },
  cai: { name: 'Cai Colleague', email: 'cai@example.com', role: 'content' },
};
type Who = keyof typeof PEOPLE;

let app: FastifyInstance;
let db: Db;
let reviews: Reviews;
let publisher: SitePublisher;
let links: PreviewLinks;
let drafted: () => Promise<Set<string>>;
let draftsFolder: string;
let liveFolder: string;
/** The schedules' clock (SCHEDULE_CLOCK in the running server), which Approve goes by. */
let scheduleClock = new Date();

beforeAll(async () => {
  db = openDb({ dataDir: tempDir('review') });
  await migrate(db);
  reviews = new Reviews(db, { notify: true, scheduleNow: () => scheduleClock });
  links = new PreviewLinks(db);
  const who = (request: FastifyRequest) => PEOPLE[String(request.headers['x-who'])] ?? PEOPLE.wen;
  ({ app, publisher } = await draftsHarness({
    publishing: (drafts) => {
      drafted = async () => new Set((await drafts.groups()).flatMap((g) => g.files.map((f) => f.file)));
      return { record: async (entry) => reviews.afterPublish(await drafted(), entry.by) };
    },
    routes: async (scope, { live, drafts, publisher: sitePublisher }) => {
      liveFolder = live;
      draftsFolder = drafts.folder;
      await scope.register(
        async (api) =>
          registerContentApi(api, {
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
            publisher: sitePublisher,
            drafts,
            shared: drafts.repository,
            reviews,
            reviewRequired: true,
            previews: links,
            store: db,
          }),
        { prefix: API },
      );
      registerPreviewRoutes(scope, {
        links,
        liveDir: live,
        draftsDir: drafts.folder,
        apiPrefix: '/backend/api',
        reviews,
        reviewRequired: true,
      });
    },
  }));
});
afterAll(async () => {
  await app.close();
  await db.close();
  removeContentCopies();
});

const call = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await app.inject({
    method,
    url: `${API}${url}`,
    headers: { 'x-who': who },
    ...(payload && { payload }),
  });
  return { status: res.statusCode, body: res.json() };
};
/** Saves `title` as the page's title (what the stand-in build lists), and `schedule` if given. */
async function setTitle(title: string, schedule?: { publishAt: string }) {
  const { files } = (await call('wen', 'GET', '/site')).body;
  const data = parse(files[ABOUT].text);
  data.title = title;
  if (schedule) data.schedule = schedule;
  const saved = await call('wen', 'PUT', '/file', { file: ABOUT, version: files[ABOUT].version, data });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
/** The page's review as GET /pages tells it to `who` (pageReviews, which the page list reads). */
const pageReviewFor = async (who: Who) => {
  const { role, ...person } = PEOPLE[who] as (typeof PEOPLE)[string];
  const states = await pageReviews(
    reviews,
    { draftsDir: draftsFolder, liveDir: liveFolder },
    { person, role },
  );
  return states.get(ABOUT);
};
/** The steps stored for review `id`, oldest first. */
const storedEvents = (id: number) =>
  db.db
    .selectFrom('review_events')
    .select(['kind', 'by_name', 'by_email', 'comment', 'at'])
    .where('review_id', '=', id)
    .orderBy('id')
    .execute();
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
    expect(review?.events.at(-1)).toMatchObject({
      kind: 'withdrawn',
      by: 'Wen Writer',
      comment: reviewMessages.draftDiscarded,
    });
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
        'Wen Writer: Withdrew About Us from review: “Its draft was discarded.”',
      ]),
    );
    expect(lines.at(0)).toBe('Wen Writer: Withdrew About Us from review: “Its draft was discarded.”');
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

  it('lets who submitted a page withdraw it from review, and a publisher, nobody else', async () => {
    // The page is in review with the picture that joined it (the test above), submitted by Wen.
    const open = await pageReviewFor('wen');
    expect(open).toMatchObject({ state: 'in-review', by: 'Wen Writer', mayWithdraw: true });
    const id = open?.id as number;
    expect(await pageReviewFor('cai')).toMatchObject({ mayWithdraw: false });
    expect(await pageReviewFor('pat')).toMatchObject({ mayWithdraw: true });
    // As GET /pages tells it, to each of them.
    expect(await pageReview()).toMatchObject({ id: open?.id, mayWithdraw: true });
    const colleague = (await call('cai', 'GET', '/pages')).body.pages as { file: string; review: unknown }[];
    expect(colleague.find((p) => p.file === ABOUT)?.review).toMatchObject({ mayWithdraw: false });

    // Another content editor may not.
    const refused = await call('cai', 'POST', `/reviews/${id}/withdraw`);
    expect(refused).toEqual({ status: 403, body: { message: reviewMessages.notYours } });
    expect((await reviews.get(id))?.state).toBe('in-review');

    const withdrawn = await call('wen', 'POST', `/reviews/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.review).toMatchObject({ id, state: 'withdrawn' });
    const row = await db.db.selectFrom('reviews').select('state').where('id', '=', id).executeTakeFirst();
    expect(row?.state).toBe('withdrawn');
    expect((await storedEvents(id)).at(-1)).toMatchObject({
      kind: 'withdrawn',
      by_name: 'Wen Writer',
      by_email: 'wen@example.com',
      comment: null,
    });
    // A plain draft again: still a draft, in no review, and nothing to approve or withdraw.
    expect((await drafted()).has(ABOUT)).toBe(true);
    expect(await pageReview()).toBeNull();
    expect(await pageReviewFor('wen')).toBeUndefined();
    expect(await call('wen', 'POST', `/reviews/${id}/withdraw`)).toEqual({
      status: 409,
      body: { message: reviewMessages.notInReview },
    });
    expect((await call('pat', 'POST', `/reviews/${id}/approve`)).status).toBe(409);
    expect((await call('wen', 'POST', '/reviews/999999/withdraw')).status).toBe(404);

    // Submitted again: a new review, which a publisher may withdraw too.
    const again = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(again.status).toBe(201);
    expect(again.body.review.id).not.toBe(id);
    expect(await pageReview()).toMatchObject({ id: again.body.review.id, state: 'in-review' });
    const byPublisher = await call('pat', 'POST', `/reviews/${again.body.review.id}/withdraw`);
    expect(byPublisher.status).toBe(200);
    expect((await storedEvents(again.body.review.id)).at(-1)).toMatchObject({
      kind: 'withdrawn',
      by_name: 'Pat Publisher',
    });

    const { entries } = (await call('pat', 'GET', '/activity')).body as {
      entries: { by: string; what: string }[];
    };
    const lines = entries.map((e) => `${e.by}: ${e.what}`);
    expect(lines.slice(0, 2)).toEqual([
      'Pat Publisher: Withdrew About Us and Picture late.svg from review',
      'Wen Writer: Submitted About Us and Picture late.svg for review',
    ]);
    expect(lines).toContain('Wen Writer: Withdrew About Us and Picture late.svg from review');
  });

  it('says in the page’s review when changes were requested', async () => {
    const submitted = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(submitted.status).toBe(201);
    const id = submitted.body.review.id as number;
    expect(await pageReviewFor('wen')).toMatchObject({ state: 'in-review', commentAt: null });
    const sent = await call('pat', 'POST', `/reviews/${id}/request-changes`, { comment: 'Shorter, please.' });
    expect(sent.status).toBe(200);
    const asked = (await storedEvents(id)).at(-1);
    expect(asked).toMatchObject({ kind: 'changes-requested', by_name: 'Pat Publisher' });
    expect(await pageReviewFor('wen')).toMatchObject({
      state: 'changes-requested',
      comment: 'Shorter, please.',
      commentBy: 'Pat Publisher',
      commentAt: new Date(asked?.at as string).toISOString(),
      // Sent back: the editor works on it and submits it again; there is nothing to withdraw.
      mayWithdraw: false,
    });
    expect(await pageReview()).toMatchObject({ commentAt: new Date(asked?.at as string).toISOString() });
  });

  it('approves a page whose Publish at is still to come by the schedules’ clock: it waits for it', async () => {
    // By the real clock this Publish at has passed; by the schedules' clock it is a month away.
    scheduleClock = new Date('2026-05-01T00:00:00+05:30');
    await setTitle('About Us: goes live in June', { publishAt: '2026-06-01T09:00' });
    const submitted = await call('wen', 'POST', '/reviews', { files: [ABOUT] });
    expect(submitted.status).toBe(201);
    const id = submitted.body.review.id as number;
    const approved = await call('pat', 'POST', `/reviews/${id}/approve`);
    expect(approved).toEqual({
      status: 202,
      body: { state: 'done', message: reviewRouteMessages.approvedForLater('1 Jun 2026, 09:00') },
    });
    // Nothing published: it goes live at its time, by the schedule.
    expect(publisher.state().state).not.toBe('running');
    expect(await liveTitles()).not.toContain('goes live in June');
    expect((await reviews.get(id))?.state).toBe('approved');
    const listed = (await call('pat', 'GET', '/reviews')).body.reviews.find(
      (r: { id: number }) => r.id === id,
    );
    expect(listed).toMatchObject({ state: 'approved', publishAt: '2026-06-01T09:00' });
    expect(await pageReview()).toMatchObject({ state: 'approved', publishAt: '2026-06-01T09:00' });
    expect(await pageReviewFor('wen')).toMatchObject({
      state: 'approved',
      approvedBy: 'Pat Publisher',
      publishAt: '2026-06-01T09:00',
      stale: false,
      mayWithdraw: false,
    });
    // Its time come (by the schedules' clock), the page's state no longer says it waits.
    scheduleClock = new Date('2026-06-02T00:00:00+05:30');
    expect(await pageReviewFor('wen')).toBeUndefined();
    const later = (await call('pat', 'GET', '/reviews')).body.reviews.find(
      (r: { id: number }) => r.id === id,
    );
    expect(later.publishAt).toBeNull();
    expect((await call('wen', 'POST', '/discard', { files: [ABOUT] })).status).toBe(200);
    expect((await reviews.get(id))?.state).toBe('withdrawn');
  });
});
