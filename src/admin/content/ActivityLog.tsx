/**
 * The publish log in the Drafts view (GET /activity): every Publish, every step of a review and
 * every preview link made or revoked, newest first, with who and when. Read when the view opens
 * and after each Publish, so what a colleague did shows too.
 */
import { useEffect, useState } from 'react';
import type { ActivityEntry, ContentApi } from './api.ts';
import styles from './content.module.css';
import { dateTimeText } from './kinds.ts';

export const activityWords = {
  summary: 'Publish log: publishing, reviews and preview links',
  caption: (n: number) => `The latest ${n} ${n === 1 ? 'entry' : 'entries'}, newest first`,
  unread: (message: string) => `The publish log could not be read: ${message}`,
};

export function ActivityLog({ client, version }: { client: ContentApi; version: string }) {
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    // `version` changes after each Publish or decision: the log is read again.
    void version;
    let live = true;
    client.activity().then(
      (e) => live && setEntries(e),
      (e: unknown) => live && setError(activityWords.unread(e instanceof Error ? e.message : String(e))),
    );
    return () => {
      live = false;
    };
  }, [client, version]);
  if (error) return <p className={styles.status}>{error}</p>;
  if (!entries?.length) return null;
  return (
    <details className={styles.publishHistory}>
      <summary>{activityWords.summary}</summary>
      <table>
        <caption>{activityWords.caption(entries.length)}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            // (Two entries may share a time and a person: the position keeps them apart.)
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
            <tr key={i}>
              <td>{dateTimeText(e.at)}</td>
              <td>{e.by}</td>
              <td>{e.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
