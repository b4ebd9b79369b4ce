/**
 * POST /take-down {file, version, to, aliasesTo?}: the page leaves the site and its address leads to
 * `to` (takeDown.ts says what changes). A page that also answers at other addresses (Customer
 * Support answers at /careers) hands each of them to the page named in `aliasesTo` (address → that
 * page's file), so the address keeps being served. One commit of every file it touched, checked
 * whole by the validator first; Publish then puts it live.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parse } from 'yaml';
import { isTakenDown } from '../../src/content/model.ts';
import { REDIRECTS_FILE } from '../../src/validator/redirectRules.ts';
import { contentMessages } from './api.ts';
import { readContentFile } from './contentStore.ts';
import {
  redirectsTextWith,
  takeDownMessages,
  takenDownText,
  withAliasText,
  withoutAliasesText,
} from './takeDown.ts';
import { problemsAfterWrites } from './validateWrite.ts';
import type { WriteRouteOptions } from './writeRouteOptions.ts';
import { refusalMessage, writeTogether } from './writeTogether.ts';

interface PageHead {
  path?: string;
  title?: string;
  aliases?: string[];
  unpublished?: boolean;
}

export function registerTakeDownRoute(app: FastifyInstance, options: WriteRouteOptions): void {
  const root = options.contentDir;
  const fail = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send(body);
  app.post('/take-down', async (request, reply) => {
    const body = request.body as
      | { file?: unknown; version?: unknown; to?: unknown; aliasesTo?: unknown }
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
      const page = parse(current.text) as PageHead | null;
      if (!page?.path) return fail(reply, 422, { message: takeDownMessages.notAPage });
      if (isTakenDown(page)) return fail(reply, 409, { message: takeDownMessages.alreadyDown });
      if (to === page.path) return fail(reply, 400, { message: takeDownMessages.toItself });
      const aliases = page.aliases ?? [];
      const writes = new Map<string, string>();
      // Each other address goes to the page chosen to answer at it.
      for (const alias of aliases) {
        const holder = aliasesTo[alias];
        if (holder === undefined) return fail(reply, 409, { message: takeDownMessages.aliases(aliases) });
        if (typeof holder !== 'string' || holder === file)
          return fail(reply, 400, { message: takeDownMessages.badHolder(alias) });
        const holderFile = options.fileFrom(reply, holder);
        if (!holderFile) return reply;
        const text = writes.get(holderFile) ?? readContentFile(root, holderFile)?.text;
        const holderPage = text === undefined ? null : (parse(text) as PageHead | null);
        if (
          !holderFile.startsWith('pages/') ||
          text === undefined ||
          !holderPage?.path ||
          isTakenDown(holderPage)
        )
          return fail(reply, 400, { message: takeDownMessages.badHolder(alias) });
        try {
          writes.set(holderFile, withAliasText(text, alias));
        } catch (error) {
          const refusal = refusalMessage(error);
          if (refusal) return fail(reply, 400, { message: refusal });
          throw error;
        }
      }
      let pageText: string;
      let redirectsText: string;
      try {
        pageText = takenDownText(aliases.length ? withoutAliasesText(current.text) : current.text);
        redirectsText = redirectsTextWith(readContentFile(root, REDIRECTS_FILE)?.text, page.path, to);
      } catch (error) {
        const refusal = refusalMessage(error);
        if (refusal) return fail(reply, 400, { message: refusal });
        throw error;
      }
      writes.set(file, pageText);
      writes.set(REDIRECTS_FILE, redirectsText);
      const problems = problemsAfterWrites(root, writes);
      if (problems.length)
        return fail(reply, 400, { message: takeDownMessages.notSaved(problems.length), errors: problems });
      const handedOver = aliases.map((alias) => `${alias} to ${aliasesTo[alias]}`).join(', ');
      const { versions, committed: commit } = await writeTogether(root, writes, () =>
        options.history.commit(
          [
            file,
            REDIRECTS_FILE,
            ...[...writes.keys()].filter((name) => name !== file && name !== REDIRECTS_FILE),
          ],
          options.author(request),
          `Take down ${page.title ?? file} (${file}): ${page.path} now leads to ${to}${handedOver ? `; ${handedOver}` : ''}`,
        ),
      );
      return {
        version: versions.get(file),
        text: pageText,
        commit,
        redirects: { version: versions.get(REDIRECTS_FILE), text: redirectsText },
      };
    });
  });
}
