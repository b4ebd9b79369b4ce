/**
 * Ahead-of-time compression of the built site: every text file gets a brotli (best quality) and a
 * gzip (level 9) copy beside it, `file.br` and `file.gz`, which the server sends as they are
 * (server/static.ts). Brotli at quality 11 takes tens of milliseconds per page: done here, once,
 * it never holds up a request. zlib's asynchronous calls run on libuv's thread pool.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';

/** Text files by extension, with the content type they are served with. */
export const TEXT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json',
};
/** Larger text files are sent as they are. */
export const COMPRESS_MAX_BYTES = 4 * 1024 * 1024;
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** The file name suffix of each encoding's copy. */
export const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isCompressible(file: string): boolean {
  return TEXT_TYPES[file.slice(file.lastIndexOf('.') + 1)] !== undefined;
}

/** `raw` compressed with `encoding` at its best setting, off the main thread. */
export function compress(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzipAsync(raw, { level: 9 });
}

function listFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return listFiles(dir, child);
    return e.isFile() ? [child] : [];
  });
}

/** Writes `file.br` and `file.gz` beside every text file of `clientDir`; returns how many files. */
export async function precompressDir(clientDir: string, concurrency = 4): Promise<number> {
  const queue = listFiles(clientDir).filter(isCompressible);
  let done = 0;
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const full = path.join(clientDir, file);
      const raw = readFileSync(full);
      if (raw.length > COMPRESS_MAX_BYTES) continue;
      for (const encoding of ENCODINGS) writeFileSync(full + SUFFIX[encoding], await compress(raw, encoding));
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done;
}
