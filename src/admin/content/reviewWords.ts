/**
 * The review workflow's words (CONTENT_REVIEW on): what the draft band, the page list, the Drafts
 * view and a review say, in one place, so the README can quote them and the tests find them.
 */
import type { PageReview, Review, ReviewEvent, ReviewFile } from './api.ts';
import { dateTimeText, describeChange } from './kinds.ts';

export const reviewWords = {
  submit: 'Submit for review',
  submitting: 'Submitting…',
  submitSelected: (chosen: number, of: number) =>
    `Submit selected for review${of ? ` (${chosen} of ${of})` : ''}`,
  submitPage: 'Submit this page for review?',
  submitDrafts: (what: string) => `Submit ${what} for review?`,
  submitExplain:
    'A publisher looks at the changes, then publishes them or asks for changes. Until then they stay a draft: they are not on the live site.',
  note: 'Note for the reviewer (optional)',
  noteHint: 'For example what you changed and why.',
  submitted: 'Submitted for review. A publisher will publish it or ask for changes.',
  submittedMany: (what: string) =>
    `Submitted for review: ${what}. A publisher will publish it or ask for changes.`,
  draftsLead:
    'Saved changes that are not on the live site yet. Tick the ones to submit for review; a publisher then publishes them or asks for changes.',
  saveFirst: 'Save first: the review takes what is saved.',
  submittedWhen: (review: Pick<PageReview, 'by' | 'at'>) =>
    `submitted by ${describeChange({ name: review.by, date: review.at })}`,
  inReview: (review: Pick<PageReview, 'by' | 'at'>) => `In review: ${reviewWords.submittedWhen(review)}.`,
  changedSince:
    'In review, but saved again since it was submitted: submit it again, so that the publisher reviews these words.',
  /** "Changes requested by Meera, 27 Nov 2026, 11:00: “…”" (when, if it is known). */
  changesRequested: (by: string | null, comment: string | null, at?: string | null) =>
    `Changes requested by ${at ? describeChange({ name: by ?? 'a reviewer', date: at }) : (by ?? 'a reviewer')}${comment ? `: “${comment}”` : '.'}`,
  /**
   * An approval waiting for the page's Publish at (`publishAt`: "YYYY-MM-DDTHH:MM" in the site's
   * time zone, as the page's schedule has it): said as written, "1 Dec 2026, 09:00" (read and said
   * on the reader's clock, so the minute is the one written).
   */
  approvedForLater: (by: string | null, publishAt: string) =>
    `Approved${by ? ` by ${by}` : ''}: goes live at its Publish at time, ${dateTimeText(publishAt)}.`,
  approvedChangedSince:
    'Approved, but saved again since: these words are not approved, and do not go live at the Publish at time. Submit it again, so that a publisher reviews them.',
  badgeInReview: 'In review',
  badgeChanges: 'Changes requested',
  badgeApproved: 'Approved',
  withdraw: 'Withdraw from review',
  withdrawHeading: 'Withdraw this page from review?',
  withdrawExplain:
    'Publishers no longer see it waiting for review. The draft stays as it is: keep working on it, and submit it again when it is ready.',
  withdrawn: 'Withdrawn from review: the page is a draft again. Submit it again when it is ready.',
  waiting: (n: number) => `Waiting for review (${n})`,
  nothingWaiting: 'Nothing is waiting for review.',
  sentBack: (n: number) => `Sent back for changes (${n})`,
  openReview: 'Open review',
  allDrafts: (n: number) => `All drafts (${n})`,
  reviewsUnread: (message: string) => `The reviews could not be read: ${message}`,
  heading: (names: readonly string[]) => `Review: ${listOf(names)}`,
  loading: 'Loading the review…',
  loadFailed: (message: string) => `The review could not be loaded: ${message}`,
  submittedBy: (review: Pick<Review, 'submittedBy' | 'submittedAt'>) =>
    `Submitted by ${describeChange({ name: review.submittedBy, date: review.submittedAt })}.`,
  noteFrom: (who: string) => `Note from ${who}:`,
  whatHappened: 'What happened',
  approve: 'Approve and publish',
  requestChanges: 'Request changes',
  requestHeading: 'Request changes to this draft',
  requestExplain: (who: string) =>
    `The draft goes back to ${who} with your words, shown above the page. Nothing is published.`,
  whatShouldChange: 'What should change?',
  whatShouldChangeEmpty: '“What should change?” is required: type it in.',
  send: 'Send request',
  requested: (who: string) => `Changes requested: the draft goes back to ${who} with your words.`,
  readOnly: 'A publisher approves it, which publishes it, or asks for changes.',
  fieldsCaption: (name: string) => `What changed in ${name}`,
  field: 'Field',
  live: 'Live',
  draft: 'Draft',
  empty: '(empty)',
  noFields: 'No words changed.',
  livePage: 'The live page',
  theDraft: 'The draft',
  liveStatus: 'Read only: the page as visitors see it now.',
  draftStatus: 'Read only: the page as it will be once published.',
  notLive: 'Not on the live site: this is a new page.',
  deleted: 'Deleted in the draft: it leaves the live site once published.',
  unreadable: 'This text cannot be drawn: a developer must fix the file.',
};

