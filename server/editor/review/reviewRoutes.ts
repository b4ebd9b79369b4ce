/**
 * Review's routes of the content API (server/editor/api.ts registers them when the site has
 * drafts; README, "Review before publishing"):
 *
 *   GET  /reviews                      {required, mayPublish, reviews}: open first, then the latest
 *   POST /reviews                      {files, note?} -> 201 {review}: the drafts holding `files`
 *                                      are submitted; 409 {message, review} when already waiting
 *   GET  /reviews/:id/changes          {review, files: [{file, name, change, live, draft, fields}]}
 *                                      the fields changed (old and new words) and both texts, so the
 *                                      editor draws the live page beside the draft
 *   POST /reviews/:id/approve          publisher or admin: approved, and published (202, the
 *                                      Publish's state, as POST /publish answers); a page with a
 *                                      Publish at still to come (by the schedules' clock) goes
 *                                      live then: 202 {state: 'done', message} saying when
 *   POST /reviews/:id/request-changes  publisher or admin: {comment} -> {review}, back to its editor
 *   POST /reviews/:id/withdraw         who submitted it, a publisher or an admin: -> {review},
 *                                      withdrawn; its draft stays, a plain draft to submit again
 *
 * A review's answer has the shape of src/admin/content/reviewTypes.ts (`Review`), as has each page's
 * `review` in GET /pages (`PageReview`, from pageReviews below).
 *
 * With review on (CONTENT_REVIEW=on), a content account cannot publish: POST /publish answers 403
 * and says to submit. The setting lives on the server, so no content account can switch it off.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  PageReview,
  Review as ReviewAnswer,
  ReviewFile,
  ReviewFlags,
} from '../../../src/admin/content/reviewTypes.ts';
import { pageNameOf, parsedPage } from '../../../src/content/pageEntry.ts';
import type { Role } from '../../staff/types.ts';
import { fieldChanges } from '../changeSummary.ts';
import { readContentFile, versionOf } from '../contentStore.ts';
import { draftRouteMessages, filesOf } from '../drafts/draftRoutes.ts';
import { type Drafts, draftMessages } from '../drafts/drafts.ts';
import type { Person } from '../history.ts';
import { type Publisher, publishMessages } from '../publish.ts';
import { dateTimeIn, hasCome, instantOf, scheduledPages, siteTimeZone } from '../schedules/dueSchedules.ts';
import {
  isSubmitter,
  OPEN_STATES,
  type Review,
  ReviewRefused,
  type Reviews,
  reviewMessages,
  sameVersions,
  type Versions,
} from './reviews.ts';

export const reviewRouteMessages = {
  publishersOnly: 'Only a publisher or an administrator approves a change or sends it back.',
  submitInstead: 'Review is on: submit this change for review, and a publisher publishes it.',
  commentNeeded: 'Say what should change: the comment is what the editor sees.',
  nothingLeft:
    'This draft was discarded: there is nothing left to publish. The review is closed when the list is read again.',
  tooLong: (what: string, max: number) => `The ${what} is too long: keep it under ${max} characters.`,
  noPublish: publishMessages.noServer,
  /** `at`: the Publish at as staff read it ("1 Dec 2026, 09:00", the site's time zone). */
  approvedForLater: (at: string) => `Approved. It goes live at its Publish at time, ${at}, by itself.`,
};

const NOTE_MAX = 2000;

/** May this person publish (or approve) when review is on? */
export const maysPublish = (role: Role | undefined): boolean => role === 'publisher' || role === 'admin';

export interface ReviewRouteOptions {
  reviews: Reviews;
  drafts: Drafts;
  publisher?: Publisher;
  /** CONTENT_REVIEW=on: content accounts submit, publishers publish. */
  required: boolean;
  author: (request: FastifyRequest) => Person;
  /** The published content (what a change is compared with). */
  liveDir: string;
  /** The drafts folder. */
  draftsDir: string;
}

const roleOf = (request: FastifyRequest): Role | undefined => request.staff?.role;

