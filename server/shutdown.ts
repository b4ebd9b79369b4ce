/**
 * Graceful shutdown of `npm start` on SIGTERM / SIGINT: stop accepting connections, let the
 * requests in flight finish (new requests on open connections get a JSON 503), close the database
 * (the app's onClose hooks), then exit 0. A shutdown that takes longer than `timeoutMs` exits 1.
 */
import type { FastifyInstance } from 'fastify';

export const SHUTDOWN_TIMEOUT_MS = 10_000;

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
      app.close().then(
        () => {
          clearTimeout(timer);
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(timer);
          onError('Shutdown failed:', error);
          exit(1);
        },
      );
    });
  }
}
