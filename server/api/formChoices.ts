/**
 * The values the forms accept from the content (service types, open positions), as the routes read
 * them on every request. Publish replaces them as a whole when it switches to a new build
 * (`app.followPublishedForms`, decorated by server/app.ts), so what the forms accept is always what
 * the served site offers, without a restart.
 */
import type { ApiContext, FormOptions } from './context.ts';

export function formChoicesOf(options: FormOptions): ApiContext['forms'] {
  return { serviceTypes: new Set(options.serviceTypes), positions: new Set(options.positions) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on, accept the service types and open positions of a newly published build. */
    followPublishedForms?: (options: FormOptions) => void;
  }
}