/** A file's name for people: the page's own name, "Site settings", or the file. */
export function nameOfFile(file: string, ...dirs: string[]): string {
  if (file === 'site.yaml') return 'Site settings';
  // A picture uploaded with a page's draft, as the Drafts view names it.
  if (file.startsWith('public/images/')) return `Picture ${path.basename(file)}`;
  for (const dir of dirs) {
    let text: string | undefined;
    try {
      text = readContentFile(dir, file)?.text;
    } catch {
      return file; // not a content file the editor reads (redirects.yaml is named by its file)
    }
    if (text !== undefined) return pageNameOf(parsedPage(text)) ?? file;
  }
  return file;
}

/**
 * Each file's version in `dir` now (sha256 of its bytes; null: not there, deleted in the draft).
 * Any file of a draft counts, a picture too; the names come from git's list of the draft's files.
 */
export function versionsIn(dir: string, files: readonly string[]): Versions {
  return Object.fromEntries(
    files.map((f) => {
      const file = path.resolve(dir, f);
      const inside = file.startsWith(`${path.resolve(dir)}${path.sep}`);
      return [f, inside && existsSync(file) ? versionOf(readFileSync(file)) : null];
    }),
  );
}

/** What the request may do with review on or off: said in GET /drafts and GET /reviews. */
export function reviewFlags(required: boolean, request: FastifyRequest): ReviewFlags {
  return { required, mayPublish: !required || maysPublish(roleOf(request)) };
}

/** Whether `person` (of `role`) may withdraw `review`: who submitted it, a publisher or an administrator. */
export const mayWithdraw = (review: Review, person: Person, role: Role | undefined): boolean =>
  maysPublish(role) || isSubmitter(review.submittedByEmail, person);

/**
 * The latest Publish at still to come among the drafts of `files`, if any ("YYYY-MM-DDTHH:MM", the
 * site's time zone), at `now`: the schedules' clock (Reviews.scheduleNow), so that Approve and
 * the page list agree with the schedule that publishes the page.
 */
export function publishAtToCome(
  files: readonly string[],
  dirs: { draftsDir: string; liveDir: string },
  now: Date,
): string | undefined {
  const zone = siteTimeZone(dirs.liveDir);
  return scheduledPages(dirs.draftsDir)
    .filter(
      (p) => files.includes(p.file) && p.schedule.publishAt && !hasCome(zone, p.schedule.publishAt, now),
    )
    .map((p) => p.schedule.publishAt as string)
    .sort()
    .at(-1);
}

/** A schedule's time as staff read it: "1 Dec 2026, 09:00" (the site's time zone, when it comes). */
const scheduleText = (liveDir: string, at: string): string => {
  const zone = siteTimeZone(liveDir);
  return dateTimeIn(zone, new Date(instantOf(zone, at)).toISOString());
};

/**
 * Each file's review as its page tells of it (GET /pages, `PageReview`): an open review (in review,
 * or sent back, with the request's words, who made it and when), or an approved one that waits for
 * its page's Publish at; and whether `viewer` may withdraw it. An approved review waiting for
 * nothing is being published, or waits for a publisher after a failed Publish: not told here.
 */
export async function pageReviews(
  reviews: Reviews,
  dirs: { draftsDir: string; liveDir: string },
  viewer: { person: Person; role: Role | undefined },
): Promise<Map<string, PageReview>> {
  const states = new Map<string, PageReview>();
  for (const review of await reviews.waiting()) {
    const open = OPEN_STATES.includes(review.state);
    const publishAt =
      review.state === 'approved'
        ? (publishAtToCome(review.files, dirs, reviews.scheduleNow()) ?? null)
        : null;
    if (!open && !publishAt) continue;
    const last = (kind: 'changes-requested' | 'approved') => review.events.findLast((e) => e.kind === kind);
    const asked = review.state === 'changes-requested' ? last('changes-requested') : undefined;
    for (const file of review.files)
      states.set(file, {
        id: review.id,
        state: review.state as PageReview['state'],
        by: review.submittedBy,
        at: review.submittedAt,
        comment: asked?.comment ?? null,
        commentBy: asked?.by ?? null,
        commentAt: asked?.at ?? null,
        approvedBy: review.state === 'approved' ? (last('approved')?.by ?? null) : null,
        publishAt,
        // Saved since it was submitted: what waits for review is not what the draft says now.
        stale: !sameVersions(review.versions, versionsIn(dirs.draftsDir, review.files)),
        mayWithdraw: review.state === 'in-review' && mayWithdraw(review, viewer.person, viewer.role),
      });
  }
  return states;
}

