/**
 * Deleted pages and bringing one back (issue 35). A page deleted in the editor (Take down, Delete)
 * is a commit that removed its file; the history keeps its last text. The list names each deleted
 * page file not there now, with who deleted it and when; Restore writes its last text back, on the
 * site again (without `unpublished`), and removes the redirect from its address, as Put back does:
 * one commit, checked whole by the validator first. Like any change, it is a draft until published.
 *
 *   GET  /deleted                 {pages: [{file, commit, name, date, title, path}]}, newest first
 *   POST /restore-deleted {file, commit} -> {version, text, commit}
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parse } from 'yaml';
import { REDIRECTS_FILE } from '../../src/validator/redirectRules.ts';
import { readContentFile } from './contentStore.ts';
import type { ContentHistory } from './history.ts';
import { putBackText, redirectsTextWithout, withoutAliasesText } from './takeDown.ts';
import { problemsAfterWrites } from './validateWrite.ts';
import type { WriteRouteOptions } from './writeRouteOptions.ts';
import { writeTogether } from './writeTogether.ts';

export const deletedMessages = {
  unknown: 'That deleted page was not found in the history. Reload the list of deleted pages.',
  exists: 'A page with this file name is on the site again already. Open it from the list of pages.',
  notSaved: (n: number) =>
    `Not restored: the page would leave the content with ${n} problem${n === 1 ? '' : 's'} (another page may use its address now).`,
};

export interface DeletedPage {
  file: string;
  /** The commit that deleted it. */
  commit: string;
  name: string;
  date: string;
  /** Its title and address when it was deleted. */
  title: string;
  path: string;
}

const SEP = '\x1f';

/** The page files deleted in the history of `root` and not there now, newest deletion first. */
export async function deletedPages(
  root: string,
  history: ContentHistory,
  limit = 200,
): Promise<DeletedPage[]> {
  if (!(await history.enabled())) return [];
  const out = await history
    .raw([
      'log',
      '-n2000',
      '--diff-filter=D',
      '--name-only',
      '--relative',
      `--format=${SEP}%H${SEP}%an${SEP}%aI`,
      '--',
      'pages',
    ])
    .catch(() => '');
  const found: Omit<DeletedPage, 'title' | 'path'>[] = [];
  const seen = new Set<string>();
  let commit: { commit: string; name: string; date: string } | undefined;
  for (const line of out.split('\n')) {
    if (line.startsWith(SEP)) {
      const [, id = '', name = '', date = ''] = line.split(SEP);
      commit = { commit: id, name, date };
    } else if (line.endsWith('.yaml') && commit && !seen.has(line)) {
      seen.add(line);
      if (!existsSync(path.join(root, line))) found.push({ file: line, ...commit });
    }
  }
  const listed = found.slice(0, limit);
  const texts = await Promise.all(listed.map((d) => history.textsAt(d.file, [`${d.commit}^`])));
  return listed.map((d, i) => {
    const data = (() => {
      try {
        return parse(texts[i]?.[0] ?? '') as { title?: unknown; path?: unknown } | null;
      } catch {
        return null;
      }
    })();
    return {
      ...d,
      title: typeof data?.title === 'string' ? data.title : d.file,
      path: typeof data?.path === 'string' ? data.path : '',
    };
  });
}

export function registerDeletedRoutes(app: FastifyInstance, options: WriteRouteOptions): void {
  const root = options.contentDir;
  const fail = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send(body);
  app.get('/deleted', async () => ({ pages: await deletedPages(root, options.history) }));
  app.post('/restore-deleted', async (request, reply) => {
    const body = request.body as { file?: unknown; commit?: unknown } | undefined;
    const file = options.fileFrom(reply, body?.file);
    if (!file) return reply;
    const commit =
      typeof body?.commit === 'string' && /^[0-9a-f]{7,40}$/i.test(body.commit) ? body.commit : '';
    if (!commit || !file.startsWith('pages/')) return fail(reply, 404, { message: deletedMessages.unknown });
    const [last] = await options.history.textsAt(file, [`${commit}^`]);
    if (last === undefined) return fail(reply, 404, { message: deletedMessages.unknown });
    return options.locked(async () => {
      if (readContentFile(root, file)) return fail(reply, 409, { message: deletedMessages.exists });
      const page = parse(last) as { path?: unknown; title?: unknown } | null;
      // Its other addresses were handed to other pages when it was deleted: they stay there.
      const text = putBackText(withoutAliasesText(last));
      const writes = new Map<string, string | undefined>([[file, text]]);
      const redirects = readContentFile(root, REDIRECTS_FILE)?.text;
      if (redirects !== undefined && typeof page?.path === 'string')
        writes.set(REDIRECTS_FILE, redirectsTextWithout(redirects, page.path));
      const problems = problemsAfterWrites(root, writes);
      if (problems.length)
        return fail(reply, 400, { message: deletedMessages.notSaved(problems.length), errors: problems });
      const title = typeof page?.title === 'string' ? page.title : file;
      const { versions, committed } = await writeTogether(root, writes, () =>
        options.history.commit(
          [...writes.keys()],
          options.author(request),
          `Restore ${title} (${file}), deleted in ${commit.slice(0, 7)}`,
        ),
      );
      return { version: versions.get(file), text, commit: committed };
    });
  });
}
