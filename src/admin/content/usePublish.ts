/**
 * A Publish as the editor follows it: start it (for some drafts or every saved change), poll its
 * state each second until it ends, and keep the server's log of the latest Publishes. Used by the
 * Drafts view, a page's draft bar and the site-wide Publish button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentApi, PublishedRelease, PublishStatus } from './api.ts';

const POLL_MS = 1000;

export interface PublishRun {
  status: PublishStatus | null;
  error: string | null;
  running: boolean;
  log: PublishedRelease[];
  start: (files?: readonly string[]) => Promise<void>;
}

/** `onEnded` runs once a Publish this hook started has ended, live or failed. */
export function usePublish(client: ContentApi, onEnded?: (status: PublishStatus) => void): PublishRun {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<PublishedRelease[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ended = useRef(onEnded);
  ended.current = onEnded;

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
      else {
        void readLog();
        ended.current?.(next);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const start = async (files?: readonly string[]) => {
    setError(null);
    try {
      setStatus(await client.publish(files));
      timer.current = setTimeout(() => void poll(), POLL_MS);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return { status, error, running: status?.state === 'running', log, start };
}

/** The status line of a Publish: its step while it runs, then how it ended. */
export function publishStatusText({ status, error }: Pick<PublishRun, 'status' | 'error'>): string {
  if (error) return `Publishing failed: ${error}`;
  switch (status?.state) {
    case 'running':
      return `Publishing${status.step ? `: ${status.step}` : '…'}`;
    case 'done':
      return (
        status.message ??
        `Published${status.durationMs !== undefined ? ` in ${Math.round(status.durationMs / 1000)} s` : ''}.`
      );
    case 'failed':
      // The server's own words say what happened when they begin "Not published:".
      if (status.message?.startsWith('Not published:')) return status.message;
      return `Publishing failed${status.step ? ` at ${status.step}` : ''}: ${status.message ?? 'see the server log'}`;
    default:
      return '';
  }
}
