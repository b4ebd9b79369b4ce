/**
 * Publish: rebuilds the public site from the saved content, showing each step as it runs, and says
 * since when the live site is what it is and who published it, and the latest Publishes (the
 * server's publish log). Where the server keeps drafts, the Drafts view (DraftsView.tsx) publishes
 * instead, draft by draft; this button is for a server without them (every save goes live with it).
 */
import type { ContentApi } from './api.ts';
import styles from './content.module.css';
import { describeChange } from './kinds.ts';
import { PublishHistory } from './PublishHistory.tsx';
import { publishStatusText, usePublish } from './usePublish.ts';

export function PublishButton({ client }: { client: ContentApi }) {
  const run = usePublish(client);
  return (
    <div className={styles.publish}>
      <button
        type="button"
        className={styles.primary}
        onClick={() => void run.start()}
        disabled={run.running}
      >
        {run.running ? 'Publishing…' : 'Publish the site'}
      </button>
      <PublishProgress run={run} />
    </div>
  );
}

/** A Publish's status line, progress bar, the live version's line and the latest Publishes. */
export function PublishProgress({ run }: { run: ReturnType<typeof usePublish> }) {
  const live = run.log.find((r) => r.state === 'live');
  return (
    <>
      <span role="status" className={styles.status}>
        {publishStatusText(run)}
      </span>
      {run.running && <progress aria-label="Publishing progress" />}
      {live && (
        <p className={styles.status}>
          Live version published by {describeChange({ name: live.publishedBy.name, date: live.finishedAt })}.
        </p>
      )}
      <PublishHistory releases={run.log} />
    </>
  );
}
