/**
 * What a preview link opens, without an account (previewLinks.ts makes the links):
 *
 *   GET /preview/<link>                    the page: the staff app's shell, which draws the draft
 *                                          read-only under "Draft, not published"
 *   GET <api>/preview/<link>               {file, madeBy, expiresAt, site}: the live site's files
 *                                          with this one page's draft in place of its live text, so
 *                                          menus and cards show what Publish this page would give
 *   GET <api>/preview/<link>/images/<p>    a picture of the drafts (one uploaded with the draft)
 *   POST <api>/preview/<link>/decision     {decision: approve | changes, comment?}: with review
 *                                          on, the reviewer the link names decides, by name
 *
 * A link that expired or was revoked answers 410 Gone, saying which and when; one that never
 * existed, 404. Every answer is `noindex` (header and meta tag) and never cached: a preview is
 * not part of the site, and a revoked link must stop showing the draft at once. The page sends no
 * Referer, so the link in its address does not travel with a click on a link inside the draft.
 * The other pages' drafts are never sent: a link shows its own page and nothing else unpublished.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminAssetsOf, appShell } from '../../admin/page.ts';
import { escapeHtml } from '../../notify/compose.ts';
import { sameOrigin } from '../../staff/guard.ts';
import { adminMessages } from '../../staff/messages.ts';
import { type ImageInfo, listImages, readContentFile } from '../contentStore.ts';
import { registerImageServe } from '../imageServe.ts';
import type { Reviews } from '../review/reviews.ts';
import { dateTimeIn, siteTimeZone } from '../schedules/dueSchedules.ts';
import { readSiteFiles } from '../siteFiles.ts';
import type { PreviewLink, PreviewLinks } from './previewLinks.ts';

export const PREVIEW_PAGE = '/preview';

export const previewWords = {
  title: 'Draft, not published',
  loading: 'Loading the draft…',
  unknown: 'There is no preview at this address. Check that the whole link was copied.',
  goneTitle: 'This preview link no longer works',
  expired: (when: string) => `It expired on ${when}.`,
  revoked: (who: string, when: string) => `${who} revoked it on ${when}.`,
  askAgain: 'Ask the person who sent it for a new link.',
  pageGone: 'The page of this preview no longer exists: it may have been deleted.',
  noPicture: 'This preview shows no such picture.',
  lookOnly: 'This link is for looking only: it names nobody to approve the change.',
  badDecision: 'Send {"decision": "approve"} or {"decision": "changes", "comment": "…"}.',
  commentNeeded: 'Say what should change: your comment is what the editor sees.',
  recorded: (who: string, approve: boolean) =>
    approve
      ? `Thank you, ${who}: your approval is recorded. A publisher puts the page live.`
      : `Thank you, ${who}: your request for changes is recorded and the editor sees it.`,
};

export interface PreviewRouteOptions {
  links: PreviewLinks;
  /** The published content (main): every page but the previewed one is shown as it is live. */
  liveDir: string;
  /** The drafts (the editor's folder): the previewed page's text, and its pictures. */
  draftsDir: string;
  /** Where the API lives (the site's /backend/api). */
  apiPrefix: string;
  clientDir?: string;
  /** Review before publishing: a link naming a reviewer carries their Approve / Request changes. */
  reviews?: Reviews;
  reviewRequired?: boolean;
}

/** A page taken down (unpublished: true): not shown to a link's reader. */
const TAKEN_DOWN = /^unpublished:\s*true\s*$/m;

const NO_STORE = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

