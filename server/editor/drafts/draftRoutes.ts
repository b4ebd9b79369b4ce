/**
 * The drafts routes of the content API (server/editor/api.ts registers them):
 *
 *   GET  /drafts   {enabled, drafts: [{files: [{file, change}], by, at}], review: {required,
 *                  mayPublish}}: every unpublished draft,
 *                  newest first (enabled false: saves go straight to the content folder, as under
 *                  `npm run dev` or without git)
 *   POST /discard  {files} -> {files, commit}: the drafts holding these files return to what is
 *                  live, as one commit on the drafts branch
 *   POST /take-in-live  {keepDraft: {file: [field key]}} -> {clashes, drafts}: takes in a commit
 *                  the live branch has (a developer's) whose fields a draft also changed: the draft's
 *                  words where named, the live words for the rest (`clashes` of GET /drafts)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Person } from '../history.ts';
import { type Drafts, draftMessages } from './drafts.ts';
import type { KeepDraft } from './fieldMerge.ts';

/** The list of content files a request names, or undefined when it names none well. */
export function filesOf(body: unknown): string[] | undefined {
  const files = (body as { files?: unknown } | undefined)?.files;
  if (!Array.isArray(files) || files.length === 0 || files.length > 10_000) return undefined;
  return files.every((f): f is string => typeof f === 'string') ? files : undefined;
}

export const draftRouteMessages = {
  badFiles: 'The request does not say which pages: send {"files": ["pages/…yaml", …]}.',
  badChoices:
    'The request does not say which words to keep: send {"keepDraft": {"pages/…yaml": ["<field key>", …]}} (an empty object keeps the live words).',
};

/** The draft's words chosen per file (`keepDraft`), or undefined when the body is not that. */
function keepDraftOf(body: unknown): KeepDraft | undefined {
  const keep = (body as { keepDraft?: unknown } | undefined)?.keepDraft;
  if (typeof keep !== 'object' || keep === null || Array.isArray(keep)) return undefined;
  const out: KeepDraft = {};
  for (const [file, keys] of Object.entries(keep)) {
    if (!Array.isArray(keys) || !keys.every((k): k is string => typeof k === 'string')) return undefined;
    out[file] = keys;
  }
  return out;
}

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
    // Fields a commit on the live branch and a draft both changed: a person chooses the words.
    clashes: drafts?.clashesWaiting ?? [],
  }));
  app.post('/take-in-live', async (request, reply) => {
    if (!drafts) return reply.code(404).send({ message: draftMessages.nothing });
    const keepDraft = keepDraftOf(request.body);
    if (!keepDraft) return reply.code(400).send({ message: draftRouteMessages.badChoices });
    await drafts.groups();
    return { clashes: await drafts.takeInLive(keepDraft), drafts: await drafts.groups() };
  });
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
