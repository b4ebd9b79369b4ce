/**
 * The review workflow's small parts (CONTENT_REVIEW on): a page's review mark ("In review",
 * "Changes requested", "Approved" for its Publish at, with who and when in words), and the
 * question that submits drafts for review with an optional note for the reviewer.
 */
import { type ReactNode, useId, useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import type { ContentApi, PageReview, Review } from './api.ts';
import styles from './content.module.css';
import own from './ReviewMarks.module.css';
import { reviewWords } from './reviewWords.ts';

/** A page's open review beside its name: the words show, who and when are read out and on hover. */
export function ReviewBadge({ review }: { review: PageReview }) {
  if (review.state === 'in-review') {
    const said = reviewWords.submittedWhen(review);
    return (
      <span className={own.badge} title={`${reviewWords.badgeInReview}: ${said}`}>
        {reviewWords.badgeInReview}
        <span className={styles.visuallyHidden}>: {said}</span>
      </span>
    );
  }
  if (review.state === 'approved' && review.publishAt) {
    const said = review.stale
      ? reviewWords.approvedChangedSince
      : reviewWords.approvedForLater(review.approvedBy, review.publishAt);
    return (
      <span className={own.badge} title={said}>
        {reviewWords.badgeApproved}
        <span className={styles.visuallyHidden}>{said.slice(reviewWords.badgeApproved.length)}</span>
      </span>
    );
  }
  const said = reviewWords.changesRequested(review.commentBy, review.comment, review.commentAt);
  return (
    <span className={`${own.badge} ${own.changesBadge}`} title={said}>
      {reviewWords.badgeChanges}
      <span className={styles.visuallyHidden}>{said.slice(reviewWords.badgeChanges.length)}</span>
    </span>
  );
}

/** Submits the drafts holding `files` for review, with a note if the user writes one. */
export function SubmitReviewDialog({
  heading,
  files,
  client,
  onCancel,
  onSubmitted,
}: {
  heading: ReactNode;
  files: readonly string[];
  client: ContentApi;
  onCancel: () => void;
  onSubmitted: (review: Review) => void;
}) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const hintId = useId();
  return (
    <ActionDialog
      heading={heading}
      action={reviewWords.submit}
      onCancel={onCancel}
      onAct={async () => onSubmitted(await client.submitReview(files, note.trim() || undefined))}
    >
      <p>{reviewWords.submitExplain}</p>
      <p>
        <label htmlFor={noteId}>{reviewWords.note}</label>
        <br />
        <textarea
          id={noteId}
          className={own.textarea}
          value={note}
          maxLength={2000}
          rows={3}
          aria-describedby={hintId}
          onChange={(e) => setNote(e.target.value)}
        />
        <br />
        <span id={hintId} className={styles.status}>
          {reviewWords.noteHint}
        </span>
      </p>
    </ActionDialog>
  );
}
