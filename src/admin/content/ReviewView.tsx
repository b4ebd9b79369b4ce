/**
 * One review (CONTENT_REVIEW on): the draft a colleague submitted, as a publisher decides on it.
 * It says who submitted it and when, their note, and what happened since (who approved or asked
 * for changes, from the staff area or from a preview link); then, for each file, the fields that
 * changed with their live and draft words, and the live page beside the draft page (stacked on a
 * narrow screen), both drawn read-only by the editor's preview. A publisher (or an administrator)
 * presses Approve and publish, followed as a Publish is (a page with a Publish at still to come is
 * approved, and goes live at that time by itself), or Request changes, which returns the draft to
 * its editor with their words; anyone else reads the review only.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import type { ContentApi, PublishStatus, Review, ReviewFile, SiteFiles } from './api.ts';
import styles from './content.module.css';
import { docFromText, type PageDoc } from './document.ts';
import { Preview } from './Preview.tsx';
import { PublishProgress } from './Publish.tsx';
import { withPictureAddresses } from './pictureAddresses.ts';
import { type ParsedSite, parseSite } from './previewContent.ts';
import marks from './ReviewMarks.module.css';
import own from './ReviewView.module.css';
import {
  eventText,
  fileChangeWords,
  publishedChangeWords,
  publishedWords,
  reviewStateText,
  reviewWords,
} from './reviewWords.ts';
import { usePublish } from './usePublish.ts';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function ReviewView({
  id,
  client,
  site,
  mayPublish,
  backLabel = '← Drafts',
  onBack,
  onChanged,
}: {
  id: number;
  client: ContentApi;
  /** The site's files (GET /site): the preview draws menus, cards and links from them. */
  site: SiteFiles;
  /** This account may publish (a publisher or an administrator): it approves or asks for changes. */
  mayPublish: boolean;
  backLabel?: string;
  onBack: () => void;
  /** The review was decided (approved and published, or sent back): read the states again. */
  onChanged: () => void;
}) {
  const [loaded, setLoaded] = useState<{ review: Review; files: ReviewFile[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState('');
  const requestButton = useRef<HTMLButtonElement>(null);
  // After a request for changes its button is gone: focus goes to what happened instead.
  const saidLine = useRef<HTMLParagraphElement>(null);
  const eventsId = useId();

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setLoaded(await client.reviewChanges(id));
    } catch (e) {
      setLoadError(messageOf(e));
    }
  }, [client, id]);
  useEffect(() => {
    void load();
  }, [load]);

  // The server answers an approval as it answers POST /publish, and the Publish it starts is
  // followed the same way (GET /publish): the Publish's own hook runs it, its start being the approval.
  // An approval that waits for its page's Publish at starts no Publish: its answer (done, saying
  // when the page goes live) is how it ended, not the state of some other Publish.
  const approving = useMemo<ContentApi>(() => {
    let answer: PublishStatus | undefined;
    return {
      ...client,
      publish: async () => {
        answer = await client.approveReview(id);
        return answer;
      },
      publishStatus: () => (answer?.state === 'done' ? Promise.resolve(answer) : client.publishStatus()),
    };
  }, [client, id]);
  const run = usePublish(approving, () => {
    onChanged();
    // The review's state and steps after the Publish (its files' changes are live now: kept as shown).
    client.reviews().then(
      ({ reviews }) => {
        const now = reviews.find((r) => r.id === id);
        if (now) setLoaded((l) => (l ? { ...l, review: now } : l));
      },
      () => undefined,
    );
  });
  const parsed = useMemo(() => parseSite(site, client.pictureUrl), [site, client]);
  const review = loaded?.review;
  const decides = review?.state === 'in-review' && run.status === null;

  return (
    <div className={own.view}>
      <div className={styles.listHeader}>
        <h1>{review ? reviewWords.heading(review.names) : 'Review'}</h1>
        <button type="button" className={styles.secondary} onClick={onBack}>
          {backLabel}
        </button>
      </div>
      {loadError && (
        <>
          <p role="alert">{reviewWords.loadFailed(loadError)}</p>
          <button type="button" className={styles.primary} onClick={() => void load()}>
            Try again
          </button>
        </>
      )}
      {!loaded && !loadError && (
        <p role="status" className={styles.status}>
          {reviewWords.loading}
        </p>
      )}
      {review && (
        <>
          <p className={styles.lead}>
            {reviewWords.submittedBy(review)} {reviewStateText(review)}
          </p>
          {review.note && (
            <div className={own.note}>
              <p>
                <strong>{reviewWords.noteFrom(review.submittedBy)}</strong>
              </p>
              <blockquote>{review.note}</blockquote>
            </div>
          )}
          {!mayPublish && review.state === 'in-review' && <p>{reviewWords.readOnly}</p>}
        </>
      )}
      {mayPublish && (
        <div className={styles.publish}>
          {decides && (
            <>
              <button type="button" className={styles.primary} onClick={() => void run.start()}>
                {reviewWords.approve}
              </button>
              <button
                ref={requestButton}
                type="button"
                className={styles.secondary}
                onClick={() => setAsking(true)}
              >
                {reviewWords.requestChanges}
              </button>
            </>
          )}
          <PublishProgress run={run} />
        </div>
      )}
      <p ref={saidLine} tabIndex={-1} role="status" className={said ? styles.notice : styles.visuallyHidden}>
        {said}
      </p>
      {review && review.events.length > 0 && (
        <section aria-labelledby={eventsId}>
          <h2 id={eventsId}>{reviewWords.whatHappened}</h2>
          <ol className={own.events}>
            {review.events.map((e) => (
              <li key={`${e.kind} ${e.at} ${e.by}`}>{eventText(e)}</li>
            ))}
          </ol>
        </section>
      )}
      {loaded?.files.map((f) => (
        <ReviewedFile
          key={f.file}
          change={f}
          parsed={parsed}
          pictureUrl={client.pictureUrl}
          published={review?.state === 'published'}
        />
      ))}
      {asking && review && (
        <RequestChangesDialog
          review={review}
          client={client}
          onCancel={() => {
            setAsking(false);
            requestButton.current?.focus();
          }}
          onDone={(next) => {
            setAsking(false);
            setLoaded((l) => (l ? { ...l, review: next } : l));
            setSaid(reviewWords.requested(next.submittedBy));
            onChanged();
            requestAnimationFrame(() => saidLine.current?.focus());
          }}
        />
      )}
    </div>
  );
}

