/**
 * Put back (issue 35): a page taken down returns to the site at its address. The server removes its
 * "taken down" mark and the redirect from its address in one commit; Publish then puts it live.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ContentApi, PageSummary, SiteFiles } from './api.ts';
import styles from './content.module.css';
import { nameOf } from './kinds.ts';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';

export function PutBackDialog({
  page,
  site,
  client,
  onPutBack,
  onCancel,
}: {
  page: PageSummary;
  site: SiteFiles;
  client: ContentApi;
  onPutBack: () => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useId();
  const name = nameOf(page);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, []);

  const putBack = async () => {
    const version = site.files[page.file]?.version;
    if (!version) return;
    setBusy(true);
    setError(null);
    try {
      await client.putBack(page.file, version);
      onPutBack();
    } catch (e) {
      setError(refusalOf(e));
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={heading} onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void putBack();
        }}
      >
        <h2 id={heading}>Put “{name}” back on the site?</h2>
        <p>
          The page is served at <code>{page.path}</code> again, in its menus and lists, and its address no
          longer sends visitors elsewhere. The change goes live when you publish the site.
        </p>
        {error && <RefusalAlert refusal={error} />}
        <button type="submit" className={styles.primary} disabled={busy}>
          Put back
        </button>{' '}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </form>
    </dialog>
  );
}
