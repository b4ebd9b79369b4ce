// @vitest-environment node
/**
 * The incremental build (issue 34) makes only what a change reaches and reuses the rest from its
 * cache, and its output is byte for byte what a build from nothing makes, after each kind of change:
 * a word in one page, a listing title (every menu changes), site.yaml, a picture, a new page and a
 * deleted page. (A code change is a new code version: every page is drawn anew, the last test.)
 * Real builds (`npm run build`, scripts/build.ts) of a copy of the fixture site, grown to more
 * pages than the build renders in its own process: the reference build, which starts from an empty
 * cache but for the code's bundle and so draws every page, card and compressed copy itself, renders
 * in its pool of processes (scripts/build/renderPool.ts), the incremental builds in their own.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { readImageSizes } from '../../node/imageSizes.ts';
import { codeVersion } from '../../node/release.ts';
import { BuildCache } from '../../scripts/build/buildCache.ts';
import { prerender } from '../../scripts/build/prerender.ts';
import { POOL_FROM_PAGES } from '../../scripts/build/renderPool.ts';
import { REPO_ROOT } from '../support/content.tsx';

const FIXTURE = path.join(REPO_ROOT, 'tests/fixtures/minimal-site');
const BUILD = path.join(REPO_ROOT, 'scripts/build.ts');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const LONG = 300_000;

let work: string;
let content: string;
let cacheDir: string;
let runs = 0;

/** Runs the build; returns its out folder and what it says it reused and made. */
function build(cache: string, ...options: string[]): { out: string; said: string } {
  const out = path.join(work, `out-${++runs}`);
  const said = execFileSync(TSX, [BUILD, '--content', content, '--out', out, '--cache', cache, ...options], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { out, said };
}

/** Every file under `dir` (but release.json, whose time differs), by relative path. */
function files(dir: string, rel = ''): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of files(dir, child)) found.set(k, v);
    else if (child !== 'release.json') found.set(child, readFileSync(path.join(dir, child)));
  }
  return found;
}

function expectSameFiles(incremental: string, reference: string): void {
  const a = files(incremental);
  const b = files(reference);
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file) as Buffer)).map(([f]) => f);
  expect(differing).toEqual([]);
}

/** A build from nothing but the code's bundle (a cache holding that alone). */
function referenceBuild(...options: string[]): string {
  const fresh = path.join(work, `reference-cache-${runs}`);
  mkdirSync(fresh, { recursive: true });
  cpSync(path.join(cacheDir, 'bundle'), path.join(fresh, 'bundle'), { recursive: true });
  return build(fresh, ...options).out;
}

function made(said: string, kind: string): number {
  const m = new RegExp(`${kind} ([\\d,]+) made`).exec(said);
  return m ? Number((m[1] as string).replace(/,/g, '')) : 0;
}

const edit = (file: string, change: (text: string) => string) => {
  const full = path.join(content, file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
};

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'incremental-'));
  content = path.join(work, 'content');
  cacheDir = path.join(work, 'cache');
  cpSync(FIXTURE, content, { recursive: true });
  const service = readFileSync(path.join(content, 'pages/services/iot.yaml'), 'utf8');
  for (let i = 1; i <= POOL_FROM_PAGES; i++)
    writeFileSync(
      path.join(content, `pages/services/copy-${i}.yaml`),
      service
        .replace('path: /services/iot', `path: /services/copy-${i}`)
        .replace('aliases: [/services]\n', '')
        .replace('title: Telematics (IoT)', `title: Copy ${i}`)
        .replace('order: 1', `order: ${i + 10}`),
    );
  // The first build fills the cache (the bundle and the compressed copies included).
  build(cacheDir);
}, LONG);
afterAll(() => rmSync(work, { recursive: true, force: true }), LONG);

describe('a build after a change', () => {
  const cases: [string, () => void, (said: string) => void][] = [
    [
      "a word in one page's block",
      () => edit('pages/services/iot.yaml', (t) => t.replace('Contact us for a demo.', 'Ask us for a demo.')),
      // The page at its address and at its alias; the home page is untouched. Compressed anew: those
      // two pages and their page data (the same bytes at both addresses, compressed once: what is
      // made does not depend on which compression worker comes first), each as brotli and gzip.
      (said) => {
        expect(made(said, 'pages')).toBe(2);
        expect(made(said, 'compressed')).toBe(6);
      },
    ],
    [
      'a listing title (every menu changes)',
      () =>
        edit('pages/services/iot.yaml', (t) =>
          t.replace('title: Telematics (IoT)', 'title: Telematics and IoT'),
        ),
      (said) => expect(made(said, 'pages')).toBeGreaterThan(0),
    ],
    [
      'site.yaml',
      () => edit('site.yaml', (t) => t.replace('A small fixture site', 'A tiny fixture site')),
      () => {},
    ],
    [
      'a picture',
      () =>
        writeFileSync(
          path.join(content, 'public/images/pic.svg'),
          '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="30" viewBox="0 0 80 30"><rect width="80" height="30" fill="#d03f3f"/></svg>\n',
        ),
      () => {},
    ],
    [
      'a new page',
      () =>
        edit('pages/services/iot.yaml', (t) => {
          const copy = t
            .replace('path: /services/iot', 'path: /services/fleet')
            .replace('aliases: [/services]\n', '')
            .replace('title: Telematics\n', 'title: Fleet\n')
            .replace('title: Telematics and IoT', 'title: Fleet tracking')
            .replace('order: 1', 'order: 2');
          writeFileSync(path.join(content, 'pages/services/fleet.yaml'), copy);
          return t;
        }),
      (said) => expect(made(said, 'cards')).toBe(1),
    ],
    ['a deleted page', () => unlinkSync(path.join(content, 'pages/services/fleet.yaml')), () => {}],
  ];

  for (const [index, [name, change, check]] of cases.entries()) {
    // Compressed copies are checked once: compressing the whole bundle from nothing is most of a build.
    const options = index === 0 ? [] : ['--no-compress'];
    it(
      `${name}: makes only what changed, and the output is a full build's, byte for byte`,
      () => {
        change();
        const incremental = build(cacheDir, ...options);
        expect(made(incremental.said, 'bundle')).toBe(0);
        check(incremental.said);
        expectSameFiles(incremental.out, referenceBuild(...options));
      },
      LONG,
    );
  }

  it(
    'of the code: every page is drawn anew',
    async () => {
      const reading = readFolder(content);
      if (!reading.model) throw new Error('The fixture has errors');
      const cache = new BuildCache(cacheDir);
      const bundleDir = path.join(cacheDir, 'bundle', codeVersion().slice(0, 2), codeVersion());
      const whole = {
        ...reading.model,
        imageSizes: readImageSizes(path.join(content, 'public'), reading.images),
        imageVariants: {},
      };
      const clientDir = path.join(work, 'code-change');
      const pages = await prerender({ clientDir, bundleDir, whole, code: 'another code version', cache });
      expect(cache.statsOf('pages')).toEqual({ made: pages, reused: 0 });
      const again = new BuildCache(cacheDir);
      await prerender({ clientDir, bundleDir, whole, code: 'another code version', cache: again });
      expect(again.statsOf('pages')).toEqual({ made: 0, reused: pages });
    },
    LONG,
  );
});
