/**
 * On a preview link that names a reviewer (review on, server/editor/preview/previewRoutes.ts): the
 * reviewer's Approve and Request changes, recorded by their name. Neither publishes anything: a
 * publisher puts the page live, seeing the decision in the review.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { dateTimeText } from '../content/kinds.ts';
import own from './PreviewLinkApp.module.css';

export const decisionWords = {
  asked: (who: string) => `${who}, you are asked to review this draft.`,
  approve: 'Approve',
  changes: 'Request changes',
  what: 'What should change?',
  send: 'Send request',
  cancel: 'Cancel',
  needComment: 'Say what should change: your comment is what the editor sees.',
  failed: 'Your decision could not be sent. Check your connection and try again.',
  earlier: (approved: boolean, when: string) =>
    approved ? `You approved it on ${when}.` : `You asked for changes on ${when}.`,
};

export interface LinkDecision {
  kind: string;
  at: string;
  comment: string | null;
}

export function ReviewerDecision({
  api,
  reviewer,
  decisions,
  fetchImpl,
}: {
  api: string;
  reviewer: string;
  decisions: LinkDecision[];
  fetchImpl: typeof fetch;
}) {
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const last = decisions.at(-1);
  const box = useRef<HTMLTextAreaElement>(null);
  const changesButton = useRef<HTMLButtonElement>(null);
  const saidRef = useRef<HTMLParagraphElement>(null);
  // Focus follows what the reader is doing: into the comment box when it opens, back to the button
  // that opened it when it closes without sending, to the thanks once a decision is recorded.
  const [focusTo, setFocusTo] = useState<'box' | 'button' | 'said' | null>(null);
  useEffect(() => {
    if (focusTo === 'box') box.current?.focus();
    if (focusTo === 'button') changesButton.current?.focus();
    if (focusTo === 'said') saidRef.current?.focus();
  }, [focusTo]);

  const send = async (decision: 'approve' | 'changes') => {
    if (decision === 'changes' && !comment.trim()) {
      setError(decisionWords.needComment);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await fetchImpl(`${api}/decision`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision, ...(decision === 'changes' && { comment: comment.trim() }) }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok) setError(body.message ?? decisionWords.failed);
      else {
        setSaid(body.message ?? '');
        setAsking(false);
        setComment('');
        setFocusTo('said');
      }
    } catch {
      setError(decisionWords.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={own.decision} aria-label="Your review">
      <p className={own.about}>
        {decisionWords.asked(reviewer)}
        {last && ` ${decisionWords.earlier(last.kind === 'link-approved', dateTimeText(last.at))}`}
      </p>
      {!asking && (
        <p className={own.buttons}>
          <button type="button" className={own.approve} disabled={busy} onClick={() => void send('approve')}>
            {decisionWords.approve}
          </button>{' '}
          <button
            ref={changesButton}
            type="button"
            className={own.other}
            disabled={busy}
            onClick={() => {
              setAsking(true);
              setFocusTo('box');
            }}
          >
            {decisionWords.changes}
          </button>
        </p>
      )}
      {asking && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send('changes');
          }}
        >
          <label htmlFor={commentId}>{decisionWords.what}</label>
          <br />
          <textarea
            ref={box}
            id={commentId}
            rows={3}
            cols={60}
            maxLength={2000}
            value={comment}
            aria-invalid={error === decisionWords.needComment}
            aria-describedby={error ? `${commentId}-error` : undefined}
            onChange={(e) => setComment(e.target.value)}
          />
          <br />
          <button type="submit" className={own.approve} disabled={busy}>
            {decisionWords.send}
          </button>{' '}
          <button
            type="button"
            className={own.other}
            onClick={() => {
              setAsking(false);
              setFocusTo('button');
            }}
          >
            {decisionWords.cancel}
          </button>
        </form>
      )}
      {error && (
        <p id={`${commentId}-error`} role="alert" className={own.error}>
          {error}
        </p>
      )}
      <p role="status" className={own.about} ref={saidRef} tabIndex={-1}>
        {said}
      </p>
    </section>
  );
}
