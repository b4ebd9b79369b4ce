/**
 * Review before publishing (CONTENT_REVIEW=on), in the database every instance shares: a content
 * editor submits a draft; a publisher approves it (which publishes it) or sends it back with a
 * comment; a named person may approve or ask for changes from a preview link, which is recorded
 * and publishes nothing. Every step is a row of `review_events` with who and when, so the review's
 * story can always be told. A submission queues one email to the publishers in the same
 * transaction (the notification outbox, form "review"): at least once, one Message-ID per
 * submission, as for the forms.
 */
import { sql } from 'kysely';
import type {
  ReviewBase,
  ReviewEvent,
  ReviewEventKind,
  ReviewState,
} from '../../../src/admin/content/reviewTypes.ts';
import type { Db } from '../../storage/db.ts';
import type { Person } from '../history.ts';

// The shapes the editor reads too: written once, in src/admin/content/reviewTypes.ts.
export type { ReviewEvent, ReviewEventKind, ReviewState };

/** Every state, once each (a state added to ReviewState without its entry here does not compile). */
const STATES: Record<ReviewState, true> = {
  'in-review': true,
  'changes-requested': true,
  approved: true,
  published: true,
  withdrawn: true,
};
export const REVIEW_STATES = Object.keys(STATES) as readonly ReviewState[];

/** Each file's version (sha256 of its text; null: deleted in the draft). */
export type Versions = Record<string, string | null>;

/** A review as the store keeps it: what the routes answer, with what stays on the server. */
export interface Review extends ReviewBase {
  /** The versions submitted: what a publisher reviews and approves. */
  versions: Versions;
  /** Who submitted it, by address (only they, a publisher or an administrator withdraw it). */
  submittedByEmail: string;
}

/** A review still waiting for someone: its pages show it in the list. */
export const OPEN_STATES: readonly ReviewState[] = ['in-review', 'changes-requested'];

/** The outbox's name for review emails (server/notify/reviewMail.ts sends them). */
export const REVIEW_OUTBOX = 'review';

export const reviewMessages = {
  inReview: (by: string) =>
    `This change is already waiting for review as it is (submitted by ${by}). Save a change to it first to submit it again.`,
  changedSince:
    'The draft changed after it was submitted: its editor must submit it again, so that what is approved is what goes live.',
  notInReview: 'This review is not waiting for a decision any more: reload to see where it is.',
  noSuchReview: 'There is no such review: it may have been withdrawn. Reload the list.',
  notYours: 'Only the person who submitted it, a publisher or an administrator withdraws it from review.',
  /** Why a review was withdrawn when its draft was discarded (the step's comment, in its story). */
  draftDiscarded: 'Its draft was discarded.',
};

export class ReviewRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly review?: Review,
  ) {
    super(message);
  }
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Whether the drafts are still the versions submitted. */
export function sameVersions(submitted: Versions, now: Versions): boolean {
  const files = new Set([...Object.keys(submitted), ...Object.keys(now)]);
  return [...files].every((f) => (submitted[f] ?? null) === (now[f] ?? null));
}
const isState = (v: string): v is ReviewState => (REVIEW_STATES as readonly string[]).includes(v);

/** Whether `person` is who submitted a review, by the address it was submitted with. */
export const isSubmitter = (submittedByEmail: string, person: Person): boolean =>
  submittedByEmail.toLowerCase() === person.email.toLowerCase();

export interface ReviewsOptions {
  /** Queue an email to the publishers for each submission (the server can send mail). */
  notify?: boolean;
  /** Called after a submission is committed (the notifier checks its outbox). */
  afterSubmit?: () => void;
  /** When each step happens (its `at`). */
  now?: () => number;
  /**
   * The clock the schedules go by (SCHEDULE_CLOCK in the running server, serverOptions.ts):
   * whether a page's Publish at is still to come is asked of it, so that Approve and the page
   * list agree with the schedule that publishes an approved page at its time.
   */
  scheduleNow?: () => Date;
}

export class Reviews {
  private readonly now: () => number;
  /** Now, as the schedules see it (ReviewsOptions.scheduleNow; the real clock without one). */
  readonly scheduleNow: () => Date;
  constructor(
    private readonly store: Db,
    private readonly options: ReviewsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.scheduleNow = options.scheduleNow ?? (() => new Date());
  }

  private at(): string {
    return new Date(this.now()).toISOString();
  }

