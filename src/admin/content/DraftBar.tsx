/**
 * A page's draft, said above its editor: that the saved changes are not live yet (by whom, when),
 * with Publish this page, Discard draft and Share a preview (a link for someone without an
 * account). Publishing takes what is saved: with unsaved changes
 * the button waits for Save. Nothing is shown when the page is as it is live.
 *
 * With review on (CONTENT_REVIEW), an account that may not publish has Submit for review instead
 * of Publish this page; the band says when the page is in review (by whom, since when) and, first
 * of all, what a reviewer asked to change (who, when), or that it is approved and goes live at its
 * Publish at time. A publisher keeps Publish this page. While the page is in review, who submitted
 * it (or a publisher, or an administrator) may Withdraw from review, after a question: the page is
 * then a plain draft again, to keep working on and submit again.
 */
import { useRef, useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import {
  type ContentApi,
  NO_REVIEW,
  type PageDraft,
  type PageReview,
  type PublishStatus,
  type ReviewFlags,
} from './api.ts';
import styles from './content.module.css';
import own from './DraftBar.module.css';
import { describeChange } from './kinds.ts';
import marks from './ReviewMarks.module.css';
import { SubmitReviewDialog } from './ReviewMarks.tsx';
import { reviewWords } from './reviewWords.ts';
import { SharePreviewDialog } from './SharePreviewDialog.tsx';
import { publishStatusText, usePublish } from './usePublish.ts';

export const draftBarWords = {
  isNew: 'New page: not on the live site until it is published.',
  changed: (who: string) => `Not live yet: saved changes by ${who}.`,
  others: (n: number) =>
    ` Publishing it also publishes ${n} other file${n === 1 ? '' : 's'} changed with it.`,
  saveFirst: 'Save first: Publish takes what is saved.',
};

export function DraftBar({
  file,
  draft,
  dirty,
  client,
  review = null,
  reviewFlags = NO_REVIEW,
  onPublished,
  onDiscarded,
  onSubmitted,
}: {
  file: string;
  draft: PageDraft;
  /** The editor has unsaved changes. */
  dirty: boolean;
  client: ContentApi;
  /** The page's open review (GET /pages), if any. */
  review?: PageReview | null | undefined;
  /** Whether drafts are reviewed before they go live, and whether this account may publish (GET /drafts). */
  reviewFlags?: ReviewFlags | undefined;
  onPublished: (status: PublishStatus) => void;
  onDiscarded: () => void;
  /** The page was submitted for review, or withdrawn from it: read the pages' states again. */
  onSubmitted?: () => void;
}) {
  const run = usePublish(client, onPublished);
  const [asking, setAsking] = useState(false);
  const [sharing, setSharing] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [withdrawn, setWithdrawn] = useState(false);
  // With review on, an account that may not publish submits the page for review instead.
  const submits = reviewFlags.required && !reviewFlags.mayPublish;
  // Saved since it was submitted: the publisher cannot approve it until it is submitted again.
  const changedSince = review?.state === 'in-review' && review.stale === true;
  const inReview = review?.state === 'in-review' && !changedSince ? review : null;
  const sentBack = review?.state === 'changes-requested' ? review : null;
  // Approved, and waiting for the page's Publish at ("YYYY-MM-DDTHH:MM"): it goes live then, by
  // itself; saved since, the words are not the ones approved and must be submitted again.
  const approvedFor = review?.state === 'approved' ? review.publishAt : null;
  const approvedChanged = approvedFor !== null && review?.stale === true;
  const waiting = inReview !== null || (approvedFor !== null && !approvedChanged);
  const mayAct = !submits || (!waiting && (!submitted || changedSince || approvedChanged));
  // Who submitted it (or a publisher, or an administrator) may withdraw it while it is in review.
  const withdraws = review?.state === 'in-review' && review.mayWithdraw === true;
  const who =
    draft.by.length && draft.at ? describeChange({ name: draft.by.join(', '), date: draft.at }) : '';
  return (
    <section className={own.bar} aria-label="Draft">
      {sentBack && (
        <p className={marks.requested}>
          {reviewWords.changesRequested(sentBack.commentBy, sentBack.comment, sentBack.commentAt)}
        </p>
      )}
      <p className={own.words}>
        {inReview
          ? reviewWords.inReview(inReview)
          : changedSince
            ? reviewWords.changedSince
            : approvedFor !== null
              ? approvedChanged
                ? reviewWords.approvedChangedSince
                : reviewWords.approvedForLater(review?.approvedBy ?? null, approvedFor)
              : draft.change === 'new'
                ? draftBarWords.isNew
                : draftBarWords.changed(who || 'someone')}
        {draft.with > 0 && draftBarWords.others(draft.with)}
        {dirty && mayAct && ` ${submits ? reviewWords.saveFirst : draftBarWords.saveFirst}`}
      </p>
      {!submits && (
        <button
          type="button"
          className={styles.primary}
          disabled={dirty || run.running}
          onClick={() => void run.start([file])}
        >
          {run.running ? 'Publishing…' : 'Publish this page'}
        </button>
      )}
      {submits && !waiting && (!submitted || changedSince || approvedChanged) && (
        <button
          type="button"
          className={styles.primary}
          disabled={dirty || submitting}
          onClick={() => setSubmitting(true)}
        >
          {reviewWords.submit}
        </button>
      )}
      {withdraws && (
        <button type="button" className={styles.secondary} onClick={() => setWithdrawing(true)}>
          {reviewWords.withdraw}
        </button>
      )}
      {draft.change !== 'new' && (
        <button
          type="button"
          className={styles.secondary}
          disabled={run.running}
          onClick={() => setAsking(true)}
        >
          Discard draft
        </button>
      )}
      <button ref={shareButton} type="button" className={styles.secondary} onClick={() => setSharing(true)}>
        Share a preview
      </button>
      <span role="status" className={styles.status}>
        {run.status || run.error
          ? publishStatusText(run)
          : withdrawn
            ? reviewWords.withdrawn
            : submitted
              ? reviewWords.submitted
              : ''}
      </span>
      {run.running && <progress aria-label="Publishing progress" />}
      {sharing && (
        <SharePreviewDialog
          file={file}
          client={client}
          reviewRequired={reviewFlags.required}
          // The dialog gives the keyboard back to Share a preview itself (returnFocus.ts).
          onClose={() => setSharing(false)}
        />
      )}
      {submitting && (
        <SubmitReviewDialog
          heading={reviewWords.submitPage}
          files={[file]}
          client={client}
          onCancel={() => setSubmitting(false)}
          onSubmitted={() => {
            setSubmitting(false);
            setSubmitted(true);
            setWithdrawn(false);
            onSubmitted?.();
          }}
        />
      )}
      {withdrawing && review && (
        <ActionDialog
          heading={reviewWords.withdrawHeading}
          action={reviewWords.withdraw}
          onCancel={() => setWithdrawing(false)}
          // Withdrawn, its button is gone: the keyboard stays in the band.
          returnFocusTo={() => shareButton.current}
          onAct={async () => {
            await client.withdrawReview(review.id);
            setWithdrawing(false);
            setSubmitted(false);
            setWithdrawn(true);
            onSubmitted?.();
          }}
        >
          <p>{reviewWords.withdrawExplain}</p>
        </ActionDialog>
      )}
      {asking && (
        <ActionDialog
          heading="Discard this page's draft?"
          action="Discard draft"
          danger
          onCancel={() => setAsking(false)}
          onAct={async () => {
            await client.discard([file]);
            setAsking(false);
            onDiscarded();
          }}
        >
          <p>
            The page returns to what is on the live site. The discarded words stay in its history, where they
            can be brought back.
          </p>
        </ActionDialog>
      )}
    </section>
  );
}
