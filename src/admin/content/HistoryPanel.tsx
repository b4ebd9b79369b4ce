/** The versions of a file the server's history holds: look at one, or bring it back as a new version. */
import { useEffect, useId, useState } from 'react';
import type { ContentApi, HistoryVersion, Saved } from './api.ts';
import styles from './content.module.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function HistoryPanel({
  file,
  version,
  client,
  onRestored,
  onClose,
}: {
  file: string;
  /** The file's version as last read (restore refuses if it changed meanwhile). */
  version: string | null;
  client: ContentApi;
  onRestored: (saved: Saved) => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<{
    enabled: boolean;
    message?: string;
    versions: HistoryVersion[];
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ commit: string; text: string } | null>(null);
  const headingId = useId();

  useEffect(() => {
    client.history(file).then(setState, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [client, file]);

  const show = async (commit: string) => {
    try {
      setShown({ commit, text: await client.version(file, commit) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const restore = async (commit: string) => {
    if (!version) return;
    try {
      onRestored(await client.restore(file, commit, version));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className={styles.side} aria-labelledby={headingId}>
      <h2 id={headingId}>History of this page</h2>
      <button type="button" className={styles.small} onClick={onClose}>
        Close history
      </button>
      {error && (
        <p role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
      {!state && !error && <p role="status">Loading the history…</p>}
      {state && !state.enabled && <p>{state.message ?? 'This site keeps no history of changes.'}</p>}
      {state?.enabled && state.versions.length === 0 && <p>No earlier versions.</p>}
      {state?.enabled && state.versions.length > 0 && (
        <ul className={styles.versionList}>
          {state.versions.map((v) => {
            const when = new Date(v.date);
            const label = `${v.subject} — ${v.name}, ${Number.isNaN(when.getTime()) ? v.date : dateFormat.format(when)}`;
            return (
              <li key={v.commit}>
                <span>{label}</span>
                <button
                  type="button"
                  className={styles.small}
                  onClick={() => void show(v.commit)}
                  aria-label={`Show the version "${v.subject}"`}
                >
                  Show
                </button>
                <button
                  type="button"
                  className={styles.small}
                  onClick={() => void restore(v.commit)}
                  disabled={!version}
                  aria-label={`Restore the version "${v.subject}"`}
                >
                  Restore
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {shown && (
        <>
          <h3>Version {shown.commit.slice(0, 7)}</h3>
          <textarea
            className={styles.pre}
            readOnly
            rows={14}
            value={shown.text}
            aria-label={`Text of version ${shown.commit.slice(0, 7)}`}
          />
        </>
      )}
    </section>
  );
}
