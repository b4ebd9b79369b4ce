/**
 * Publish: rebuilds the public site from the saved content, showing each step as it runs, and says
 * since when the live site is what it is and who published it, and the latest Publishes (the
 * server's publish log).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentApi, PublishedRelease, PublishStatus } from './api.ts';
import styles from './content.module.css';
import { describeChange } from './kinds.ts';
import { PublishHistory } from './PublishHistory.tsx';

const POLL_MS = 1000;

export function PublishButton({ client }: { client: ContentApi }) {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const [log, setLog] = useState<PublishedRelease[]>([]);
  const live = log.find((r) => r.state === 'live');

  useEffect(() => () => clearTimeout(timer.current), []);

  // The latest Publishes; a log the server cannot read only leaves the line and the history out.
  const readLog = useCallback(async () => {
    try {
      setLog((await client.releases()).releases);
    } catch {
      setLog([]);
    }
  }, [client]);
  useEffect(() => {
    void readLog();
  }, [readLog]);

  const poll = async () => {
    try {
      const next = await client.publishStatus();
      setStatus(next);
      if (next.state === 'running') timer.current = setTimeout(() => void poll(), POLL_MS);
      else void readLog();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const start = async () => {
    setError(null);
    try {
      setStatus(await client.publish());
      timer.current = setTimeout(() => void poll(), POLL_MS);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const running = status?.state === 'running';
  return (
    <div className={styles.publish}>
      <button type="button" className={styles.primary} onClick={() => void start()} disabled={running}>
        {running ? 'Publishing…' : 'Publish the site'}
      </button>
      <span role="status" className={styles.status}>
        {error
          ? `Publishing failed: ${error}`
          : status?.state === 'running'
            ? `Publishing${status.step ? `: ${status.step}` : '…'}`
            : status?.state === 'done'
              ? (status.message ??
                `Published${status.durationMs !== undefined ? ` in ${Math.round(status.durationMs / 1000)} s` : ''}.`)
              : status?.state === 'failed'
                ? `Publishing failed${status.step ? ` at ${status.step}` : ''}: ${status.message ?? 'see the server log'}`
                : ''}
      </span>
      {running && <progress aria-label="Publishing progress" />}
      {live && (
        <p className={styles.status}>
          Live version published by {describeChange({ name: live.publishedBy.name, date: live.finishedAt })}.
        </p>
      )}
      <PublishHistory releases={log} />
    </div>
  );
}
