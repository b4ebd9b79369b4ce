/**
 * Graceful shutdown of `npm start` on SIGTERM / SIGINT: stop accepting connections, let the
 * requests in flight finish (new requests on open connections get a JSON 503 with Connection: close,
 * idle connections are closed after SHUTDOWN_DRAIN_MS, stalled uploads get a 408), close the database
 * (the app's onClose hooks), then exit 0. A shutdown that takes longer than `timeoutMs` exits 1.
 */
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long `npm start` keeps idle keep-alive connections open after SIGTERM (postponeIdleClose). */
export const SHUTDOWN_DRAIN_MS = 2000;

/**
 * Node's server.close() closes idle keep-alive connections at once. A client may be sending a
 * request over one at that very moment: it meets a TCP reset (behind a proxy, a 502). This keeps
 * them open for `drainMs` more: a request arriving meanwhile is answered 503 with Connection: close
 * (app.ts) and its connection ends cleanly; the connections still idle then are closed.
 */
export function postponeIdleClose(server: Server, drainMs: number): void {
  if (drainMs <= 0) return;
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    setTimeout(closeIdle, drainMs).unref();
  };
}

export interface ShutdownOptions {
  signals?: readonly NodeJS.Signals[];
  timeoutMs?: number;
  /** The process (tests pass an EventEmitter). */
  target?: { on(signal: NodeJS.Signals, listener: () => void): unknown };
  exit?: (code: number) => void;
  onError?: (message: string, error?: unknown) => void;
}

export function handleShutdown(app: FastifyInstance, options: ShutdownOptions = {}): void {
  const {
    signals = ['SIGTERM', 'SIGINT'],
    timeoutMs = SHUTDOWN_TIMEOUT_MS,
    target = process,
    exit = (code: number) => process.exit(code),
    onError = (message: string, error?: unknown) => console.error(message, error ?? ''),
  } = options;
  let stopping = false;
  for (const signal of signals) {
    target.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal}: shutting down`);
      const timer = setTimeout(() => {
        onError('Shutdown took too long; exiting.');
        exit(1);
      }, timeoutMs);
      timer.unref();
      // Last resort before the deadline: connections still open (a client stuck in its headers,
      // say) are cut, so that the database still closes cleanly and the exit code is 0.
      const cut = setTimeout(
        () => {
          app.log.warn('Shutdown: closing the connections still open.');
          app.server.closeAllConnections();
        },
        Math.max(timeoutMs - 2000, timeoutMs / 2),
      );
      cut.unref();
      app.close().then(
        () => {
          clearTimeout(timer);
          clearTimeout(cut);
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(timer);
          clearTimeout(cut);
          onError('Shutdown failed:', error);
          exit(1);
        },
      );
    });
  }
}
