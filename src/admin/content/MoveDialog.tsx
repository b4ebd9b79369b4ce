/**
 * Change address (issue 35): asks for the page's new address and moves it there. The server moves
 * the file, leads the old address on to the new one (a permanent redirect) and updates the site's
 * links to it, in one commit; Publish then puts it live.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ContentApi, Moved, PageSummary, SiteFiles } from './api.ts';
import styles from './content.module.css';
import { nameOf } from './kinds.ts';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';

export function MoveDialog({
  page,
  site,
  client,
  onMoved,
  onCancel,
}: {
  page: PageSummary;
  site: SiteFiles;
  client: ContentApi;
  onMoved: (moved: Moved) => void;
  onCancel: () => void;
}) {
  const [to, setTo] = useState(page.path);
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { heading: useId(), address: useId(), hint: useId() };
  const name = nameOf(page);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, []);

  const move = async () => {
    const version = site.files[page.file]?.version;
    if (!version) return;
    setBusy(true);
    setError(null);
    try {
      onMoved(await client.move(page.file, version, to));
    } catch (e) {
      setError(refusalOf(e));
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={ids.heading} onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void move();
        }}
      >
        <h2 id={ids.heading}>Change the address of “{name}”</h2>
        <p>
          Visitors and search engines who open <code>{page.path}</code> are sent on to the new address, and
          the links to it on the site’s other pages and in its menus are changed to the new one. The change
          goes live when you publish the site.
        </p>
        <p>
          <label htmlFor={ids.address}>New address</label>
          <br />
          <input
            id={ids.address}
            type="text"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-describedby={ids.hint}
            spellCheck={false}
            autoComplete="off"
          />
          <br />
          <span id={ids.hint} className={styles.status}>
            A slash, then lower-case words joined by hyphens, such as /services/fleet-tracking.
          </span>
        </p>
        {error && <RefusalAlert refusal={error} />}
        <button type="submit" className={styles.primary} disabled={busy || to.trim() === page.path}>
          Change address
        </button>{' '}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </form>
    </dialog>
  );
}
