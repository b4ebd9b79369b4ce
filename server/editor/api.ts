/**
 * The content API of the visual editor (for operators: README, "Page edits from the staff area"): read the
 * site's files, save a page (validated, minimal-diff, atomic, committed to git when the content
 * folder is a repository), browse and restore versions, upload pictures and publish.
 * Every route runs behind `guard` (a session with role content or admin, CSRF on writes).
 *
 *   GET  /site      every file's text and version, the pictures, whether history is on
 *   GET  /pages     the pages with their kind, title and last change
 *   PUT  /file      {file, version, data, base?} -> {version, text, commit}; 409 conflict.ts's report
 *   GET  /history   ?file= -> {enabled, message?, versions}
 *   GET  /version   ?file=&commit= -> {text}
 *   POST /restore   {file, commit, version} -> {version, text, commit}
 *   POST /images    multipart kind, page, file -> 201 {path, width, height}
 *   GET  /publish, POST /publish
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { parse, stringify } from 'yaml';
import { expectedPathFor } from '../../src/validator/validateSite.ts';
import { conflictReport } from './conflict.ts';
import { ContentPathError, resolveContentFile } from './contentPath.ts';
import { listImages, listPageFiles, readContentFile, versionOf, writeContentFile } from './contentStore.ts';
import { ContentHistory, HISTORY_OFF_MESSAGE, type Person } from './history.ts';
import { registerImageRoutes } from './images.ts';
import { type Publisher, registerPublishRoutes } from './publish.ts';
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
}

export const contentMessages = {
  badBody: 'The request is missing the file, version or data.',
  exists: 'A page with this file name already exists. Choose another name.',
  gone: 'This file no longer exists; it may have been deleted by someone else.',
  unknownVersion: 'That version of the file was not found in the history.',
  notSaved: (n: number) =>
    `Not saved: the content has ${n} problem${n === 1 ? '' : 's'}. Fix ${n === 1 ? 'it' : 'them'} and save again.`,
};

type Kind = 'home' | 'product' | 'service' | 'career' | 'other';

function kindOf(file: string): Kind {
  if (file === 'pages/index.yaml') return 'home';
  const folder = file.split('/')[1];
  if (folder === 'products') return 'product';
  if (folder === 'services') return 'service';
  if (folder === 'careers') return 'career';
  return 'other';
}

function titleOf(text: string): string | undefined {
  try {
    const data = parse(text) as { title?: unknown } | null;
    return typeof data?.title === 'string' ? data.title : undefined;
  } catch {
    return undefined;
  }
}

/** The first lines of a new page: the editor's schema line, so it validates as you type. */
function newFileText(file: string, data: Json): string {
  const depth = file.split('/').length - 1;
  const schema = `${'../'.repeat(depth)}schema/page.schema.json`;
  return `# yaml-language-server: $schema=${schema}\n${stringify(data, { lineWidth: 0 })}`;
}

function subjectFor(action: string, file: string, text: string): string {
  const name = file === 'site.yaml' ? 'site settings' : (titleOf(text) ?? file);
  return `${action} ${name} (${file})`;
}

/** One write at a time, so a version check and its write cannot interleave with another save. */
function serial() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
}

export async function registerContentApi(app: FastifyInstance, options: ContentApiOptions): Promise<void> {
  const root = options.contentDir;
  const history = new ContentHistory(root);
  const locked = serial();
  // Each guard runs in turn (async or callback style) and the first answer stops the request, as
  // soon as it arrives: a request without a session is refused before its body (an upload of up
  // to 10 MB) is read.
  for (const guard of [options.guard].flat()) app.addHook('onRequest', guard);
  // A request refused before its body was read ends its connection with the answer, so the server
  // does not go on receiving (and throwing away) the rest of a large upload.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
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

  app.get('/site', async () => {
    const files: Record<string, { text: string; version: string }> = {};
    for (const file of ['site.yaml', ...listPageFiles(root)]) {
      const state = readContentFile(root, file);
      if (state) files[file] = state;
    }
    return { files, images: listImages(root), history: await historyState() };
  });

  app.get('/pages', async () => {
    const files = listPageFiles(root);
    // One git call for every page's last change (the list has about 30 pages).
    const changes = await history.lastChanges('pages', files);
    const pages = files.map((file) => {
      const text = readContentFile(root, file)?.text ?? '';
      const data = (() => {
        try {
          return parse(text) as { path?: unknown; title?: unknown } | null;
        } catch {
          return null;
        }
      })();
      return {
        file,
        path: typeof data?.path === 'string' ? data.path : expectedPathFor(file),
        kind: kindOf(file),
        title: typeof data?.title === 'string' ? data.title : file,
        lastChange: changes.get(file) ?? null,
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
    const version = writeContentFile(root, file, text);
    const commit = await history.commit(file, options.author(request), subjectFor(action, file, text));
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
      | { file?: unknown; version?: unknown; data?: unknown; base?: unknown }
      | undefined;
    if (!body || (typeof body.version !== 'string' && body.version !== null) || body.data === undefined)
      return fail(reply, 400, { message: contentMessages.badBody });
    const file = fileFrom(reply, body.file);
    if (!file) return reply;
    const data = body.data as Json;
    const version = body.version;
    return locked(async () => {
      const current = readContentFile(root, file);
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
        return fail(reply, 409, { ...conflictReport(file, current, data, base) });
      }
      let text: string;
      try {
        text = current ? writeYaml(current.text, data) : newFileText(file, data);
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
    return { ...state, versions: state.enabled ? await history.versions(file) : [] };
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
      return save(request, reply, file, text, `Restore (${commit.slice(0, 7)})`);
    });
  });

  await registerImageRoutes(app, { contentDir: root });
  registerPublishRoutes(app, options.publisher);
}
