/**
 * The content API of the visual editor (for operators: README, "Page edits from the staff area"): read the
 * site's files, save a page (validated, minimal-diff, atomic, committed to git when the content
 * folder is a repository), browse and restore versions, upload pictures and publish.
 * Every route runs behind `guard` (a session with role content or admin, CSRF on writes).
 *
 *   GET  /site      every file's text and version, the pictures, whether history is on, the
 *                   files that cannot be opened (problems: {file, message}), and the text of
 *                   redirects.yaml (`redirects`, null without the file; listed, not edited here)
 *   GET  /releases  the latest Publishes: who, when, how each ended, the content and code it put live
 *   GET  /pages     each page's kind, address, aliases, title, name, the block types it may hold,
 *                   last change (and problem, if it has one): src/content/pageEntry.ts
 *   PUT  /file      {file, version, data, base?, keepMine?, seen?, copyOf?} -> {version, text, commit}
 *                   (on an older version: merged field by field with base, conflict.ts; 409 its report
 *                   when both changed a field; keepMine: the fields decided for mine when `seen`)
 *                   (copyOf: a new page's template, another page file, written from its text)
 *   GET  /history   ?file= -> {enabled, message?, versions} (for site.yaml each version has `keys`,
 *                   the top-level keys it changed, so Site settings lists them per section)
 *   GET  /version   ?file=&commit= -> {text}
 *   POST /restore   {file, commit, version} -> {version, text, commit}
 *   POST /take-down {file, version, to} -> {version, text, commit, redirects: {version, text}}: the
 *                   page leaves the site and its address leads to `to` (takeDown.ts), one commit
 *   POST /images    multipart kind, page, file -> 201 {path, width, height, commit}
 *   GET  /images/<path>     the picture as it is in the content folder (not yet published too)
 *   DELETE /images/<path>   -> {path, commit}; 409 {message, usedBy} while a page names it
 *   GET  /publish, POST /publish {files?}: the drafts holding `files` (else every draft) go live
 *   GET  /drafts, POST /discard (drafts/draftRoutes.ts); /pages gives each page's `draft` too
 *   GET  /deleted, POST /restore-deleted (deletedPages.ts); POST /take-down {delete: true} deletes
 *   GET/POST /preview-links, POST /preview-links/revoke (preview/previewLinkRoutes.ts)
 *   GET  /activity  the publish log: Publishes, review steps, preview links made and revoked
 *   GET/POST /reviews, GET /reviews/:id/changes, POST /reviews/:id/approve, /request-changes and
 *                   /withdraw (review/reviewRoutes.ts); /pages gives each page's `review`
 *                   (review/reviewRoutes.ts pageReviews: src/admin/content/reviewTypes.ts's PageReview)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { parse, stringify } from 'yaml';
import { readSchemaFiles } from '../../node/schemaFiles.ts';
import type { PageReview } from '../../src/admin/content/reviewTypes.ts';
import { pageEntryOf, parsedPage } from '../../src/content/pageEntry.ts';
import { uploadFolderOf } from '../../src/content/pictureUse.ts';
import { REDIRECTS_FILE } from '../../src/validator/redirectRules.ts';
import { HttpError } from '../api/context.ts';
import type { Db } from '../storage/db.ts';
import { registerActivityRoute } from './activityLog.ts';
import { withChangedKeys } from './changedKeys.ts';
import { commitMessage, describeSave } from './changeSummary.ts';
import { conflictReport, type Decisions, mergeOrReport } from './conflict.ts';
import { ContentPathError, resolveContentFile } from './contentPath.ts';
import { listImages, readContentFile, versionOf, writeContentFile } from './contentStore.ts';
import { registerDeletedRoutes } from './deletedPages.ts';
import type { DraftFile, DraftGroup } from './drafts/draftChanges.ts';
import { registerDraftRoutes } from './drafts/draftRoutes.ts';
import type { Drafts } from './drafts/drafts.ts';
import { textProblem } from './fileProblems.ts';
import { ContentHistory, HISTORY_OFF_MESSAGE, type Person } from './history.ts';
import { registerImageRoutes } from './images.ts';
import { registerMoveRoute } from './moveRoute.ts';
import { registerPreviewLinkRoutes } from './preview/previewLinkRoutes.ts';
import type { PreviewLinks } from './preview/previewLinks.ts';
import { type Publisher, registerPublishRoutes } from './publish.ts';
import { registerPutBackRoute } from './putBackRoute.ts';
import type { ReleaseLog } from './releaseLog.ts';
import {
  nameOfFile,
  pageReviews,
  registerReviewRoutes,
  reviewFlags,
  reviewRouteMessages,
} from './review/reviewRoutes.ts';
import type { Reviews } from './review/reviews.ts';
import { SharedRepository, SharedRepositoryError } from './sharedRepository.ts';
import { readSiteFiles } from './siteFiles.ts';
import { siteProblem } from './siteProblem.ts';
import { registerTakeDownRoute } from './takeDownRoute.ts';
import { problemsAfterWrite } from './validateWrite.ts';
import type { Json } from './yaml/json.ts';
import { writeYaml, YamlWriteError } from './yaml/writeYaml.ts';

export interface ContentApiOptions {
  /** The content root: site.yaml, pages/, public/images. */
  contentDir: string;
  /**
   * Runs on every request as soon as its headers arrive (an onRequest hook, before the body is
   * read): signed in with role content or admin, and the CSRF check on writes.
   */
  guard: onRequestHookHandler | onRequestHookHandler[];
  /** Who is saving, for the commit author. */
  author: (request: FastifyRequest) => Person;
  /** Rebuilds and switches the served site (npm start); omitted in development. */
  publisher?: Publisher;
  /** The log of every Publish (GET /releases); omitted where no database is at hand. */
  releaseLog?: ReleaseLog;
  /** The content folder as a clone of a repository the instances share (CONTENT_REMOTE). */
  shared?: SharedRepository;
  /**
   * Drafts (npm start with a git content folder): `contentDir` is then the drafts worktree, and
   * Publish takes drafts live (drafts/drafts.ts). Absent: every save is in the content folder the
   * next Publish builds.
   */
  drafts?: Drafts;
  /** Preview links (preview/previewLinks.ts); omitted where no database is at hand. */
  previews?: PreviewLinks;
  /** The published content (main), when `contentDir` is the drafts; the preview links read it. */
  liveDir?: string;
  /** Review before publishing (review/reviews.ts); with drafts only. */
  reviews?: Reviews;
  /** CONTENT_REVIEW=on: content accounts submit for review, publishers publish. */
  reviewRequired?: boolean;
  /** The database the instances share: GET /activity reads the publish log from it. */
  store?: Db;
}