export function registerReviewRoutes(app: FastifyInstance, options: ReviewRouteOptions): void {
  const { reviews, drafts, publisher, required, author, liveDir, draftsDir } = options;
  /** The latest Publish at still to come among the drafts of `files`, by the schedules' clock. */
  const laterPublishAt = (files: readonly string[]) =>
    publishAtToCome(files, { draftsDir, liveDir }, reviews.scheduleNow());
  /** A review as the routes answer it (its versions and its submitter's address stay here). */
  const named = (review: Review): ReviewAnswer => ({
    id: review.id,
    files: review.files,
    names: review.files.map((f) => nameOfFile(f, draftsDir, liveDir)),
    state: review.state,
    submittedBy: review.submittedBy,
    submittedAt: review.submittedAt,
    note: review.note,
    events: review.events,
    publishAt: review.state === 'approved' ? (laterPublishAt(review.files) ?? null) : null,
  });
  const refused = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof ReviewRefused)) throw error;
    return reply
      .code(error.status)
      .send({ message: error.message, ...(error.review && { review: named(error.review) }) });
  };
  const reviewOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Review | undefined> => {
    const id = Number((request.params as { id: string }).id);
    const review = Number.isInteger(id) ? await reviews.get(id) : undefined;
    if (!review) reply.code(404).send({ message: reviewMessages.noSuchReview });
    return review;
  };
  const publishersOnly = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (maysPublish(roleOf(request))) return true;
    reply.code(403).send({ message: reviewRouteMessages.publishersOnly });
    return false;
  };

  app.get('/reviews', async (request) => ({
    ...reviewFlags(required, request),
    reviews: (await reviews.list()).map(named),
  }));

  app.post('/reviews', async (request, reply) => {
    const files = filesOf(request.body);
    if (!files) return reply.code(400).send({ message: draftRouteMessages.badFiles });
    const rawNote = (request.body as { note?: unknown }).note;
    const note = typeof rawNote === 'string' && rawNote.trim() ? rawNote.trim() : null;
    if (note && note.length > NOTE_MAX)
      return reply.code(400).send({ message: reviewRouteMessages.tooLong('note', NOTE_MAX) });
    // The whole draft holding each file goes together (a page and its pictures, a move).
    const groups = (await drafts.groups()).filter((g) => g.files.some((f) => files.includes(f.file)));
    if (!groups.length) return reply.code(404).send({ message: draftMessages.nothing });
    const all = [...new Set(groups.flatMap((g) => g.files.map((f) => f.file)))];
    try {
      const review = await reviews.submit(all, author(request), note, versionsIn(draftsDir, all));
      return reply.code(201).send({ review: named(review) });
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.get('/reviews/:id/changes', async (request, reply) => {
    const review = await reviewOf(request, reply);
    if (!review) return reply;
    return {
      review: named(review),
      files: review.files.map((file): ReviewFile => {
        // A picture of the draft: no text to compare, whether it is there on each side.
        if (!file.endsWith('.yaml')) {
          const [onSite, inDraft] = [versionsIn(liveDir, [file])[file], versionsIn(draftsDir, [file])[file]];
          return {
            file,
            name: nameOfFile(file),
            change: onSite === null ? 'new' : inDraft === null ? 'deleted' : 'changed',
            live: null,
            draft: null,
            fields: [
              {
                field: 'Picture file',
                before: onSite === null ? '' : 'On the site',
                after: inDraft === null ? 'Deleted' : onSite === null ? 'Uploaded' : 'Replaced',
              },
            ],
          };
        }
        const live = readContentFile(liveDir, file)?.text ?? null;
        const draft = readContentFile(draftsDir, file)?.text ?? null;
        let fields: ReturnType<typeof fieldChanges> = [];
        try {
          fields = fieldChanges(file, live ?? undefined, draft ?? undefined);
        } catch {
          // A picture, or a text that does not read as YAML: its change is the file itself.
          fields = [
            {
              field: 'The file',
              before: live === null ? '' : 'On the site',
              after: draft === null ? 'Deleted' : 'Changed',
            },
          ];
        }
        return {
          file,
          name: nameOfFile(file, draftsDir, liveDir),
          change: live === null ? 'new' : draft === null ? 'deleted' : 'changed',
          live,
          draft,
          fields,
        };
      }),
    };
  });

  app.post('/reviews/:id/approve', async (request, reply) => {
    if (!publishersOnly(request, reply)) return reply;
    const review = await reviewOf(request, reply);
    if (!review) return reply;
    if (!publisher) return reply.code(409).send({ message: reviewRouteMessages.noPublish });
    if (review.state !== 'in-review') return reply.code(409).send({ message: reviewMessages.notInReview });
    // What is approved is what was submitted: words saved since then wait for a new submission.
    const groups = await drafts.groups();
    const drafted = new Set(groups.flatMap((g) => g.files.map((f) => f.file)));
    if (!review.files.some((f) => drafted.has(f)))
      return reply.code(409).send({ message: reviewRouteMessages.nothingLeft });
    // Everything the Publish would take: the drafts holding the review's files, with any file
    // that joined them since (a picture uploaded later) — which was not reviewed.
    const taken = [
      ...new Set(
        groups
          .filter((g) => g.files.some((f) => review.files.includes(f.file)))
          .flatMap((g) => g.files.map((f) => f.file)),
      ),
    ];
    if (!sameVersions(review.versions, versionsIn(draftsDir, [...new Set([...review.files, ...taken])])))
      return reply.code(409).send({ message: reviewMessages.changedSince });
    // A page with a Publish at still to come goes live then, as its editor planned (the schedule
    // publishes approved drafts only, as approved); otherwise approving publishes it now. Its end
    // moves the review on (Reviews.afterPublish, called when every Publish is logged).
    const later = laterPublishAt(review.files);
    if (!later && (publisher.busy?.() ?? publisher.state().state === 'running'))
      return reply.code(409).send({ message: publishMessages.runningHere });
    // The Publish starts before anything is awaited, so no other one can slip in between.
    const started = later ? undefined : publisher.start(author(request), review.files);
    try {
      await reviews.decide(review.id, author(request), 'approved', null);
    } catch (error) {
      return refused(reply, error);
    }
    if (later)
      return reply
        .code(202)
        .send({ state: 'done', message: reviewRouteMessages.approvedForLater(scheduleText(liveDir, later)) });
    return reply.code(202).send(started);
  });

  app.post('/reviews/:id/request-changes', async (request, reply) => {
    if (!publishersOnly(request, reply)) return reply;
    const review = await reviewOf(request, reply);
    if (!review) return reply;
    const raw = (request.body as { comment?: unknown } | undefined)?.comment;
    const comment = typeof raw === 'string' ? raw.trim() : '';
    if (!comment) return reply.code(400).send({ message: reviewRouteMessages.commentNeeded });
    if (comment.length > NOTE_MAX)
      return reply.code(400).send({ message: reviewRouteMessages.tooLong('comment', NOTE_MAX) });
    try {
      return {
        review: named(await reviews.decide(review.id, author(request), 'changes-requested', comment)),
      };
    } catch (error) {
      return refused(reply, error);
    }
  });

  // Withdrawn by who submitted it (say, to keep working on it), a publisher or an administrator:
  // the review is closed, its draft stays a draft, and submitting it again opens a new review.
  app.post('/reviews/:id/withdraw', async (request, reply) => {
    const review = await reviewOf(request, reply);
    if (!review) return reply;
    try {
      // Who submitted it is checked with the withdrawal, in one transaction (403 for anyone else).
      return {
        review: named(await reviews.withdraw(review.id, author(request), maysPublish(roleOf(request)))),
      };
    } catch (error) {
      return refused(reply, error);
    }
  });
}
