/**
 * Serves the pre-rendered site from DIST_DIR/client: "/x/y" -> client/x/y/index.html ("/x/y/"
 * redirects to "/x/y"), files by their path, anything else the 404 page with status 404.
 * Only files that exist at start are served (the set is listed once), so no request path ever
 * reaches the file system. Hashed assets (assets/) are cached for a year as immutable; HTML is
 * revalidated on every visit (ETag / Last-Modified); other files for an hour.
 * Text files are compressed once (brotli at its best quality, or gzip) and kept in memory, since the
 * build never changes while the server runs.
 * The visual editor's Publish may switch to another complete build (servedSite.swap, the publish hook
 * below); the list and the compressed copies are then replaced together.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_SHORT = 'public, max-age=3600';

function listFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return listFiles(dir, child);
    return e.isFile() ? [child] : [];
  });
}

const TEXT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json',
};
const COMPRESS_MAX_BYTES = 4 * 1024 * 1024;

function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | null {
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
  if (file.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (file.endsWith('.html')) return CACHE_REVALIDATE;
  return CACHE_SHORT;
}

/**
 * CSP hashes ('sha256-...') of every executable inline script in the built pages. The policy allows
 * scripts from 'self' plus exactly these (React's streaming markers, if the pre-render emits any),
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

// --- Publish hook (content19, the visual editor's Publish): switch the served build while running.
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
// --- end of the publish hook declarations

export async function registerStatic(
  app: FastifyInstance,
  { clientDir: initialClientDir, apiPrefix }: StaticOptions,
): Promise<void> {
  let clientDir = initialClientDir;
  let files = new Set(listFiles(clientDir));
  const notFoundOf = (dir: string, list: Set<string>) =>
    list.has('404.html') ? readFileSync(path.join(dir, '404.html')) : null;
  let notFoundPage = notFoundOf(clientDir, files);
  await app.register(fastifyStatic, { root: clientDir, serve: false, cacheControl: false, etag: true });

  const compressedCache = new Map<string, Compressed | null>();
  // Publish hook: everything a request reads is replaced in one synchronous step, so a request sees
  // the old build or the new one, never a mix.
  app.decorate('servedSite', {
    clientDir: () => clientDir,
    swap(next: string) {
      const nextFiles = new Set(listFiles(next));
      const nextNotFound = notFoundOf(next, nextFiles);
      clientDir = next;
      files = nextFiles;
      notFoundPage = nextNotFound;
      compressedCache.clear();
    },
  } satisfies ServedSite);
  const compressed = (file: string, encoding: 'br' | 'gzip'): Compressed | null => {
    const key = `${encoding}:${file}`;
    let entry = compressedCache.get(key);
    if (entry === undefined) {
      const raw = readFileSync(path.join(clientDir, file));
      entry =
        raw.length > COMPRESS_MAX_BYTES
          ? null
          : {
              body:
                encoding === 'br'
                  ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
                  : gzipSync(raw, { level: 9 }),
              etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}-${encoding}"`,
            };
      compressedCache.set(key, entry);
    }
    return entry;
  };

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
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const target = pathname.replace(/\/+$/, '') || '/';
      if (files.has(`${target.slice(1)}/index.html`)) {
        const query = request.url.slice(rawPath.length);
        return reply.redirect(encodeURI(target) + query, 301);
      }
      return sendNotFound(reply);
    }
    const rel = pathname.slice(1);
    const file = rel === '' ? 'index.html' : files.has(rel) ? rel : `${rel}/index.html`;
    if (!files.has(file) || file === '404.html') return sendNotFound(reply);
    reply.header('cache-control', cacheControlFor(file));
    const type = TEXT_TYPES[file.slice(file.lastIndexOf('.') + 1)];
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (type && encoding) {
      const entry = compressed(file, encoding);
      if (entry) {
        reply.header('vary', 'accept-encoding').header('etag', entry.etag).type(type);
        if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
        return reply.header('content-encoding', encoding).send(entry.body);
      }
    }
    return reply.sendFile(file, clientDir);
  });
}