export const contentMessages = {
  badBody: 'The request is missing the file, version or data.',
  exists: 'A page with this file name already exists. Choose another name.',
  gone: 'This file no longer exists; it may have been deleted by someone else.',
  unknownVersion: 'That version of the file was not found in the history.',
  noTemplate: 'The page this one is a copy of no longer exists. Reload the page list and try again.',
  notSaved: (n: number) =>
    `Not saved: the content has ${n} problem${n === 1 ? '' : 's'}. Fix ${n === 1 ? 'it' : 'them'} and save again.`,
};

function titleOf(text: string): string | undefined {
  try {
    const data = parse(text) as { title?: unknown } | null;
    return typeof data?.title === 'string' ? data.title : undefined;
  } catch {
    return undefined;
  }
}

/** A page's draft in the page list: what changed, by whom and when, and how many other files share it. */
interface PageDraft extends Pick<DraftGroup, 'by' | 'at'> {
  change: DraftFile['change'];
  with: number;
}

const SCHEMA_LINE = /^# yaml-language-server: \$schema=.*$/m;

/**
 * A new page's text. With a template (the page it is a copy of), the template's text with the new
 * values written in (writeYaml), so its comments and layout stay and only what changed differs;
 * without one, the data alone. Either way the first line is the editor's schema line, its path
 * counted from the new file's folder (the copy may live at another depth than its template).
 */
function newFileText(file: string, data: Json, template?: string): string {
  const depth = file.split('/').length - 1;
  const line = `# yaml-language-server: $schema=${'../'.repeat(depth)}schema/page.schema.json`;
  if (template !== undefined) {
    const text = writeYaml(template, data);
    return SCHEMA_LINE.test(text) ? text.replace(SCHEMA_LINE, line) : `${line}\n${text}`;
  }
  return `${line}\n${stringify(data, { lineWidth: 0 })}`;
}

/**
 * The commit message of a save: what changed, by the form's labels (changeSummary.ts). `action`
 * is Edit or Create, or for a restore the version it brings back ("the version of … by …").
 */
