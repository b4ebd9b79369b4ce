/**
 * Review before publishing (CONTENT_REVIEW on): the shapes of a review as the server keeps and
 * answers them and the editor reads them, written once. The server's store and routes
 * (server/editor/review/) import them from here, as it imports src/content/pageEntry.ts (browser
 * code may not import server code, the other way round); the editor's api.ts re-exports them.
 * Types only: nothing here runs.
 */

/** Where a review stands (the `reviews` table's `state`). */
export type ReviewState = 'in-review' | 'changes-requested' | 'approved' | 'published' | 'withdrawn';

/** What one step of a review did (the `review_events` table's `kind`). */
export type ReviewEventKind =
  | 'submitted'
  | 'approved'
  | 'changes-requested'
  | 'published'
  | 'withdrawn'
  | 'link-approved'
  | 'link-changes-requested';

/** One step of a review: who did what, when. */
export interface ReviewEvent {
  kind: ReviewEventKind;
  by: string;
  at: string;
  comment: string | null;
  /** "preview link made by Wen" for a decision made there by a named person without an account. */
  via: string | null;
}

/** A review as the store keeps it (server/editor/review/reviews.ts), less what stays on the server. */
export interface ReviewBase {
  id: number;
  files: string[];
  state: ReviewState;
  submittedBy: string;
  submittedAt: string;
  note: string | null;
  events: ReviewEvent[];
}

/** A review as the routes answer it (GET /reviews and the others): with its files' page names. */
export interface Review extends ReviewBase {
  /** Each file's name for people ("About Us", "Picture team.svg"), in the order of `files`. */
  names: string[];
  /**
   * Approved, and waiting for its page's Publish at still to come: that time ("YYYY-MM-DDTHH:MM",
   * the site's time zone, as the page's schedule writes it). Null otherwise.
   */
  publishAt: string | null;
}

/** A file of a review as the reviewer sees it (GET /reviews/:id/changes). */
export interface ReviewFile {
  file: string;
  name: string;
  change: 'new' | 'changed' | 'deleted';
  /** The YAML text on the live site and in the draft (null: not there). */
  live: string | null;
  draft: string | null;
  /** In people's words ("Heading in Page hero"), with the old and new words. */
  fields: { field: string; before: string; after: string }[];
}

/**
 * A page's review in the page list (GET /pages): open (in review, or sent back for changes), or
 * approved and waiting for the page's Publish at.
 */
export interface PageReview {
  id: number;
  state: 'in-review' | 'changes-requested' | 'approved';
  /** Who submitted it, and when. */
  by: string;
  at: string;
  /** The request for changes: its words, who made it and when (null unless changes were requested). */
  comment: string | null;
  commentBy: string | null;
  commentAt: string | null;
  /** Who approved it (null unless approved). */
  approvedBy: string | null;
  /** Approved: the Publish at it waits for ("YYYY-MM-DDTHH:MM", the site's time zone); else null. */
  publishAt: string | null;
  /** Saved since it was submitted: what waits for review is not what the draft says now. */
  stale: boolean;
  /** Whether the person reading may withdraw it: who submitted it, a publisher or an administrator. */
  mayWithdraw: boolean;
}

/** Whether a draft must be reviewed before it is published, and whether this account may publish. */
export interface ReviewFlags {
  required: boolean;
  mayPublish: boolean;
}
