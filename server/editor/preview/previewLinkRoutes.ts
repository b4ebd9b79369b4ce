/**
 * The preview links' routes of the content API (server/editor/api.ts registers them; anyone who
 * may edit the page may share it):
 *
 *   GET  /preview-links?file=      {links}: the page's links that still work, newest first
 *   POST /preview-links            {file, days?, reviewer?} -> 201 {link, address}: a new link
 *                                  (with review on, for `reviewer` to approve from), working for
 *                                  `days` days (7 unless asked; 1 to 30); its address is shown
 *                                  once, here, and never again (only its hash is kept)
 *   POST /preview-links/revoke     {file, id} -> {link}: the page's link stops working at once
 *                                  (410 afterwards)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Person } from '../history.ts';
import { PREVIEW_DAYS, type PreviewLinks } from './previewLinks.ts';
import { PREVIEW_PAGE } from './previewRoutes.ts';

export const previewLinkMessages = {
  badDays: `Choose how long the link works: a whole number of days from ${PREVIEW_DAYS.min} to ${PREVIEW_DAYS.max}.`,
  noPage: 'This page is not saved yet: save it first, then share a preview.',
  badId: 'The request does not say which link: send {"id": <number>}.',
  notRevoked: 'This link had already stopped working (revoked or expired).',
  reviewerOff: 'Review is off on this site: a preview link is for looking only, so it names no reviewer.',
  reviewerTooLong: 'The reviewer’s name is too long: keep it under 80 characters.',
};

export interface PreviewLinkRouteOptions {
  links: PreviewLinks;
  author: (request: FastifyRequest) => Person;
  /** The file the request names, checked as any content file (else answers 400 and is undefined). */
  fileFrom: (reply: FastifyReply, file: unknown) => string | undefined;
  /** Whether the editor's folder holds `file`. */
  exists: (file: string) => boolean;
  /** Review is on: a link may name who reviews it (Approve and Request changes, by that name). */
  reviewRequired: boolean;
}

export function registerPreviewLinkRoutes(app: FastifyInstance, options: PreviewLinkRouteOptions): void {
  const { links, author, fileFrom, exists, reviewRequired } = options;
  app.get('/preview-links', async (request, reply) => {
    const file = fileFrom(reply, (request.query as { file?: unknown }).file);
    if (!file) return reply;
    return { links: await links.ofFile(file) };
  });
  app.post('/preview-links', async (request, reply) => {
    const body = (request.body ?? {}) as { file?: unknown; days?: unknown; reviewer?: unknown };
    const file = fileFrom(reply, body.file);
    if (!file) return reply;
    const days = body.days ?? PREVIEW_DAYS.default;
    if (!Number.isInteger(days) || (days as number) < PREVIEW_DAYS.min || (days as number) > PREVIEW_DAYS.max)
      return reply.code(400).send({ message: previewLinkMessages.badDays });
    const reviewer = typeof body.reviewer === 'string' && body.reviewer.trim() ? body.reviewer.trim() : null;
    if (reviewer && !reviewRequired)
      return reply.code(400).send({ message: previewLinkMessages.reviewerOff });
    if (reviewer && reviewer.length > 80)
      return reply.code(400).send({ message: previewLinkMessages.reviewerTooLong });
    if (!exists(file)) return reply.code(404).send({ message: previewLinkMessages.noPage });
    const { token, ...link } = await links.make(file, author(request), days as number, reviewer);
    return reply.code(201).send({ link, address: `${PREVIEW_PAGE}/${token}` });
  });
  app.post('/preview-links/revoke', async (request, reply) => {
    const body = (request.body ?? {}) as { id?: unknown; file?: unknown };
    if (!Number.isInteger(body.id)) return reply.code(400).send({ message: previewLinkMessages.badId });
    const file = fileFrom(reply, body.file);
    if (!file) return reply;
    // A link is revoked from its page's dialog: the page it names must be that page.
    const link = await links.revoke(body.id as number, file, author(request));
    if (!link) return reply.code(404).send({ message: previewLinkMessages.notRevoked });
    return { link };
  });
}
