/**
 * Drafts: every saved change that is not live yet, across the site, one row per draft (files
 * changed together are one draft: a page and its pictures, or everything a change of address
 * touched). Each says what changed, by whom and when; the user ticks the drafts to publish and
 * presses Publish selected, or discards a draft (after a question). The Publish's progress and the
 * publish log are shown below.
 *
 * With review on (CONTENT_REVIEW), an account that may not publish ticks drafts to Submit selected
 * for review instead; the reviews waiting (and those sent back for changes) are listed first, each
 * with Open review (a publisher approves or asks for changes there; the others read it).
 */
import { useId, useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import { ActivityLog } from './ActivityLog.tsx';
import {
  type ContentApi,
  type DraftGroup,
  type LiveClash,
  NO_REVIEW,
  type PageSummary,
  type Review,
  type ReviewFlags,
} from './api.ts';
import styles from './content.module.css';
import own from './DraftsView.module.css';
import { changeWords, draftFileName, draftName } from './draftNames.ts';
import { describeChange } from './kinds.ts';
import { LiveClashes } from './LiveClashes.tsx';
import { PublishProgress } from './Publish.tsx';
import { ReviewBadge, SubmitReviewDialog } from './ReviewMarks.tsx';
import reviewStyles from './ReviewView.module.css';
import { listOf, reviewStateText, reviewWords } from './reviewWords.ts';
import { usePublish } from './usePublish.ts';

const keyOf = (group: DraftGroup) => group.files.map((f) => f.file).join('\n');
/** A draft is unticked while any of its files is: a picture added to it later keeps it unticked. */
const isUnticked = (group: DraftGroup, unticked: ReadonlySet<string>) =>
  group.files.some((f) => unticked.has(f.file));

export function DraftsView({
  drafts,
  pages,
  client,
  onBack,
  onOpen,
  onChanged,
  review = NO_REVIEW,
  reviews = [],
  reviewsError = null,
  onOpenReview,
  clashes = [],
}: {
  drafts: readonly DraftGroup[];
  pages: readonly PageSummary[];
  client: ContentApi;
  onBack: () => void;
  onOpen: (file: string) => void;
  /** The drafts changed (published, discarded or submitted for review): read them again. */
  onChanged: () => void;
  /** Whether drafts are reviewed before they go live, and whether this account may publish. */
  review?: ReviewFlags;
  /** The reviews (GET /reviews), with review on. */
  reviews?: readonly Review[];
  /** Why the reviews could not be read, if they could not. */
  reviewsError?: string | null;
  onOpenReview?: (id: number) => void;
  /** Fields the live branch and a draft both changed: a person chooses the words first. */
  clashes?: readonly LiveClash[];
}) {
  // Every draft is ticked until the user unticks it; a draft that arrives later is ticked too.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [discarding, setDiscarding] = useState<DraftGroup | null>(null);
  const [submitting, setSubmitting] = useState<DraftGroup[] | null>(null);
  const [submitted, setSubmitted] = useState('');
  const run = usePublish(client, onChanged);
  // With review on, an account that may not publish submits drafts for review instead; a draft
  // already waiting for review (or approved, waiting for its Publish at) cannot be submitted again.
  const submits = review.required && !review.mayPublish;
  const reviewOf = (group: DraftGroup) =>
    group.files.map((f) => pages.find((p) => p.file === f.file)?.review).find(Boolean) ?? null;
  const waitsForReview = (group: DraftGroup) => {
    const itsReview = reviewOf(group);
    return (
      submits && (itsReview?.state === 'in-review' || (itsReview?.state === 'approved' && !itsReview.stale))
    );
  };
  const choosable = drafts.filter((g) => !waitsForReview(g));
  const chosen = choosable.filter((g) => !isUnticked(g, unticked));
  const headingId = useId();
  const waitingId = useId();
  const sentBackId = useId();
  const waiting = reviews.filter((r) => r.state === 'in-review');
  const sentBack = reviews.filter((r) => r.state === 'changes-requested');
  const toggle = (group: DraftGroup, on: boolean) =>
    setUnticked((set) => {
      const next = new Set(set);
      for (const { file } of group.files) {
        if (on) next.delete(file);
        else next.add(file);
      }
      return next;
    });

  return (
    <div className={styles.list}>
      <div className={styles.listHeader}>
        <h1 id={headingId}>Drafts</h1>
        <button type="button" className={styles.secondary} onClick={onBack}>
          ← All pages
        </button>
      </div>
      <p className={styles.lead}>
        {submits
          ? reviewWords.draftsLead
          : 'Saved changes that are not on the live site yet. Tick the ones to publish; the others stay drafts.'}
      </p>
      {clashes.length > 0 && <LiveClashes clashes={clashes} client={client} onDone={onChanged} />}
      {review.required && reviewsError && <p role="alert">{reviewWords.reviewsUnread(reviewsError)}</p>}
      {review.required && !reviewsError && (
        <section aria-labelledby={waitingId}>
          <h2 id={waitingId}>{reviewWords.waiting(waiting.length)}</h2>
          {waiting.length === 0 ? (
            <p>{reviewWords.nothingWaiting}</p>
          ) : (
            <ReviewList reviews={waiting} onOpenReview={onOpenReview} />
          )}
        </section>
      )}
      {review.required && !reviewsError && sentBack.length > 0 && (
        <section aria-labelledby={sentBackId}>
          <h2 id={sentBackId}>{reviewWords.sentBack(sentBack.length)}</h2>
          <ReviewList reviews={sentBack} onOpenReview={onOpenReview} />
        </section>
      )}
      {review.required && <h2>{reviewWords.allDrafts(drafts.length)}</h2>}
      {drafts.length === 0 ? (
        <p>Every saved change is live: there are no drafts.</p>
      ) : (
        <table className={styles.pageTable} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{submits ? 'Submit' : 'Publish'}</th>
              <th scope="col">What changed</th>
              <th scope="col">By</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((group) => {
              const name = draftName(group, pages);
              const page = group.files.find((f) => pages.some((p) => p.file === f.file));
              const itsReview = review.required ? reviewOf(group) : null;
              return (
                <tr key={keyOf(group)}>
                  <td>
                    <input
                      type="checkbox"
                      className={own.tick}
                      checked={!waitsForReview(group) && !isUnticked(group, unticked)}
                      onChange={(event) => toggle(group, event.target.checked)}
                      aria-label={submits ? `Submit ${name} for review` : `Publish ${name}`}
                      disabled={run.running || waitsForReview(group)}
                    />
                  </td>
                  <th scope="row">
                    <ul className={own.files}>
                      {group.files.map((f) => (
                        <li key={f.file}>
                          {draftFileName(f.file, pages)}{' '}
                          <span className={own.change}>{changeWords[f.change]}</span>
                        </li>
                      ))}
                    </ul>
                    {itsReview && <ReviewBadge review={itsReview} />}
                  </th>
                  <td>
                    {group.by.length && group.at
                      ? describeChange({ name: group.by.join(', '), date: group.at })
                      : 'Not recorded'}
                  </td>
                  <td>
                    <div className={own.actions}>
                      {page && (
                        <button
                          type="button"
                          className={styles.small}
                          onClick={() => onOpen(page.file)}
                          aria-label={`Open ${draftFileName(page.file, pages)}`}
                        >
                          Open
                        </button>
                      )}
                      <button
                        type="button"
                        className={styles.small}
                        onClick={() => setDiscarding(group)}
                        disabled={run.running}
                        aria-label={`Discard the draft of ${name}`}
                      >
                        Discard
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className={styles.publish}>
        {submits ? (
          <>
            <button
              type="button"
              className={styles.primary}
              disabled={chosen.length === 0}
              onClick={() => setSubmitting(chosen)}
            >
              {reviewWords.submitSelected(chosen.length, choosable.length)}
            </button>
            <span role="status" className={styles.status}>
              {submitted}
            </span>
          </>
        ) : (
          <button
            type="button"
            className={styles.primary}
            disabled={run.running || chosen.length === 0}
            onClick={() => void run.start(chosen.flatMap((g) => g.files.map((f) => f.file)))}
          >
            {run.running
              ? 'Publishing…'
              : `Publish selected${drafts.length ? ` (${chosen.length} of ${drafts.length})` : ''}`}
          </button>
        )}
        <PublishProgress run={run} />
      </div>
      <ActivityLog client={client} version={`${run.status?.finishedAt ?? ''}:${drafts.length}`} />
      {submitting && (
        <SubmitReviewDialog
          heading={reviewWords.submitDrafts(
            submitting.length === 1 && submitting[0]
              ? draftName(submitting[0], pages)
              : `${submitting.length} drafts`,
          )}
          files={submitting.flatMap((g) => g.files.map((f) => f.file))}
          client={client}
          onCancel={() => setSubmitting(null)}
          onSubmitted={(r) => {
            setSubmitting(null);
            setSubmitted(reviewWords.submittedMany(listOf(r.names)));
            onChanged();
          }}
        />
      )}
      {discarding && (
        <ActionDialog
          heading={`Discard the draft of ${draftName(discarding, pages)}?`}
          action="Discard draft"
          danger
          onCancel={() => setDiscarding(null)}
          onAct={async () => {
            await client.discard(discarding.files.map((f) => f.file));
            setDiscarding(null);
            onChanged();
          }}
        >
          <p>
            {discarding.files.length === 1 ? 'It returns' : 'They return'} to what is on the live site
            {discarding.files.some((f) => f.change === 'new') ? ', so a new page in it is removed' : ''}. The
            discarded words stay in the history, where they can be brought back.
          </p>
        </ActionDialog>
      )}
    </div>
  );
}

/** Reviews as the Drafts view lists them: the pages, who submitted them and when, the note, Open review. */
function ReviewList({
  reviews,
  onOpenReview,
}: {
  reviews: readonly Review[];
  onOpenReview: ((id: number) => void) | undefined;
}) {
  return (
    <ul className={reviewStyles.reviewList}>
      {reviews.map((r) => (
        <li key={r.id}>
          <div>
            <strong>{listOf(r.names)}</strong>
            <br />
            {reviewWords.submittedBy(r)}
            {r.state === 'changes-requested' && (
              <>
                <br />
                {reviewStateText(r)}
              </>
            )}
            {r.note && (
              <>
                <br />
                {reviewWords.noteFrom(r.submittedBy)} “{r.note}”
              </>
            )}
          </div>
          {onOpenReview && (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => onOpenReview(r.id)}
              aria-label={`${reviewWords.openReview}: ${listOf(r.names)}`}
            >
              {reviewWords.openReview}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