export function registerPreviewRoutes(app: FastifyInstance, options: PreviewRouteOptions): void {
  const { links, liveDir, draftsDir, apiPrefix } = options;
  const assets = adminAssetsOf(app, options.clientDir);
  const apiOf = (token: string) => `${apiPrefix}/preview/${token}`;
  /** The pictures a link shows: those of the live site, and those its page's draft names. */
  const picturesOf = (link: PreviewLink): ImageInfo[] => {
    const live = listImages(liveDir);
    const text = readContentFile(draftsDir, link.file)?.text ?? '';
    const known = new Set(live.map((p) => p.path));
    return [...live, ...listImages(draftsDir).filter((p) => !known.has(p.path) && text.includes(p.path))];
  };

  /** Why `link` stopped working, in words. */
  const goneWords = (state: 'expired' | 'revoked', link: PreviewLink): string => {
    const zone = siteTimeZone(liveDir);
    return state === 'expired'
      ? previewWords.expired(dateTimeIn(zone, link.expiresAt))
      : previewWords.revoked(link.revokedBy ?? 'Someone', dateTimeIn(zone, link.revokedAt ?? link.expiresAt));
  };

  const page = (reply: FastifyReply, status: number, title: string, body: string, api?: string) =>
    reply
      .code(status)
      .headers(NO_STORE)
      .type('text/html; charset=utf-8')
      .send(
        appShell({
          title,
          body,
          assets: assets(),
          ...(api && { meta: { name: 'preview-api', content: api } }),
        }),
      );

  app.get(`${PREVIEW_PAGE}/:token`, async (request, reply) => {
    const { token } = request.params as { token: string };
    const found = await links.open(token);
    if (found.state === 'unknown')
      return page(
        reply,
        404,
        previewWords.title,
        `<main class="app"><h1>${previewWords.title}</h1><p>${previewWords.unknown}</p></main>`,
      );
    if (found.state !== 'open')
      return page(
        reply,
        410,
        previewWords.goneTitle,
        `<main class="app"><h1>${previewWords.goneTitle}</h1><p>${escapeHtml(goneWords(found.state, found.link))}</p><p>${previewWords.askAgain}</p></main>`,
      );
    return page(
      reply,
      200,
      previewWords.title,
      `<div id="app"><main class="app"><p>${previewWords.loading}</p></main></div>`,
      apiOf(token),
    );
  });

  // The data and pictures: every request proves its link first.
  const opened = new WeakMap<object, PreviewLink>();
  app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        reply.headers(NO_STORE);
        const { token } = request.params as { token: string };
        const found = await links.open(token);
        if (found.state === 'unknown') return reply.code(404).send({ message: previewWords.unknown });
        if (found.state !== 'open')
          return reply
            .code(410)
            .send({ message: `${goneWords(found.state, found.link)} ${previewWords.askAgain}` });
        opened.set(request, found.link);
      });
      api.get('/', async (request, reply) => {
        const link = opened.get(request);
        if (!link) return reply.code(404).send({ message: previewWords.unknown });
        const draft = readContentFile(draftsDir, link.file);
        if (!draft) return reply.code(404).send({ message: previewWords.pageGone });
        const { files } = readSiteFiles(liveDir);
        // What visitors see, and this page's draft: no page taken down (its words are not public).
        for (const [file, state] of Object.entries(files))
          if (file !== link.file && TAKEN_DOWN.test(state.text)) delete files[file];
        files[link.file] = draft;
        const reviewer = options.reviewRequired && options.reviews ? link.reviewer : null;
        return {
          file: link.file,
          madeBy: link.madeBy,
          expiresAt: link.expiresAt,
          live: readContentFile(liveDir, link.file) !== undefined,
          site: { files, images: picturesOf(link) },
          review: reviewer
            ? { reviewer, decisions: await options.reviews?.linkDecisions(link.file, reviewer) }
            : null,
        };
      });
      // The named reviewer's decision: recorded by their name; it publishes nothing.
      // (A few a minute per address: a reviewer decides once or twice, nobody needs a thousand.)
      api.post(
        '/decision',
        { bodyLimit: 8 * 1024, config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
        async (request, reply) => {
          const link = opened.get(request);
          if (!link) return reply.code(404).send({ message: previewWords.unknown });
          if (!sameOrigin(request)) return reply.code(403).send({ message: adminMessages.origin });
          const reviews = options.reviewRequired ? options.reviews : undefined;
          if (!reviews || !link.reviewer) return reply.code(403).send({ message: previewWords.lookOnly });
          const body = (request.body ?? {}) as { decision?: unknown; comment?: unknown };
          if (body.decision !== 'approve' && body.decision !== 'changes')
            return reply.code(400).send({ message: previewWords.badDecision });
          const comment =
            typeof body.comment === 'string' && body.comment.trim()
              ? body.comment.trim().slice(0, 2000)
              : null;
          const approve = body.decision === 'approve';
          if (!approve && !comment) return reply.code(400).send({ message: previewWords.commentNeeded });
          await reviews.fromLink(link.file, link.reviewer, approve, comment, link.madeBy);
          return reply.code(201).send({ message: previewWords.recorded(link.reviewer, approve) });
        },
      );
      // The pictures it may show, and only those: never another page's unpublished upload. Never
      // stored by anyone, as the page itself.
      api.addHook('preHandler', async (request, reply) => {
        const link = opened.get(request);
        const wanted = (request.params as { '*'?: string })['*'];
        if (link && wanted !== undefined && !picturesOf(link).some((p) => p.path === `/images/${wanted}`))
          return reply.code(404).send({ message: previewWords.noPicture });
      });
      api.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      registerImageServe(api, draftsDir);
    },
    { prefix: `${apiPrefix}/preview/:token` },
  );
}
