/**
 * The versions of a file the server's history holds, each with what it changed (the fields, with
 * their old and new words): show one in the preview (the editor does that, read-only, beside the
 * draft), or bring it back as a new version, after a question naming that version.
 */
import { useEffect, useId, useState } from 'react';
import type { ContentApi, HistoryVersion } from './api.ts';
import styles from './content.module.css';
import own from './HistoryPanel.module.css';
import { RestoreQuestion } from './RestoreQuestion.tsx';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function when(date: string): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? date : dateFormat.format(d);
}

/** "Version of 20 Nov 2026, 16:00 by Priya": how the preview names a version it shows. */
export function versionLabel(v: HistoryVersion): string {
  return `Version of ${when(v.date)} by ${v.name}`;
}

/** Which versions the panel lists: those `keep` says yes to, named by `label` ("Navigation"). */
export interface HistoryFilter {
  label: string;
  keep: (version: HistoryVersion) => boolean;
}

export function HistoryPanel({
  file,
  canRestore,
  client,
  shown,
  onShow,
  onRestore,
  onClose,
  title = 'History of this page',
  what = 'page',
  filter,
}: {
  file: string;
  /** The panel's heading. */
  title?: string;
  /** What a version is of, as the restore question names it ("page", "site settings"). */
  what?: string;
  /** Lists only some versions (a section of Site settings), with a button to list them all. */
  filter?: HistoryFilter | undefined;
  /** False while the file has never been saved (nothing to restore over). */
  canRestore: boolean;
  client: ContentApi;
  /** The commit shown in the preview now, if any. */
  shown: string | null;
  onShow: (version: HistoryVersion, text: string) => void;
  onRestore: (commit: string) => Promise<void>;
  onClose: () => void;
}) {
  const [state, setState] = useState<{
    enabled: boolean;
    message?: string;
    versions: HistoryVersion[];
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The version whose Restore was pressed, waiting for "Yes, restore". */
  const [confirming, setConfirming] = useState<HistoryVersion | null>(null);
  const headingId = useId();
  const [everything, setEverything] = useState(false);
  const listed = state?.versions.filter((v) => everything || !filter || filter.keep(v)) ?? [];
  const hidden = (state?.versions.length ?? 0) - listed.length;

  useEffect(() => {
    client.history(file).then(setState, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [client, file]);

  const show = async (v: HistoryVersion) => {
    try {
      onShow(v, await client.version(file, v.commit));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className={styles.side} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <button type="button" className={styles.small} onClick={onClose}>
        Close history
      </button>
      {filter && state?.enabled && (
        <p className={own.filter}>
          {everything
            ? `Every version of the ${what} (${listed.length}).`
            : `The versions that changed ${filter.label} (${listed.length} of ${state.versions.length}).`}{' '}
          {(hidden > 0 || everything) && (
            <button
              type="button"
              className={styles.small}
              aria-pressed={everything}
              onClick={() => setEverything((v) => !v)}
            >
              {everything ? `Only ${filter.label}` : 'Show every version'}
            </button>
          )}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
      {!state && !error && <p role="status">Loading the history…</p>}
      {state && !state.enabled && <p>{state.message ?? 'This site keeps no history of changes.'}</p>}
      {state?.enabled && listed.length === 0 && (
        <p>{filter && !everything ? `No version changed ${filter.label}.` : 'No earlier versions.'}</p>
      )}
      {state?.enabled && listed.length > 0 && (
        <ul className={styles.versionList}>
          {listed.map((v) => (
            <li key={v.commit}>
              <span>
                {v.subject} — {v.name}, {when(v.date)}
              </span>
              {v.changes && v.changes.length > 0 && (
                <ul className={own.changes} aria-label={`What ${versionLabel(v)} changed`}>
                  {v.changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
              <button
                type="button"
                id={`show-${v.commit}`}
                className={styles.small}
                onClick={() => void show(v)}
                aria-pressed={shown === v.commit}
                aria-label={`Show the version "${v.subject}" in the preview`}
              >
                Show
              </button>
              <button
                type="button"
                className={styles.small}
                onClick={() => setConfirming(v)}
                disabled={!canRestore}
                aria-label={`Restore the version "${v.subject}"`}
              >
                Restore
              </button>
              {confirming?.commit === v.commit && (
                <RestoreQuestion
                  version={v}
                  what={what}
                  onRestore={() => {
                    setConfirming(null);
                    void onRestore(v.commit);
                  }}
                  onCancel={() => setConfirming(null)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
