/**
 * Ahead-of-time compression of the built site: every text file gets a brotli (quality by size:
 * `brotliQualityFor`) and a gzip (level 9) copy beside it, `file.br` and `file.gz`, which the
 * server sends as they are (server/static.ts). Done here, once, it never holds up a request.
 * zlib's asynchronous calls run on libuv's thread pool, so the copies use every core.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { listFiles } from './listFiles.ts';

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

/**
 * The brotli quality for a file of `bytes`. Quality 11 costs about 30 times the time of quality 5
 * for 5-10 % fewer bytes (measured on this site's build: the 160 KB home page took 541 ms at 11 and
 * 37 ms at 9, for 20.1 and 22.0 KB; the 1.6 MB staff editor chunk 14.9 s at 11 and 0.59 s at 5, for
 * 188 and 216 KB). Small files, most of the site, get the best; large ones a quality that does not
 * hold up a build, a publish or the first request after it. Between them quality 7, not 9: on the
 * pages as they are now (issue 34), 9 took 104-131 ms per 92-156 KB page and 7 took 2-32 ms, for
 * 0.4-0.6 % more bytes; with 1,031 pages, 9 was 114 s of a full build's compression step.
 */
export function brotliQualityFor(bytes: number): number {
  if (bytes <= 64 * 1024) return zlibConstants.BROTLI_MAX_QUALITY;
  if (bytes <= 512 * 1024) return 7;
  return 5;
}

/** `raw` compressed with `encoding` (brotli at the quality its size allows), off the main thread. */
export function compress(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQualityFor(raw.length),
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzipAsync(raw, { level: 9 });
}

/**
 * Copies made before, by the bytes compressed and the encoding (the build keeps them in its cache,
 * scripts/build/buildCache.ts, so a build compresses only files that changed).
 */
export interface CompressedCopies {
  get(raw: Buffer, encoding: Encoding): Buffer | undefined;
  put(raw: Buffer, encoding: Encoding, copy: Buffer): void;
}

/** Writes `file.br` and `file.gz` beside every text file of `clientDir`; returns how many files. */
export async function precompressDir(
  clientDir: string,
  concurrency = 4,
  copies?: CompressedCopies,
): Promise<number> {
  const queue = listFiles(clientDir).filter(isCompressible);
  // Files with the same bytes (a page at its address and at its alias) are compressed once, even
  // when two workers reach them at the same moment: what a build makes anew does not depend on timing.
  const inFlight = new Map<string, Promise<Buffer>>();
  const copyOf = (raw: Buffer, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${createHash('sha256').update(raw).digest('hex')}`;
    let copy = inFlight.get(key);
    if (!copy) {
      copy = (async () => {
        const stored = copies?.get(raw, encoding);
        if (stored) return stored;
        const made = await compress(raw, encoding);
        copies?.put(raw, encoding, made);
        return made;
      })();
      inFlight.set(key, copy);
      // Once made, a copy is in the cache (or, without one, not worth holding): memory stays small.
      const forget = () => inFlight.delete(key);
      copy.then(forget, forget);
    }
    return copy;
  };
  let done = 0;
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const full = path.join(clientDir, file);
      const raw = readFileSync(full);
      if (raw.length > COMPRESS_MAX_BYTES) continue;
      for (const encoding of ENCODINGS) {
        writeFileSync(full + SUFFIX[encoding], await copyOf(raw, encoding));
      }
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done;
}