/** The two pages' words once the review is published: a record of what went live, not a question. */
export const publishedWords = {
  ...reviewWords,
  livePage: 'Before',
  theDraft: 'Published',
  liveStatus: 'Read only: the page as it was before this was published.',
  draftStatus: 'Read only: the page as it was published.',
  notLive: 'Not on the site before: this was a new page.',
  deleted: 'Deleted: it has left the live site.',
};

/** How a file of a published review changed, in words. */
export const publishedChangeWords: Record<ReviewFile['change'], string> = {
  new: 'New page, now published.',
  changed: 'Changed, now published.',
  deleted: 'Deleted, now published.',
};

/** How a file of a review changed, in words. */
export const fileChangeWords: Record<ReviewFile['change'], string> = {
  new: 'New, not on the live site yet.',
  changed: 'Changed.',
  deleted: 'Deleted in the draft.',
};

/** Where a review stands, in a sentence (the request for changes with its words). */
export function reviewStateText(review: Review): string {
  switch (review.state) {
    case 'in-review':
      return 'Waiting for review.';
    case 'changes-requested': {
      const asked = [...review.events]
        .reverse()
        .find((e) => e.kind === 'changes-requested' || e.kind === 'link-changes-requested');
      return asked
        ? reviewWords.changesRequested(`${asked.by}${fromWhere(asked)}`, asked.comment, asked.at)
        : reviewWords.changesRequested(null, null);
    }
    case 'approved': {
      // Waiting for its page's Publish at: it goes live then, not now.
      if (!review.publishAt) return 'Approved: being published.';
      const approved = [...review.events].reverse().find((e) => e.kind === 'approved');
      return reviewWords.approvedForLater(approved?.by ?? null, review.publishAt);
    }
    case 'published':
      return 'Published: the changes are live.';
    case 'withdrawn':
      return 'Withdrawn: no longer waiting for review.';
  }
}

/** " (from a preview link)" for a decision made without an account. */
function fromWhere(event: ReviewEvent): string {
  if (event.via) return ` (from a ${event.via})`;
  return event.kind.startsWith('link-') ? ' (from a preview link)' : '';
}

const EVENT_VERBS: Record<ReviewEvent['kind'], string> = {
  submitted: 'Submitted for review',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
  published: 'Published',
  withdrawn: 'Withdrawn',
  'link-approved': 'Approved',
  'link-changes-requested': 'Changes requested',
};

/** "Approved by Anna (from a preview link), 27 Nov 2026, 11:00." */
export function eventText(event: ReviewEvent): string {
  const who = `${event.by}${fromWhere(event)}, ${dateTimeText(event.at)}`;
  return `${EVENT_VERBS[event.kind]} by ${who}${event.comment ? `: “${event.comment}”` : '.'}`;
}

const LIST = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** "About, Careers and Summer Camp". */
export function listOf(names: readonly string[]): string {
  return names.length ? LIST.format(names) : 'a draft';
}
