/** What every API route needs: storage, the content's lists, limits, and shared request helpers. */
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { RateLimits } from '../config.ts';
import type { ClientMeta, Repository } from '../storage/repository.ts';
import { serverMessages } from './messages.ts';

export interface FormOptions {
  /** The demo form's service types (site.yaml `serviceTypes`). */
  serviceTypes: readonly string[];
  /** The job titles of the career pages (`openPositions`). */
  positions: readonly string[];
}

export interface ApiContext {
  repo: Repository;
  forms: { serviceTypes: ReadonlySet<string>; positions: ReadonlySet<string> };
  rateLimits: RateLimits;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '' };
}

/** Refuses (415) a body that is not JSON; Fastify also parses text/plain, which we do not accept. */
export async function requireJson(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, serverMessages.unsupportedType);
}

export function rateLimited(max: number, windowMs: number): RouteShorthandOptions['config'] {
  return { rateLimit: { max, timeWindow: windowMs } };
}

export function ok(reply: FastifyReply, message: string) {
  return reply.code(200).send({ message });
}
