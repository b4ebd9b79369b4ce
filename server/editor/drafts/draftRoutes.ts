/**
 * The drafts routes of the content API (server/editor/api.ts registers them):
 *
 *   GET  /drafts   {enabled, drafts: [{files: [{file, change}], by, at}], review: {required,
 *                  mayPublish}}: every unpublished draft,
 *                  newest first (enabled false: saves go straight to the content folder, as under
 *                  `npm run dev` or without git)
 *   POST /discard  {files} -> {files, commit}: the drafts holding these files return to what is
 *                  live, as one commit on the drafts branch
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Person } from '../history.ts';
import { type Drafts, draftMessages } from './drafts.ts';

/** The list of content files a request names, or undefined when it names none well. */
export function filesOf(body: unknown): string[] | undefined {
  const files = (body as { files?: unknown } | undefined)?.files;
  if (!Array.isArray(files) || files.length === 0 || files.length > 10_000) return undefined;
  return files.every((f): f is string => typeof f === 'string') ? files : undefined;
}

export const draftRouteMessages = {
  badFiles: 'The request does not say which pages: send {"files": ["pages/…yaml", …]}.',
};

export function registerDraftRoutes(
  app: FastifyInstance,
  drafts: Drafts | undefined,
  author: (request: FastifyRequest) => Person,
  /** Whether review is on, and whether this person may publish (review/reviewRoutes.ts). */
  review?: (request: FastifyRequest) => { required: boolean; mayPublish: boolean },
  /** After a discard: what the discarded files were waiting for (a review) is withdrawn. */
  discarded?: (files: readonly string[], by: Person) => Promise<void>,
): void {
  app.get('/drafts', async (request) => ({
    enabled: drafts !== undefined,
    drafts: drafts ? await drafts.groups() : [],
    review: review?.(request) ?? { required: false, mayPublish: true },
  }));
  app.post('/discard', async (request, reply) => {
    const files = filesOf(request.body);
    if (!files) return reply.code(400).send({ message: draftRouteMessages.badFiles });
    if (!drafts) return reply.code(404).send({ message: draftMessages.nothing });
    const done = await drafts.discard(files, author(request));
    if (!done.files.length) return reply.code(404).send({ message: draftMessages.nothing });
    await discarded?.(done.files, author(request));
    return done;
  });
}
