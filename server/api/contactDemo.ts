/** POST {base}/api/contact-demo (API_PATHS.demo): the demo / inquiry request (JSON). */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, checkDemo, DEMO_FIELDS } from '../../src/forms/rules.ts';
import { type ApiContext, clientMeta, HttpError, ok, rateLimited, requireJson } from './context.ts';
import { cleanFields } from './fields.ts';
import { serverMessages, successMessages } from './messages.ts';

export function contactDemoRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post(
    API_PATHS.demo,
    { config: rateLimited(ctx.rateLimits.forms, ctx.rateLimits.windowMs), preValidation: requireJson },
    async (request, reply) => {
      const { values, bot } = cleanFields(request.body, DEMO_FIELDS, ['query']);
      if (bot) return ok(reply, successMessages.demo);
      const failure = checkDemo(values);
      if (failure) throw new HttpError(400, failure.message);
      if (!ctx.forms.serviceTypes.has(values.serviceType))
        throw new HttpError(400, serverMessages.unknownServiceType);
      await ctx.repo.addDemo(values, clientMeta(request));
      return ok(reply, successMessages.demo);
    },
  );
}
