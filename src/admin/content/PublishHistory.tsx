/**
 * The publish log as staff read it: every recent Publish, newest first, with who pressed it, when it
 * ended, and whether it went live (how many pages) or why it stopped. The server keeps the log in
 * the database (server/editor/releaseLog.ts), so it is the same on every instance of the site.
 */
import type { PublishedRelease } from './api.ts';
import styles from './content.module.css';
import { describeChange } from './kinds.ts';

/** The first line of a failure's message: the build's output after it is for developers. */
const firstLine = (message: string | null) => message?.split('\n').find((l) => l.trim()) ?? '';

function outcome(release: PublishedRelease): string {
  if (release.state === 'live')
    return release.pages === null ? 'Live' : `Live, ${release.pages} page${release.pages === 1 ? '' : 's'}`;
  return `Not published: ${firstLine(release.message).replace(/^Not published:\s*/, '') || 'the build stopped.'}`;
}

const seconds = (r: PublishedRelease) => {
  const ms = Date.parse(r.finishedAt) - Date.parse(r.startedAt);
  return Number.isFinite(ms) && ms >= 0 ? `${(ms / 1000).toFixed(1)} s` : '';
};

export function PublishHistory({ releases }: { releases: readonly PublishedRelease[] }) {
  if (!releases.length) return null;
  return (
    <details className={styles.publishHistory}>
      <summary>Publish history</summary>
      <table>
        <caption>
          The latest {releases.length === 1 ? 'Publish' : `${releases.length} Publishes`}, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Published by</th>
            <th scope="col">Outcome</th>
            <th scope="col">Took</th>
            <th scope="col">Content version</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.id}>
              <td>{describeChange({ name: r.publishedBy.name, date: r.finishedAt })}</td>
              <td>{outcome(r)}</td>
              <td>{seconds(r)}</td>
              <td>
                {r.contentCommit ? <code title={r.contentCommit}>{r.contentCommit.slice(0, 8)}</code> : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
