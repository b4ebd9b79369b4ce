/**
 * POST /put-back {file, version}: a page taken down returns to the site at its address (takeDown.ts
 * says what changes): its `unpublished` line goes, and so does the redirect from its address. One
 * commit of the two files, checked whole by the validator first (another page may have taken the
 * address meanwhile). Publish then puts it live.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parse } from 'yaml';
import { isTakenDown } from '../../src/content/model.ts';
import { REDIRECTS_FILE } from '../../src/validator/redirectRules.ts';
import { contentMessages } from './api.ts';
import { readContentFile } from './contentStore.ts';
import { putBackText, redirectsTextWithout, takeDownMessages } from './takeDown.ts';
import { problemsAfterWrites } from './validateWrite.ts';
import type { WriteRouteOptions } from './writeRouteOptions.ts';
import { refusalMessage, writeTogether } from './writeTogether.ts';

export const putBackMessages = {
  notSaved: (n: number) =>
    `Not put back: the change would leave the content with ${n} problem${n === 1 ? '' : 's'}.`,
  changed: 'Someone saved this page after you opened the list. Open the list again, then put the page back.',
};

export function registerPutBackRoute(app: FastifyInstance, options: WriteRouteOptions): void {
  const root = options.contentDir;
  const fail = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send(body);
  app.post('/put-back', async (request, reply) => {
    const body = request.body as { file?: unknown; version?: unknown } | undefined;
    const file = options.fileFrom(reply, body?.file);
    if (!file) return reply;
    if (!file.startsWith('pages/')) return fail(reply, 400, { message: takeDownMessages.notAPage });
    return options.locked(async () => {
      const current = readContentFile(root, file);
      if (!current) return fail(reply, 404, { message: contentMessages.gone });
      if (current.version !== body?.version) return fail(reply, 409, { message: putBackMessages.changed });
      const page = parse(current.text) as { path?: string; title?: string; unpublished?: boolean } | null;
      if (!page?.path) return fail(reply, 422, { message: takeDownMessages.notAPage });
      if (!isTakenDown(page)) return fail(reply, 409, { message: takeDownMessages.notDown });
      const writes = new Map<string, string>();
      try {
        writes.set(file, putBackText(current.text));
        const redirects = readContentFile(root, REDIRECTS_FILE)?.text;
        if (redirects !== undefined) {
          const without = redirectsTextWithout(redirects, page.path);
          if (without !== redirects) writes.set(REDIRECTS_FILE, without);
        }
      } catch (error) {
        const refusal = refusalMessage(error);
        if (refusal) return fail(reply, 400, { message: refusal });
        throw error;
      }
      const problems = problemsAfterWrites(root, writes);
      if (problems.length)
        return fail(reply, 400, { message: putBackMessages.notSaved(problems.length), errors: problems });
      const { versions, committed: commit } = await writeTogether(root, writes, (files) =>
        options.history.commit(
          files,
          options.author(request),
          `Put back ${page.title ?? file} (${file}) at ${page.path}`,
        ),
      );
      return { version: versions.get(file), text: writes.get(file), commit };
    });
  });
}
