/**
 * POST /take-down {file, version, to, aliasesTo?, delete?}: the page leaves the site and its address leads to
 * `to` (takeDown.ts says what changes). A page that also answers at other addresses (Customer
 * Support answers at /careers) hands each of them to the page named in `aliasesTo` (address → that
 * page's file), so the address keeps being served. One commit of every file it touched, checked
 * whole by the validator first; Publish then puts it live. With `delete: true` the file is removed
 * rather than kept marked; it can be restored from the history (deletedRoutes.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REDIRECTS_FILE } from '../../src/validator/redirectRules.ts';
import { contentMessages } from './api.ts';
import { readContentFile } from './contentStore.ts';
import { takeDownMessages } from './takeDown.ts';
import { planTakeDown } from './takeDownPlan.ts';
import type { WriteRouteOptions } from './writeRouteOptions.ts';
import { writeTogether } from './writeTogether.ts';

export function registerTakeDownRoute(app: FastifyInstance, options: WriteRouteOptions): void {
  const root = options.contentDir;
  const fail = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send(body);
  app.post('/take-down', async (request, reply) => {
    const body = request.body as
      | { file?: unknown; version?: unknown; to?: unknown; aliasesTo?: unknown; delete?: unknown }
      | undefined;
    const file = options.fileFrom(reply, body?.file);
    if (!file) return reply;
    if (!file.startsWith('pages/')) return fail(reply, 400, { message: takeDownMessages.notAPage });
    // What makes an address valid is the redirects schema's to say (the validator runs below).
    const to = body?.to;
    if (typeof to !== 'string' || !to) return fail(reply, 400, { message: takeDownMessages.badTarget });
    const aliasesTo =
      body?.aliasesTo && typeof body.aliasesTo === 'object'
        ? (body.aliasesTo as Record<string, unknown>)
        : {};
    return options.locked(async () => {
      const current = readContentFile(root, file);
      if (!current) return fail(reply, 404, { message: contentMessages.gone });
      if (current.version !== body?.version) return fail(reply, 409, { message: takeDownMessages.changed });
      const plan = planTakeDown(root, file, current.text, to, aliasesTo, body?.delete === true);
      if ('status' in plan) {
        const { status, ...refusal } = plan;
        return fail(reply, status, refusal);
      }
      const { writes, subject } = plan;
      const { versions, committed: commit } = await writeTogether(root, writes, () =>
        options.history.commit([...writes.keys()], options.author(request), subject),
      );
      return {
        version: versions.get(file),
        text: writes.get(file),
        commit,
        redirects: { version: versions.get(REDIRECTS_FILE), text: writes.get(REDIRECTS_FILE) },
      };
    });
  });
}