function messageFor(action: string, file: string, before: string | undefined, text: string): string {
  try {
    const restored = action === 'Edit' || action === 'Create' ? undefined : action;
    return commitMessage(describeSave(file, before, text, restored));
  } catch {
    // Text the summary cannot read (the validator let it through): the plain subject of old.
    const name = file === 'site.yaml' ? 'site settings' : (titleOf(text) ?? file);
    return `${action} ${name} (${file})`;
  }
}

/** The user's field-by-field decisions of a conflict, when the body holds well-formed ones. */
function decisionsOf(body: { keepMine?: unknown; seen?: unknown }): Decisions | undefined {
  const { keepMine, seen } = body;
  if (typeof seen !== 'string' || !Array.isArray(keepMine)) return undefined;
  return { seen, keepMine: keepMine.filter((k): k is string => typeof k === 'string') };
}

export async function registerContentApi(app: FastifyInstance, options: ContentApiOptions): Promise<void> {
  const root = options.contentDir;
  const history = new ContentHistory(root);
  // One write at a time, so a version check and its write cannot interleave with another save; with
  // a shared repository (CONTENT_REMOTE), each write is also pushed, and made again on top of another
  // instance's when that one pushed first (sharedRepository.ts).
  const repository = options.shared ?? new SharedRepository({ root });
  const locked = <T>(write: () => Promise<T>): Promise<T> =>
    repository.write(write).catch((error: unknown) => {
      // The server answers an HttpError with its status and words (server/app.ts); any other
      // error would become a bare 500.
      if (error instanceof SharedRepositoryError) throw new HttpError(503, error.message);
      throw error;
    });
  /**
   * Reads list what the shared repository holds (fetched first); when it cannot be reached, what
   * this instance's clone holds (a save then says why it cannot be made).
   */
  const caughtUp = () => repository.catchUp().catch(() => undefined);
  // Each guard runs in turn (async or callback style) and the first answer stops the request, as
  // soon as it arrives: a request without a session is refused before its body (an upload of up
  // to 10 MB) is read.
  for (const guard of [options.guard].flat()) app.addHook('onRequest', guard);
  // A request refused before its body was read ends its connection with the answer, so the server
  // does not go on receiving (and throwing away) the rest of a large upload. Not one that came
  // through the site's trusted proxy (nginx, which has the whole body already and sends it at
  // once over a local connection): a connection closed under nginx while it writes counts as a
  // failed instance, and an anonymous 8 MB post would take the instance out of rotation
  // (deploy/nginx.conf, max_fails=1). That body is read to its end and thrown away instead.
  app.addHook('onSend', async (request, reply, payload) => {
    const viaTrustedProxy = request.ip !== request.socket.remoteAddress;
    if (reply.statusCode >= 400 && !request.raw.complete && !viaTrustedProxy)
      reply.header('connection', 'close');
    return payload;
  });

  const fail = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send(body);
  const fileFrom = (reply: FastifyReply, file: unknown): string | undefined => {
    try {
      resolveContentFile(root, file);
      return file as string;
    } catch (error) {
      if (error instanceof ContentPathError) fail(reply, 400, { message: error.message });
      else throw error;
      return undefined;
    }
  };
  const historyState = async () =>
    (await history.enabled()) ? { enabled: true } : { enabled: false, message: HISTORY_OFF_MESSAGE };

  const readFiles = () => readSiteFiles(root);

  /**
   * redirects.yaml's text, for the editor's list of redirects and for its checks as the user types
   * (a link to an old address is not broken); null without the file, or when it is a link.
   */
  const readRedirects = (): string | null => {
    try {
      return readContentFile(root, REDIRECTS_FILE)?.text ?? null;
    } catch (error) {
      if (error instanceof ContentPathError) return null;
      throw error;
    }
  };

  /** Each file with unpublished changes: what changed, by whom, when (none without drafts). */
  const draftStates = async (): Promise<Map<string, PageDraft>> => {
    const states = new Map<string, PageDraft>();
    for (const group of options.drafts ? await options.drafts.groups() : [])
      for (const { file, change } of group.files)
        states.set(file, { change, by: group.by, at: group.at, with: group.files.length - 1 });
    return states;
  };

  /** Each file's review as its page tells of it to the person asking (review/reviewRoutes.ts). */
  const reviewStates = async (request: FastifyRequest): Promise<Map<string, PageReview>> =>
    options.drafts && options.reviews
      ? pageReviews(
          options.reviews,
          { draftsDir: root, liveDir: options.liveDir ?? root },
          { person: options.author(request), role: request.staff?.role },
        )
      : new Map();

  app.get('/site', async () => {
    await caughtUp();
    const { files, problems } = readFiles();
    return {
      files,
      problems,
      images: listImages(root),
      history: await historyState(),
      redirects: readRedirects(),
    };
  });

  // Which block types each kind of page may hold: declared by the block schemas, which change only
  // with the code.
  const schemas = readSchemaFiles();
  app.get('/pages', async (request) => {
    await caughtUp();
    const { files, problems } = readFiles();
    const listed = [
      ...new Set([...Object.keys(files), ...problems.map((p) => p.file)].filter((f) => f !== 'site.yaml')),
    ];
    // One git call for every page's last change (the list has about 30 pages).
    const changes = await history.lastChanges('pages', listed);
    const drafts = await draftStates();
    const inReview = await reviewStates(request);
    const pages = listed.sort().map((file) => {
      const problem = problems.find((p) => p.file === file)?.message;
      const data = problem ? null : parsedPage(files[file]?.text ?? '');
      return {
        ...pageEntryOf(file, data, schemas),
        lastChange: changes.get(file) ?? null,
        draft: drafts.get(file) ?? null,
        review: inReview.get(file) ?? null,
        ...(problem && { problem }),
      };
    });
    return { pages };
  });

  /** Validates and writes `text`, then commits it; the answer of PUT /file and POST /restore. */
  const save = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    text: string,
    action: string,
  ) => {
    const problems = problemsAfterWrite(root, file, text);
    if (problems.length)
      return fail(reply, 400, { message: contentMessages.notSaved(problems.length), errors: problems });
    const before = readContentFile(root, file)?.text;
    const version = writeContentFile(root, file, text);
    const message = messageFor(action, file, before, text);
    const commit = await history.commit(file, options.author(request), message);
    return { version, text, commit };
  };

  /**
   * The text the user opened, for a three-way conflict report: the `base` they sent when it is that
   * version, else the version found in the history; undefined when neither has it.
   */
  const baseText = async (file: string, version: string, sent: unknown): Promise<string | undefined> => {
    if (typeof sent === 'string' && versionOf(sent) === version) return sent;
    return (await history.enabled()) ? history.textOfVersion(file, version) : undefined;
  };

  app.put('/file', { bodyLimit: 2 * 1024 * 1024 }, async (request, reply) => {
    const body = request.body as
      | {
          file?: unknown;
          version?: unknown;
          data?: unknown;
          base?: unknown;
          copyOf?: unknown;
          keepMine?: unknown;
          seen?: unknown;
        }
      | undefined;
    if (!body || (typeof body.version !== 'string' && body.version !== null) || body.data === undefined)
      return fail(reply, 400, { message: contentMessages.badBody });
    const file = fileFrom(reply, body.file);
    if (!file) return reply;
    // The template is read through the same checks as any content file (nothing outside it).
    const copyOf = body.copyOf === undefined ? undefined : fileFrom(reply, body.copyOf);
    if (body.copyOf !== undefined && !copyOf) return reply;
    let data = body.data as Json;
    const decisions = decisionsOf(body);
    const version = body.version;
    return locked(async () => {
      const current = readContentFile(root, file);
      // A file that cannot be read safely (fileProblems.ts) is refused with why, not a 500.
      const unreadable =
        current &&
        (textProblem(file, current.text) ?? (file === 'site.yaml' ? siteProblem(current.text) : undefined));
      if (unreadable) return fail(reply, 422, { message: unreadable, errors: [] });
      if (version === null && current)
        return fail(reply, 409, {
          message: contentMessages.exists,
          current,
          changed: [],
          conflicts: [],
          threeWay: false,
        });
      if (version !== null && !current) return fail(reply, 404, { message: contentMessages.gone });
      if (current && version !== null && current.version !== version) {
        const base = await baseText(file, version, body.base);
        const outcome = mergeOrReport(file, current, data, base, decisions);
        if ('report' in outcome) return fail(reply, 409, { ...outcome.report });
        data = outcome.merged;
      }
      let template: string | undefined;
      if (!current && copyOf) {
        template = readContentFile(root, copyOf)?.text;
        if (template === undefined) return fail(reply, 404, { message: contentMessages.noTemplate });
      }
      let text: string;
      try {
        text = current ? writeYaml(current.text, data) : newFileText(file, data, template);
      } catch (error) {
        if (error instanceof YamlWriteError) return fail(reply, 400, { message: error.message, errors: [] });
        throw error;
      }
      return save(request, reply, file, text, current ? 'Edit' : 'Create');
    });
  });

  app.get('/history', async (request, reply) => {
    const file = fileFrom(reply, (request.query as { file?: unknown }).file);
    if (!file) return reply;
    const state = await historyState();
    // A page's history lists the pictures uploaded for it (and deleted) with its saves.
    const pictures = uploadFolderOf(file).folder;
    const versions = state.enabled ? await history.versions(file, 100, [pictures]) : [];
    // Site settings lists, per section, the versions that changed something there.
    return {
      ...state,
      versions: file === 'site.yaml' ? await withChangedKeys(history, file, versions) : versions,
    };
  });

  app.get('/version', async (request, reply) => {
    const query = request.query as { file?: unknown; commit?: unknown };
    const file = fileFrom(reply, query.file);
    if (!file) return reply;
    const text = typeof query.commit === 'string' ? await history.textAt(file, query.commit) : undefined;
    if (text === undefined) return fail(reply, 404, { message: contentMessages.unknownVersion });
    return { text };
  });

  app.post('/restore', async (request, reply) => {
    const body = request.body as { file?: unknown; commit?: unknown; version?: unknown } | undefined;
    const file = fileFrom(reply, body?.file);
    if (!file) return reply;
    const commit = typeof body?.commit === 'string' ? body.commit : '';
    const text = await history.textAt(file, commit);
    if (text === undefined) return fail(reply, 404, { message: contentMessages.unknownVersion });
    return locked(async () => {
      const current = readContentFile(root, file);
      const opened = typeof body?.version === 'string' ? body.version : null;
      if ((current?.version ?? null) !== opened) {
        if (!current) return fail(reply, 404, { message: contentMessages.gone });
        let restored: Json = null;
        try {
          restored = parse(text) as Json;
        } catch {}
        const base = opened === null ? undefined : await baseText(file, opened, undefined);
        return fail(reply, 409, { ...conflictReport(file, current, restored, base) });
      }
      if (current && versionOf(text) === current.version) return { ...current, commit: null };
      const restoring = (await history.versions(file)).find((v) => v.commit.startsWith(commit));
      const label = restoring
        ? `the version of ${restoring.date.slice(0, 16).replace('T', ' ')} by ${restoring.name}`
        : `the version ${commit.slice(0, 7)}`;
      return save(request, reply, file, text, label);
    });
  });

  // Take down: the page leaves the site, its address leads on (takeDownRoute.ts). One commit.
  registerTakeDownRoute(app, { contentDir: root, history, author: options.author, locked, fileFrom });
  // Change address: the page moves, its old address redirects, links follow (moveRoute.ts).
  registerMoveRoute(app, { contentDir: root, history, author: options.author, locked, fileFrom });
  // Put back: a page taken down returns to the site at its address (putBackRoute.ts).
  registerPutBackRoute(app, { contentDir: root, history, author: options.author, locked, fileFrom });
  // Deleted pages, and bringing one back from the history (deletedPages.ts).
  registerDeletedRoutes(app, { contentDir: root, history, author: options.author, locked, fileFrom });
  await registerImageRoutes(app, { contentDir: root, history, author: options.author, locked });
  const reviewRequired = Boolean(options.reviewRequired && options.drafts && options.reviews);
  registerPublishRoutes(app, options.publisher, options.author, options.releaseLog, (request) =>
    reviewFlags(reviewRequired, request).mayPublish ? undefined : reviewRouteMessages.submitInstead,
  );
  registerDraftRoutes(
    app,
    options.drafts,
    options.author,
    (request) => reviewFlags(reviewRequired, request),
    async (files, by) => options.reviews?.withdrawFiles(files, by),
  );
  if (options.previews)
    registerPreviewLinkRoutes(app, {
      links: options.previews,
      author: options.author,
      fileFrom,
      exists: (file) => readContentFile(root, file) !== undefined,
      reviewRequired,
    });
  if (options.store)
    registerActivityRoute(app, options.store, options.releaseLog, (file) =>
      nameOfFile(file, root, options.liveDir ?? root),
    );
  if (options.drafts && options.reviews)
    registerReviewRoutes(app, {
      reviews: options.reviews,
      drafts: options.drafts,
      ...(options.publisher && { publisher: options.publisher }),
      required: reviewRequired,
      author: options.author,
      liveDir: options.liveDir ?? root,
      draftsDir: root,
    });
}
