/**
 * Serves the pre-rendered site from DIST_DIR/client: "/x/y" -> client/x/y/index.html ("/x/y/"
 * redirects to "/x/y"), files by their path, anything else the 404 page with status 404.
 * Only files that exist at start are served (the set is listed once), so no request path ever
 * reaches the file system. Hashed assets (assets/) are cached for a year as immutable; HTML is
 * revalidated on every visit (ETag / Last-Modified); other files for an hour.
 * Text files are sent compressed (brotli at its best quality, or gzip) from memory. The build writes
 * the compressed copies (node/precompress.ts: `file.br`, `file.gz`); for a build without
 * them, they are made at start in the background on zlib's thread pool, never on the main thread,
 * so no request waits behind another page's compression.
 * The site's redirects (redirects.yaml) are answered with 301 to their new address, the query kept:
 * the build writes them into its client folder as `_redirects` (node/redirects.ts, the file static
 * hosts read), which is read here and never served as a file of its own.
 * The visual editor's Publish may switch to another complete build (servedSite.swap, below); the
 * file list, the 404 page, the redirects and the compressed copies are then replaced together.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  COMPRESS_MAX_BYTES,
  compress,
  ENCODINGS,
  type Encoding,
  isCompressible,
  SUFFIX,
  TEXT_TYPES,
} from '../node/precompress.ts';
import { REDIRECTS_FILE_NAME, readRedirectsFile } from '../node/redirects.ts';
import { pictureHeaders } from './pictureHeaders.ts';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

function listFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return listFiles(dir, child);
    return e.isFile() ? [child] : [];
  });
}

function preferredEncoding(accept: string | undefined): Encoding | null {
  const offered = (accept ?? '').split(',').map((e) => e.trim().split(';')[0]?.toLowerCase());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return null;
}

interface Compressed {
  body: Buffer;
  etag: string;
}

function cacheControlFor(file: string): string {
  return file.startsWith('assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

/**
 * CSP hashes ('sha256-...') of every executable inline script in the built pages. The policy allows
 * scripts from 'self' plus exactly these (the boot script that loads a page's code after its first
 * paint, scripts/build/scriptsAfterPaint.ts; React's streaming markers, if the pre-render emits any),
 * never 'unsafe-inline'. JSON-LD data blocks are not executed and need no hash.
 */
