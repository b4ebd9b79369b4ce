/** POST {base}/api/brochure-request: a brochure request (JSON). */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, checkBrochure } from '../../src/forms/rules.ts';
import { type ApiContext, clientMeta, HttpError, ok, rateLimited, requireJson } from './context.ts';
import { cleanFields } from './fields.ts';
import { successMessages } from './messages.ts';

export function brochureRequestRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post(
    API_PATHS.brochure,
    { config: rateLimited(ctx.rateLimits.forms, ctx.rateLimits.windowMs), preValidation: requireJson },
    async (request, reply) => {
      const { values, bot } = cleanFields(request.body, ['email'] as const);
      if (bot) return ok(reply, successMessages.brochure);
      const failure = checkBrochure(values);
      if (failure) throw new HttpError(400, failure.message);
      await ctx.repo.addBrochure(values, clientMeta(request));
      return ok(reply, successMessages.brochure);
    },
  );
}
