/** POST {base}/api/contact: a message from the contact panel (JSON). */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, CONTACT_FIELDS, checkContact } from '../../src/forms/rules.ts';
import { type ApiContext, clientMeta, HttpError, ok, rateLimited, requireJson } from './context.ts';
import { cleanFields } from './fields.ts';
import { successMessages } from './messages.ts';

export function contactRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post(
    API_PATHS.contact,
    { config: rateLimited(ctx.rateLimits.forms, ctx.rateLimits.windowMs), preValidation: requireJson },
    async (request, reply) => {
      const { values, bot } = cleanFields(request.body, CONTACT_FIELDS, ['message']);
      if (bot) return ok(reply, successMessages.contact);
      const failure = checkContact(values);
      if (failure) throw new HttpError(400, failure.message);
      await ctx.repo.addContact(values, clientMeta(request));
      return ok(reply, successMessages.contact);
    },
  );
}