export function inlineScriptHashes(clientDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of listFiles(clientDir).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(path.join(clientDir, file), 'utf8');
    for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
      const attrs = m[1] ?? '';
      if (/\ssrc=/i.test(attrs) || /type=["']?application\/(ld\+)?json/i.test(attrs) || !m[2]) continue;
      hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

export interface StaticOptions {
  clientDir: string;
  /** Requests under this prefix are the API's: not answered with the HTML 404 page. */
  apiPrefix: string;
}

// --- Publish hook (the visual editor's Publish, server/editor): switch the served build while running.
/** The build being served; `swap` serves another complete client folder from the next request on. */
export interface ServedSite {
  clientDir(): string;
  swap(clientDir: string): void;
}
declare module 'fastify' {
  interface FastifyInstance {
    servedSite?: ServedSite;
  }
}

/**
 * A build's servable files: everything but the compressed copies, which are not pages of their own,
 * and the redirects file, which is answered as redirects.
 */
function servableFiles(clientDir: string): Set<string> {
  const listed = listFiles(clientDir);
  const copies = new Set(
    listed.filter(isCompressible).flatMap((f) => ENCODINGS.map((encoding) => f + SUFFIX[encoding])),
  );
  return new Set(listed.filter((f) => !copies.has(f) && f !== REDIRECTS_FILE_NAME));
}

const notFoundPageOf = (clientDir: string, files: Set<string>): Buffer | null =>
  files.has('404.html') ? readFileSync(path.join(clientDir, '404.html')) : null;

export async function registerStatic(
  app: FastifyInstance,
  { clientDir: initialClientDir, apiPrefix }: StaticOptions,
): Promise<void> {
  let clientDir = initialClientDir;
  let files = servableFiles(clientDir);
  let notFoundPage = notFoundPageOf(clientDir, files);
  let redirects = readRedirectsFile(clientDir);
  await app.register(fastifyStatic, { root: clientDir, serve: false, cacheControl: false, etag: true });

  let cache = new Map<string, Promise<Compressed | null>>();
  // Everything a request reads is replaced in one synchronous step, so a request sees the old build
  // or the new one, never a mix.
  app.decorate('servedSite', {
    clientDir: () => clientDir,
    swap(next: string) {
      const nextFiles = servableFiles(next);
      const nextNotFound = notFoundPageOf(next, nextFiles);
      const nextRedirects = readRedirectsFile(next);
      clientDir = next;
      files = nextFiles;
      notFoundPage = nextNotFound;
      redirects = nextRedirects;
      cache = new Map();
    },
  } satisfies ServedSite);
  /** The compressed copy: the build's, else made once on the thread pool (all requests share it). */
  const compressed = (file: string, encoding: Encoding): Promise<Compressed | null> => {
    const key = `${encoding}:${file}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = (async () => {
        const full = path.join(clientDir, file); // the build current when first asked for
        const raw = readFileSync(full);
        if (raw.length > COMPRESS_MAX_BYTES) return null;
        const copy = full + SUFFIX[encoding];
        const body = existsSync(copy) ? readFileSync(copy) : await compress(raw, encoding);
        const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}-${encoding}"`;
        return { body, etag };
      })().catch(() => null);
      cache.set(key, entry);
    }
    return entry;
  };
  // At start, every page's copies, a few at a time (the thread pool stays free for requests).
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  const queue = [...files].filter(isCompressible).flatMap((f) => ENCODINGS.map((e) => [f, e] as const));
  const worker = async () => {
    for (let job = queue.shift(); job && !closed; job = queue.shift()) await compressed(...job);
  };
  for (let i = 0; i < 2; i++) void worker();

  const sendNotFound = (reply: FastifyReply) => {
    reply.code(404).header('cache-control', CACHE_REVALIDATE);
    if (notFoundPage) return reply.type('text/html; charset=utf-8').send(notFoundPage);
    return reply.type('text/plain; charset=utf-8').send('Not found');
  };

  app.get('/*', async (request, reply) => {
    const rawPath = request.url.split('?')[0] ?? '/';
    if (apiPrefix && (rawPath === apiPrefix || rawPath.startsWith(`${apiPrefix}/`)))
      return reply.callNotFound();
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return sendNotFound(reply);
    }
    const query = request.url.slice(rawPath.length);
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const target = pathname.replace(/\/+$/, '') || '/';
      // An old address written with a slash goes straight to its new one: one redirect, not two.
      const moved = redirects.get(target);
      if (moved !== undefined) return reply.redirect(encodeURI(moved) + query, 301);
      if (files.has(`${target.slice(1)}/index.html`)) return reply.redirect(encodeURI(target) + query, 301);
      return sendNotFound(reply);
    }
    const rel = pathname.slice(1);
    const file = rel === '' ? 'index.html' : files.has(rel) ? rel : `${rel}/index.html`;
    if (!files.has(file) || file === '404.html') {
      // An old address (redirects.yaml): the validator refuses one that a page serves.
      const moved = redirects.get(pathname);
      if (moved !== undefined) return reply.redirect(encodeURI(moved) + query, 301);
      return sendNotFound(reply);
    }
    reply.header('cache-control', cacheControlFor(file));
    // Pictures of the upload folders: an SVG gets a policy of its own that runs no script.
    if (file.startsWith('images/')) pictureHeaders(reply, file);
    const type = TEXT_TYPES[file.slice(file.lastIndexOf('.') + 1)];
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (type && encoding) {
      const entry = await compressed(file, encoding);
      if (entry) {
        reply.header('vary', 'accept-encoding').header('etag', entry.etag).type(type);
        if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
        return reply.header('content-encoding', encoding).send(entry.body);
      }
    }
    return reply.sendFile(file, clientDir);
  });
}
