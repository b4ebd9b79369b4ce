/**
 * A client of Vite's HMR WebSocket, as the browser's @vite/client is: it receives what the error
 * overlay would show ({ type: 'error' }) and the reloads ({ type: 'full-reload' }). Needs a
 * WebSocket (jsdom's in the default test environment).
 */
import { writeFileSync } from 'node:fs';
import type { ErrorPayload, HotPayload } from 'vite';

export interface HmrClient {
  /** Every message received so far, in order. */
  messages: HotPayload[];
  /** The first message, from `from` on, that `accept` says yes to (waits up to `ms`). */
  next<T extends HotPayload>(accept: (m: HotPayload) => m is T, from?: number, ms?: number): Promise<T>;
  /**
   * Writes `text` to `file` and returns the first message after that which `accept` says yes to.
   * The file watcher may still be starting up: without an answer within a second, it writes again.
   */
  afterWriting<T extends HotPayload>(
    file: string,
    text: string,
    accept: (m: HotPayload) => m is T,
  ): Promise<T>;
  close(): void;
}

export const isError = (m: HotPayload): m is ErrorPayload => m.type === 'error';
export const isFullReload = (m: HotPayload): m is Extract<HotPayload, { type: 'full-reload' }> =>
  m.type === 'full-reload';

/** Connects to the dev server at `origin` (http://host:port) with the token its client page carries. */
export async function connectHmr(origin: string): Promise<HmrClient> {
  const clientCode = await (await fetch(`${origin}/@vite/client`)).text();
  const token = /const wsToken = "([^"]*)"/.exec(clientCode)?.[1];
  if (token === undefined) throw new Error('No WebSocket token in /@vite/client');
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/?token=${token}`, 'vite-hmr');
  const messages: HotPayload[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)) as HotPayload);
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`Cannot connect to ${origin}`)), { once: true });
  });
  const next: HmrClient['next'] = (accept, from = 0, ms = 15_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.slice(from).find(accept);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No such HMR message within ${ms} ms; got ${JSON.stringify(messages.slice(from))}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return {
    messages,
    next,
    async afterWriting(file, text, accept) {
      const from = messages.length;
      for (let attempt = 1; ; attempt++) {
        writeFileSync(file, text);
        try {
          return await next(accept, from, attempt < 10 ? 1000 : 15_000);
        } catch (error) {
          if (attempt >= 10) throw error;
        }
      }
    },
    close: () => socket.close(),
  };
}
