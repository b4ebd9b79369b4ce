/**
 * Share a preview: makes a link that opens this page's saved draft read-only, for someone without
 * an account (server/editor/preview/), copies it, and lists the page's links that still work, each
 * with Revoke. A new link's address is shown once, here: the server keeps only its hash.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ContentApi, PreviewLink } from './api.ts';
import styles from './content.module.css';
import { dateTimeText } from './kinds.ts';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';
import { useReturnFocus } from './returnFocus.ts';

export const shareWords = {
  heading: 'Share a preview of this page',
  explain:
    'Anyone with the link sees this page’s saved draft, read only, without signing in, marked “Draft, not published”. Search engines never index it. Unsaved changes are not in it.',
  days: 'Link works for (days)',
  reviewer: 'Who reviews it (optional)',
  reviewerHint:
    'With a name, the link shows Approve and Request changes, recorded under that name. Publishing stays with a publisher.',
  make: 'Make link',
  made: 'Preview link (shown once: copy it now)',
  copy: 'Copy link',
  copied: 'Copied.',
  copyFailed: 'Copy it from the box: this browser did not let the page copy it.',
  working: 'Links that work now',
  none: 'No link to this page works now.',
  linkLine: (l: PreviewLink) =>
    `${l.reviewer ? `For ${l.reviewer}. ` : ''}Made by ${l.madeBy}, ${dateTimeText(l.madeAt)}; works until ${dateTimeText(l.expiresAt)}.`,
  revoke: 'Revoke',
  revoked: 'Revoked: the link stops working at once.',
  close: 'Close',
};

export function SharePreviewDialog({
  file,
  client,
  reviewRequired = false,
  onClose,
}: {
  file: string;
  client: ContentApi;
  /** Review is on (CONTENT_REVIEW): a link may name who reviews it, and carry their decision. */
  reviewRequired?: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const daysId = useId();
  const madeId = useId();
  const reviewerId = useId();
  const [days, setDays] = useState('7');
  const [reviewer, setReviewer] = useState('');
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [made, setMade] = useState<{ id: number; href: string } | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setLinks(await client.previewLinks(file));
    } catch (e) {
      setError(refusalOf(e));
    }
  }, [client, file]);

  useReturnFocus();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
    void reload();
  }, [reload]);

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNote('');
    try {
      await task();
      await reload();
    } catch (e) {
      setError(refusalOf(e));
    } finally {
      setBusy(false);
    }
  };

  const make = () =>
    run(async () => {
      const { link, address } = await client.makePreviewLink(
        file,
        Number(days),
        reviewer.trim() || undefined,
      );
      setMade({ id: link.id, href: new URL(address, window.location.origin).href });
    });

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.href);
      setNote(shareWords.copied);
    } catch {
      setNote(shareWords.copyFailed);
    }
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={headingId} onCancel={onClose}>
      <h2 id={headingId}>{shareWords.heading}</h2>
      <p>{shareWords.explain}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void make();
        }}
      >
        <label htmlFor={daysId}>{shareWords.days}</label>{' '}
        <input
          id={daysId}
          type="number"
          min={1}
          max={30}
          step={1}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />{' '}
        {reviewRequired && (
          <p>
            <label htmlFor={reviewerId}>{shareWords.reviewer}</label>
            <br />
            <input
              id={reviewerId}
              type="text"
              maxLength={80}
              autoComplete="off"
              aria-describedby={`${reviewerId}-hint`}
              value={reviewer}
              onChange={(e) => setReviewer(e.target.value)}
            />
            <br />
            <span id={`${reviewerId}-hint`} className={styles.status}>
              {shareWords.reviewerHint}
            </span>
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={busy}>
          {shareWords.make}
        </button>
      </form>
      {made && (
        <p>
          <label htmlFor={madeId}>{shareWords.made}</label>
          <br />
          <input
            id={madeId}
            type="text"
            readOnly
            value={made.href}
            size={60}
            onFocus={(e) => e.target.select()}
          />{' '}
          <button type="button" className={styles.secondary} onClick={() => void copy()}>
            {shareWords.copy}
          </button>
        </p>
      )}
      <p role="status" className={styles.status}>
        {note}
      </p>
      {error && <RefusalAlert refusal={error} />}
      <h3>{shareWords.working}</h3>
      {links && links.length === 0 && <p>{shareWords.none}</p>}
      {links && links.length > 0 && (
        <ul>
          {links.map((l) => (
            <li key={l.id}>
              {shareWords.linkLine(l)}{' '}
              <button
                type="button"
                className={styles.danger}
                disabled={busy}
                aria-label={`${shareWords.revoke} the link made by ${l.madeBy}, ${dateTimeText(l.madeAt)}`}
                onClick={() =>
                  void run(async () => {
                    await client.revokePreviewLink(file, l.id);
                    if (made?.id === l.id) setMade(null);
                    setNote(shareWords.revoked);
                  })
                }
              >
                {shareWords.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={styles.secondary} onClick={onClose}>
        {shareWords.close}
      </button>
    </dialog>
  );
}
