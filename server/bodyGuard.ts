/**
 * Slow and stalled request bodies. A client that sends its headers and then trickles or stops its
 * body would otherwise hold its connection (and an open file) for as long as it likes. Every body
 * being received is watched (a sweep each second reads the socket's byte count; nothing touches the
 * stream the parsers read):
 *   - no byte for `bodyIdleMs` (while shutting down: SHUTDOWN_IDLE_MS): 408, connection closed;
 *   - after `bodyIdleMs`, an average below MIN_BYTES_PER_SECOND (a trickle): 408 as well;
 *   - at most `slowUploadsMax` bodies may take longer than SLOW_AFTER_MS at once: further requests
 *     with a body get 503 (try again later) before a byte of it is read.
 * A 5 MB CV at 256 kbit/s (about 32 KB/s, 165 s) passes all three. Node's own requestTimeout (the
 * whole request) and headersTimeout (app.ts) bound the rest.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './api/context.ts';

export interface BodyLimits {
  /** BODY_TIMEOUT: the longest pause in a body, in ms. */
  bodyIdleMs: number;
  /** SLOW_UPLOADS_MAX: bodies allowed to be slower than SLOW_AFTER_MS at the same time. */
  slowUploadsMax: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = { bodyIdleMs: 10_000, slowUploadsMax: 50 };
/** REQUEST_TIMEOUT's default: a 5 MB CV at 256 kbit/s takes 165 s. */
export const REQUEST_TIMEOUT_MS = 300_000;
/** The longest a client may take to send a request's headers, in ms (then 408). */
export const HEADERS_TIMEOUT_MS = 15_000;
/** The slowest average a body may keep up once `bodyIdleMs` has passed: 8 kbit/s. */
export const MIN_BYTES_PER_SECOND = 1024;
/** A body still arriving after this long counts as a slow upload. */
export const SLOW_AFTER_MS = 2000;
/** While shutting down, a body that pauses this long is given up (shutdown has 10 s in all). */
export const SHUTDOWN_IDLE_MS = 1500;
/** After a 408 that the client does not read, its socket is destroyed after this long. */
const GIVE_UP_MS = 5000;

export const bodyMessages = {
  timeout: 'The upload stalled or was too slow. Please check your connection and send it again.',
  busy: 'The server is receiving many uploads at the moment. Please try again in a minute.',
} as const;

interface Upload {
  request: FastifyRequest;
  reply: FastifyReply;
  socket: Socket;
  startedAt: number;
  /** socket.bytesRead when the body began, and at the last sweep that saw it grow. */
  startBytes: number;
  lastBytes: number;
  lastProgressAt: number;
  timedOutAt?: number;
}

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
}

export function guardBodies(
  app: FastifyInstance,
  limits: BodyLimits,
  isClosing: () => boolean,
  now: () => number = Date.now,
): void {
  const uploads = new Set<Upload>();
  let sweeper: NodeJS.Timeout | undefined;

  const timeOut = (u: Upload, at: number) => {
    u.timedOutAt = at;
    const { request, reply } = u;
    request.log.info({ received: u.lastBytes - u.startBytes }, 'request body timed out');
    if (reply.sent) return;
    reply.header('connection', 'close');
    const error = new HttpError(408, bodyMessages.timeout);
    // A parser reading the body ends with this error and answers it (app.ts's error handler), so
    // the request is answered once; before any parser listens, the 408 is sent from here.
    if (request.raw.listenerCount('error') > 0) request.raw.emit('error', error);
    else reply.code(408).send({ message: error.message });
  };

  const sweep = () => {
    const t = now();
    const idleLimit = isClosing() ? Math.min(SHUTDOWN_IDLE_MS, limits.bodyIdleMs) : limits.bodyIdleMs;
    for (const u of uploads) {
      if (u.request.raw.complete || u.socket.destroyed) {
        uploads.delete(u);
        continue;
      }
      if (u.timedOutAt !== undefined) {
        if (t - u.timedOutAt > GIVE_UP_MS) {
          u.socket.destroy();
          uploads.delete(u);
        }
        continue;
      }
      const bytes = u.socket.bytesRead;
      if (bytes !== u.lastBytes) {
        u.lastBytes = bytes;
        u.lastProgressAt = t;
      }
      const elapsed = t - u.startedAt;
      const tooSlow =
        elapsed > limits.bodyIdleMs && ((bytes - u.startBytes) * 1000) / elapsed < MIN_BYTES_PER_SECOND;
      if (t - u.lastProgressAt > idleLimit || tooSlow) timeOut(u, t);
    }
    if (!uploads.size && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return;
    const t = now();
    let slow = 0;
    for (const u of uploads) if (t - u.startedAt > SLOW_AFTER_MS && u.timedOutAt === undefined) slow++;
    if (slow >= limits.slowUploadsMax)
      return reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '60')
        .send({ message: bodyMessages.busy });
    const socket = request.raw.socket;
    const bytes = socket.bytesRead;
    uploads.add({
      request,
      reply,
      socket,
      startedAt: t,
      startBytes: bytes,
      lastBytes: bytes,
      lastProgressAt: t,
    });
    sweeper ??= setInterval(sweep, 1000);
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    sweeper = undefined;
  });
}
