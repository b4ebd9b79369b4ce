/**
 * POST /move {file, version, to}: Change address (move.ts says what the change is). In the content
 * API's write queue, checked whole by the validator, written, and committed as one commit naming
 * every file it touched. Answers the page's new file, version and text, and the files whose links
 * it updated.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parse } from 'yaml';
import { isTakenDown } from '../../src/content/model.ts';
import { SITE_SETTINGS_FILE } from '../../src/content/pictureUse.ts';
import { fileOfPath } from '../../src/validator/pageRules.ts';
import { REDIRECTS_FILE } from '../../src/validator/redirectRules.ts';
import { contentMessages } from './api.ts';
import { listPageFiles, readContentFile } from './contentStore.ts';
import { addressProblem, movedPageText, moveMessages, relinkedText } from './move.ts';
import { redirectsTextWith } from './takeDown.ts';
import { problemsAfterWrites } from './validateWrite.ts';
import type { WriteRouteOptions } from './writeRouteOptions.ts';
import { refusalMessage, writeTogether } from './writeTogether.ts';

/** Addresses the site's frame depends on: they never move. */
const FIXED = new Set(['/', '/404']);

/** The page that answers at `address` as one of its other addresses (aliases), if any. */
function aliasHolder(root: string, address: string): string | undefined {
  return listPageFiles(root).find((file) => {
    try {
      const aliases = (parse(readContentFile(root, file)?.text ?? '') as { aliases?: unknown } | null)
        ?.aliases;
      return Array.isArray(aliases) && aliases.includes(address);
    } catch {
      return false;
    }
  });
}

export function registerMoveRoute(app: FastifyInstance, options: WriteRouteOptions): void {
  const root = options.contentDir;
  const fail = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send(body);
  app.post('/move', async (request, reply) => {
    const body = request.body as { file?: unknown; version?: unknown; to?: unknown } | undefined;
    const file = options.fileFrom(reply, body?.file);
    if (!file) return reply;
    if (!file.startsWith('pages/')) return fail(reply, 400, { message: moveMessages.notAPage });
    const to = typeof body?.to === 'string' ? body.to.trim().replace(/(.)\/+$/, '$1') : '';
    const badAddress = addressProblem(to);
    if (badAddress) return fail(reply, 400, { message: badAddress });
    return options.locked(async () => {
      const current = readContentFile(root, file);
      if (!current) return fail(reply, 404, { message: contentMessages.gone });
      if (current.version !== body?.version) return fail(reply, 409, { message: moveMessages.changed });
      const page = parse(current.text) as {
        path?: string;
        title?: string;
        aliases?: string[];
        unpublished?: boolean;
      } | null;
      const from = page?.path;
      if (!from) return fail(reply, 422, { message: moveMessages.notAPage });
      if (FIXED.has(from)) return fail(reply, 400, { message: moveMessages.fixed });
      if (isTakenDown(page)) return fail(reply, 409, { message: moveMessages.takenDown });
      if (to === from) return fail(reply, 400, { message: moveMessages.same });
      if (page?.aliases?.includes(to)) return fail(reply, 409, { message: moveMessages.ownAlias(to) });
      let target: string;
      const writes = new Map<string, string | undefined>();
      const relinked: string[] = [];
      try {
        target = fileOfPath(to);
        if (readContentFile(root, target) || aliasHolder(root, to))
          return fail(reply, 409, { message: moveMessages.taken(to) });

        // The whole change: the page at its new file, the redirect, and every link to the old address.
        const moved = movedPageText(current.text, to);
        writes.set(file, undefined);
        writes.set(target, relinkedText(moved, from, to) ?? moved);
        const redirectsText = redirectsTextWith(readContentFile(root, REDIRECTS_FILE)?.text, from, to);
        writes.set(REDIRECTS_FILE, redirectsText);
        for (const other of [SITE_SETTINGS_FILE, ...listPageFiles(root)]) {
          if (other === file) continue;
          const text = readContentFile(root, other)?.text;
          const next = text === undefined ? undefined : relinkedText(text, from, to);
          if (next === undefined) continue;
          writes.set(other, next);
          relinked.push(other);
        }
      } catch (error) {
        const refusal = refusalMessage(error);
        if (refusal) return fail(reply, 400, { message: refusal });
        throw error;
      }
      const problems = problemsAfterWrites(root, writes);
      if (problems.length)
        return fail(reply, 400, { message: moveMessages.notSaved(problems.length), errors: problems });

      const title = page?.title ?? file;
      const links = relinked.length ? `, links updated in ${relinked.join(', ')}` : '';
      const { versions, committed } = await writeTogether(root, writes, (files) =>
        options.history.commit(
          files,
          options.author(request),
          `Move ${title} from ${from} to ${to} (${file} → ${target})${links}`,
        ),
      );
      const version = versions.get(target);
      const commit = committed;
      return { file: target, path: to, version, text: writes.get(target), commit, relinked };
    });
  });
}
