/**
 * Deleted pages: every page whose file was deleted (Take down, Delete), with who deleted it and
 * when, and Restore, which brings its last text back at its address (the history keeps it). Like
 * any change, a restored page is a draft until it is published.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { ContentApi, DeletedPage } from './api.ts';
import styles from './content.module.css';
import { describeChange } from './kinds.ts';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';

export function DeletedPages({
  client,
  onBack,
  onRestored,
}: {
  client: ContentApi;
  onBack: () => void;
  /** A page is back: the list reads the pages again and says so. */
  onRestored: (page: DeletedPage) => void;
}) {
  const [pages, setPages] = useState<DeletedPage[] | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();

  const read = useCallback(async () => {
    try {
      setPages(await client.deleted());
    } catch (e) {
      setError(refusalOf(e));
      setPages([]);
    }
  }, [client]);
  useEffect(() => {
    void read();
  }, [read]);

  const restore = async (page: DeletedPage) => {
    setBusy(page.file);
    setError(null);
    try {
      await client.restoreDeleted(page.file, page.commit);
      onRestored(page);
    } catch (e) {
      setError(refusalOf(e));
      setBusy(null);
    }
  };

  return (
    <div className={styles.list}>
      <div className={styles.listHeader}>
        <h1 id={headingId}>Deleted pages</h1>
        <button type="button" className={styles.secondary} onClick={onBack}>
          ← All pages
        </button>
      </div>
      <p className={styles.lead}>
        Pages whose file was deleted. Restore brings a page back at its address, as it was when it was
        deleted; it goes live when it is published.
      </p>
      {error && <RefusalAlert refusal={error} />}
      {pages === null ? (
        <p role="status">Loading the deleted pages…</p>
      ) : pages.length === 0 ? (
        <p>No page has been deleted.</p>
      ) : (
        <table className={styles.pageTable} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Address</th>
              <th scope="col">Deleted by</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={`${page.file}\n${page.commit}`}>
                <th scope="row">{page.title}</th>
                <td>
                  <code>{page.path}</code>
                </td>
                <td>{describeChange({ name: page.name, date: page.date })}</td>
                <td>
                  <button
                    type="button"
                    className={styles.small}
                    disabled={busy !== null}
                    onClick={() => void restore(page)}
                    aria-label={`Restore ${page.title}`}
                  >
                    {busy === page.file ? 'Restoring…' : 'Restore'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