  /** The reviews with ids `ids` (all when undefined), newest first, each with its events. */
  private async read(where: {
    ids?: number[];
    states?: readonly ReviewState[];
    limit?: number;
  }): Promise<Review[]> {
    let query = this.store.db.selectFrom('reviews').selectAll().orderBy('id', 'desc');
    if (where.ids) query = query.where('id', 'in', where.ids.length ? where.ids : [-1]);
    if (where.states) query = query.where('state', 'in', [...where.states]);
    if (where.limit !== undefined) query = query.limit(where.limit);
    const rows = await query.execute();
    if (!rows.length) return [];
    const events = await this.store.db
      .selectFrom('review_events')
      .selectAll()
      .where(
        'review_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      files: JSON.parse(r.files) as string[],
      versions: JSON.parse(r.versions) as Versions,
      state: isState(r.state) ? r.state : 'withdrawn',
      submittedBy: r.submitted_by_name,
      submittedByEmail: r.submitted_by_email,
      submittedAt: iso(r.submitted_at),
      note: r.note,
      events: events
        .filter((e) => e.review_id === r.id)
        .map((e) => ({
          kind: e.kind as ReviewEventKind,
          by: e.by_name,
          at: iso(e.at),
          comment: e.comment,
          via: e.via,
        })),
    }));
  }

  async get(id: number): Promise<Review | undefined> {
    return (await this.read({ ids: [id] }))[0];
  }

  /** The reviews waiting for someone, then the latest `closed` others. */
  async list(closed = 20): Promise<Review[]> {
    const open = await this.read({ states: OPEN_STATES });
    const done = await this.read({ states: ['approved', 'published', 'withdrawn'], limit: closed });
    return [...open, ...done];
  }

  /**
   * The reviews a page's state tells of: the open ones, and the approved ones (waiting for their
   * page's Publish at, or for a publisher to publish again after a failed Publish).
   */
  async waiting(): Promise<Review[]> {
    return this.read({ states: [...OPEN_STATES, 'approved'] });
  }

  /** The open review holding `file`, if any. */
  async openFor(file: string): Promise<Review | undefined> {
    return (await this.read({ states: OPEN_STATES })).find((r) => r.files.includes(file));
  }

  /**
   * Submits the draft of `files` for review. A change sent back for changes is submitted again in
   * the same review (its story stays in one place); one already waiting is refused.
   */
  async submit(files: string[], by: Person, note: string | null, versions: Versions): Promise<Review> {
    const at = this.at();
    type Outcome = { id: number } | { refused: number; by: string };
    const outcome = await this.store.db.transaction().execute(async (trx): Promise<Outcome> => {
      // One submission at a time across the instances, so two cannot open two reviews of a file.
      if (this.store.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtext(${`triune:reviews:${this.store.pgSchema ?? ''}`}))`.execute(
          trx,
        );
      const openRows = await trx
        .selectFrom('reviews')
        .selectAll()
        .where('state', 'in', [...OPEN_STATES])
        .execute();
      const open = openRows.find((r) => (JSON.parse(r.files) as string[]).some((f) => files.includes(f)));
      // The same text again while it waits: nothing new to review.
      if (open?.state === 'in-review' && open.versions === JSON.stringify(versions))
        return { refused: open.id, by: open.submitted_by_name };
      let reviewId: number;
      if (open) {
        reviewId = open.id;
        const all = [...new Set([...(JSON.parse(open.files) as string[]), ...files])];
        await trx
          .updateTable('reviews')
          .set({
            state: 'in-review',
            files: JSON.stringify(all),
            versions: JSON.stringify(versions),
            submitted_by_name: by.name,
            submitted_by_email: by.email,
            submitted_at: at,
            note,
          })
          .where('id', '=', reviewId)
          .execute();
      } else {
        const row = await trx
          .insertInto('reviews')
          .values({
            files: JSON.stringify(files),
            versions: JSON.stringify(versions),
            state: 'in-review',
            submitted_by_name: by.name,
            submitted_by_email: by.email,
            submitted_at: at,
            note,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        reviewId = row.id;
      }
      const event = await trx
        .insertInto('review_events')
        .values({
          review_id: reviewId,
          kind: 'submitted',
          by_name: by.name,
          by_email: by.email,
          comment: note,
          at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The publishers' email, queued with the submission: it cannot be lost once this commits.
      if (this.options.notify)
        await trx
          .insertInto('outbox')
          .values({ form: REVIEW_OUTBOX, submission_id: event.id, created_at: at, next_attempt_at: at })
          .execute();
      return { id: reviewId };
    });
    if ('refused' in outcome) {
      const review = await this.get(outcome.refused);
      throw new ReviewRefused(409, reviewMessages.inReview(outcome.by), review);
    }
    this.options.afterSubmit?.();
    return (await this.get(outcome.id)) as Review;
  }

  /** Moves an in-review review on: approved (the caller publishes it) or sent back with `comment`. */
  async decide(
    id: number,
    by: Person,
    decision: 'approved' | 'changes-requested',
    comment: string | null,
  ): Promise<Review> {
    const at = this.at();
    const changed = await this.store.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('reviews')
        .set({ state: decision })
        .where('id', '=', id)
        .where('state', '=', 'in-review')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('review_events')
        .values({ review_id: id, kind: decision, by_name: by.name, by_email: by.email, comment, at })
        .execute();
      return true;
    });
    if (!changed) {
      const review = await this.get(id);
      throw new ReviewRefused(
        review ? 409 : 404,
        review ? reviewMessages.notInReview : reviewMessages.noSuchReview,
      );
    }
    return (await this.get(id)) as Review;
  }

  /**
   * A decision from a preview link, by the name the link carries: recorded on the open review of
   * its page (or on the page alone when none is open). It changes no state: publishing stays with
   * a publisher, who sees it.
   */
  async fromLink(
    file: string,
    reviewer: string,
    approve: boolean,
    comment: string | null,
    madeBy: string,
  ): Promise<void> {
    const open = await this.openFor(file);
    await this.store.db
      .insertInto('review_events')
      .values({
        review_id: open?.id ?? null,
        file,
        kind: approve ? 'link-approved' : 'link-changes-requested',
        by_name: reviewer,
        by_email: null,
        // Who named the reviewer: the name on a link is that person's word, not a signature.
        via: `preview link made by ${madeBy}`,
        comment,
        at: this.at(),
      })
      .execute();
  }

  /** The decisions `reviewer` made from preview links of `file`, oldest first. */
  async linkDecisions(file: string, reviewer: string): Promise<ReviewEvent[]> {
    const rows = await this.store.db
      .selectFrom('review_events')
      .selectAll()
      .where('file', '=', file)
      .where('by_name', '=', reviewer)
      .where('via', 'like', 'preview link%')
      .orderBy('id')
      .execute();
    return rows.map((e) => ({
      kind: e.kind as ReviewEventKind,
      by: e.by_name,
      at: iso(e.at),
      comment: e.comment,
      via: e.via,
    }));
  }

  /**
   * After a Publish (whoever started it, or the schedule): each review whose files no longer have
   * a draft went live with it, and is closed as published. An approved one whose Publish failed
   * stays approved, its draft still there, for a publisher to publish again.
   */
  async afterPublish(drafted: ReadonlySet<string>, by: Person): Promise<void> {
    for (const review of await this.waiting()) {
      if (review.files.some((f) => drafted.has(f))) continue;
      await this.close(review.id, 'published', by);
    }
  }

  /**
   * The drafts of `files` were discarded: a review holding any of them is withdrawn (it would
   * otherwise be taken for published at the next Publish, its files having no draft any more).
   */
  async withdrawFiles(files: readonly string[], by: Person): Promise<void> {
    const waiting = await this.waiting();
    for (const review of waiting.filter((r) => r.files.some((f) => files.includes(f))))
      await this.close(review.id, 'withdrawn', by, reviewMessages.draftDiscarded);
  }

  /**
   * Withdraws a review waiting for a decision, at the wish of who submitted it (say, to keep
   * working on it) or of a publisher or an administrator (`anyone`): closed as withdrawn, with the
   * step that says who did it. Its draft stays as it is, a plain draft to submit again.
   */
  async withdraw(id: number, by: Person, anyone: boolean): Promise<Review> {
    const at = this.at();
    const outcome = await this.store.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('reviews')
        .select(['state', 'submitted_by_email'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return 404;
      if (!anyone && !isSubmitter(row.submitted_by_email, by)) return 403;
      const done = await trx
        .updateTable('reviews')
        .set({ state: 'withdrawn' })
        .where('id', '=', id)
        .where('state', '=', 'in-review')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return 409;
      await trx
        .insertInto('review_events')
        .values({ review_id: id, kind: 'withdrawn', by_name: by.name, by_email: by.email, at })
        .execute();
      return 200;
    });
    if (outcome !== 200)
      throw new ReviewRefused(
        outcome,
        outcome === 404
          ? reviewMessages.noSuchReview
          : outcome === 403
            ? reviewMessages.notYours
            : reviewMessages.notInReview,
      );
    return (await this.get(id)) as Review;
  }

  /** Ends a review as `state`, with the step that says so (who, when, why), in one transaction. */
  private async close(
    id: number,
    state: 'published' | 'withdrawn',
    by: Person,
    comment: string | null = null,
  ): Promise<void> {
    await this.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('reviews').set({ state }).where('id', '=', id).execute();
      await trx
        .insertInto('review_events')
        .values({ review_id: id, kind: state, by_name: by.name, by_email: by.email, comment, at: this.at() })
        .execute();
    });
  }

  /**
   * Whether a publisher approved the draft holding `file` as it is now (what a Publish at waits
   * for): an approval is of the versions submitted, so words saved after it are not approved.
   */
  async approvedFor(file: string, current: (files: readonly string[]) => Versions): Promise<boolean> {
    return (await this.read({ states: ['approved'] })).some(
      (r) => r.files.includes(file) && sameVersions(r.versions, current(r.files)),
    );
  }

  /** The submission an outbox row names (a `submitted` event's id) and its review, for its email. */
  async ofSubmission(eventId: number): Promise<{ review: Review; event: ReviewEvent } | undefined> {
    const row = await this.store.db
      .selectFrom('review_events')
      .selectAll()
      .where('id', '=', eventId)
      .where('kind', '=', 'submitted')
      .executeTakeFirst();
    const review = row?.review_id == null ? undefined : await this.get(row.review_id);
    if (!row || !review) return undefined;
    return {
      review,
      event: { kind: 'submitted', by: row.by_name, at: iso(row.at), comment: row.comment, via: row.via },
    };
  }
}