/** Asks what should change (required: refused empty, naming the box) and sends it back. */
function RequestChangesDialog({
  review,
  client,
  onCancel,
  onDone,
}: {
  review: Review;
  client: ContentApi;
  onCancel: () => void;
  onDone: (review: Review) => void;
}) {
  const [comment, setComment] = useState('');
  const [empty, setEmpty] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const boxId = useId();
  return (
    <ActionDialog
      heading={reviewWords.requestHeading}
      action={reviewWords.send}
      onCancel={onCancel}
      onAct={async () => {
        if (!comment.trim()) {
          setEmpty(true);
          box.current?.focus();
          // The dialog shows it under the box, as the server's refusal of an empty comment would be.
          throw new Error(reviewWords.whatShouldChangeEmpty);
        }
        onDone(await client.requestChanges(review.id, comment.trim()));
      }}
    >
      <p>{reviewWords.requestExplain(review.submittedBy)}</p>
      <p>
        <label htmlFor={boxId}>{reviewWords.whatShouldChange}</label>
        <br />
        <textarea
          ref={box}
          id={boxId}
          className={marks.textarea}
          value={comment}
          rows={4}
          maxLength={2000}
          aria-required="true"
          aria-invalid={empty || undefined}
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim()) setEmpty(false);
          }}
        />
      </p>
    </ActionDialog>
  );
}

/** A page's text as the preview draws it (null: it cannot be read), its pictures from the editor. */
function pageDoc(text: string | null, pictureUrl: (path: string) => string): PageDoc | null {
  if (text === null) return null;
  try {
    return withPictureAddresses(docFromText(text), pictureUrl);
  } catch {
    return null;
  }
}

const noPick = () => undefined;

/** One file of the review: the fields changed, then (for a page) the live page beside the draft. */
function ReviewedFile({
  change,
  parsed,
  pictureUrl,
  published,
}: {
  change: ReviewFile;
  parsed: ParsedSite;
  pictureUrl: (path: string) => string;
  /** Published since the screen was opened: what it shows is now the record of what went live. */
  published: boolean;
}) {
  const words = published ? publishedWords : reviewWords;
  const headingId = useId();
  const liveId = useId();
  const draftId = useId();
  const isPage = change.file.startsWith('pages/') && change.file.endsWith('.yaml');
  const live = useMemo(
    () => (isPage ? pageDoc(change.live, pictureUrl) : null),
    [isPage, change, pictureUrl],
  );
  const draft = useMemo(
    () => (isPage ? pageDoc(change.draft, pictureUrl) : null),
    [isPage, change, pictureUrl],
  );
  return (
    <section aria-labelledby={headingId} className={own.file}>
      <h2 id={headingId}>{change.name}</h2>
      <p>{(published ? publishedChangeWords : fileChangeWords)[change.change]}</p>
      {change.fields.length === 0 ? (
        <p>{reviewWords.noFields}</p>
      ) : (
        <table className={`${styles.pageTable} ${own.fields}`}>
          <caption>{reviewWords.fieldsCaption(change.name)}</caption>
          <thead>
            <tr>
              <th scope="col">{reviewWords.field}</th>
              <th scope="col">{reviewWords.live}</th>
              <th scope="col">{reviewWords.draft}</th>
            </tr>
          </thead>
          <tbody>
            {change.fields.map((f) => (
              <tr key={`${f.field}\n${f.before}\n${f.after}`}>
                <th scope="row">{f.field}</th>
                <td>{f.before || <span className={own.empty}>{reviewWords.empty}</span>}</td>
                <td>{f.after || <span className={own.empty}>{reviewWords.empty}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {isPage && (
        <div className={own.sides}>
          <section aria-labelledby={liveId} className={own.side}>
            <h3 id={liveId}>{words.livePage}</h3>
            {live ? (
              <Preview
                doc={live}
                file={change.file}
                parsed={parsed}
                focused={null}
                onPick={noPick}
                label={`live page of ${change.name}`}
                status={words.liveStatus}
                titled={false}
              />
            ) : (
              <p>{change.live === null ? words.notLive : reviewWords.unreadable}</p>
            )}
          </section>
          <section aria-labelledby={draftId} className={own.side}>
            <h3 id={draftId}>{words.theDraft}</h3>
            {draft ? (
              <Preview
                doc={draft}
                file={change.file}
                parsed={parsed}
                focused={null}
                onPick={noPick}
                label={`draft of ${change.name}`}
                status={words.draftStatus}
                titled={false}
              />
            ) : (
              <p>{change.draft === null ? words.deleted : reviewWords.unreadable}</p>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
