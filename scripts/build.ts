/**
 * `npm run build`: validate the content, build the browser bundle and the server renderer with
 * Vite, then pre-render every route to static HTML (scripts/build/prerender.ts) and draw each page's
 * sharing card (scripts/build/socialCards.ts).
 * A content error stops the build with file:line:column.
 *
 * The build is incremental (issue 34): the bundle is code only, made once per code version, and
 * every page, card, picture variant and compressed copy is kept in the build cache under the hash of
 * what it is made from (scripts/build/buildCache.ts). A build after a change makes only what the
 * change reaches and copies the rest; its output is byte for byte a full build's.
 *
 * Options (paths relative to the repository):
 *   --content DIR  the folder holding site.yaml, pages/ and public/ (default: the repository)
 *   --out DIR      where the build goes (default: dist/), e.g. for a check that must not disturb a
 *                  running server
 *   --steps        print a line `STEP <name>` as each step begins (validate, build, prerender,
 *                  cards, compress) and `STEP done <pages>` at the end
 *   --no-compress  leave out the brotli/gzip copies (the server then makes each on first request)
 *   --exit-with-parent  stop when the process that started the build ends (its standard input,
 *                  a pipe it keeps open, closes): node/exitWithParent.ts
 *   --full         make everything anew, reusing nothing from the cache (which it still fills)
 *   --cache DIR    the build cache (default node_modules/.cache/site-build)
 * Publish (server/editor/publish.ts) runs this script with --content, --out, --steps, --no-compress
 * and --exit-with-parent (and --cache when given one), and shows the steps as
 * progress; it leaves out the compressed copies because, at best quality, they would double the
 * time from Publish to live.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { InlineConfig, PluginOption } from 'vite';
import { exitWhenParentEnds } from '../node/exitWithParent.ts';
import { readFolder } from '../node/folderSource.ts';
import { codeVersion } from '../node/release.ts';
import { FileChecksCache } from '../src/validator/fileChecksCache.ts';
import { formatErrors, formatWarnings } from '../src/validator/formatErrors.ts';
import { BuildCache } from './build/buildCache.ts';
import { checksStore } from './build/checksStore.ts';

const root = path.resolve(import.meta.dirname, '..');
// A build is never a test run: vite.config.ts leaves the content plugins out under Vitest, and a
// build started from a test (Publish in server/editor/publish.test.ts) inherits VITEST.
delete process.env.VITEST;
// Always a production build: Vite honours NODE_ENV, and a build started from a test (NODE_ENV=test)
// or a development shell would bundle React's development code, which the build cache would then
// hand to every later build of the same code.
process.env.NODE_ENV = 'production';
const { values: args } = parseArgs({
  options: {
    content: { type: 'string', default: '.' },
    out: { type: 'string', default: 'dist' },
    steps: { type: 'boolean', default: false },
    'no-compress': { type: 'boolean', default: false },
    'exit-with-parent': { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    cache: { type: 'string', default: 'node_modules/.cache/site-build' },
  },
});
const stopWatchingParent = args['exit-with-parent'] ? exitWhenParentEnds() : () => {};
const contentDir = path.resolve(root, args.content);
const outDir = path.resolve(root, args.out);
const step = (name: string) => args.steps && console.log(`STEP ${name}`);

step('validate');
const cache = new BuildCache(path.resolve(root, args.cache), !args.full);
const code = codeVersion();
// The one reading and check of the content in a build: Vite's builds and the cards are handed it.
// Files whose text an earlier build checked are not parsed again (scripts/build/checksStore.ts).
const check = readFolder(contentDir, { cache: new FileChecksCache(checksStore(cache, code)) });
if (check.errors.length) {
  console.error(formatErrors(check.errors));
  console.error('\nBuild stopped: fix the content above and run the build again.');
  process.exit(1);
}
if (check.warnings.length) console.warn(formatWarnings(check.warnings));

// The build's code loads only once the content is known to be valid (a failure answers sooner).
const { precompressDir } = await import('../node/precompress.ts');
const { prerender } = await import('./build/prerender.ts');
const { writeSocialCards } = await import('./build/writeCards.ts');
const { writeSiteFacts } = await import('../node/siteFacts.ts');
const { writeRedirectsFile } = await import('./build/redirectsFile.ts');
const { contentCommit, writeRelease } = await import('../node/release.ts');
const { readImageSizes } = await import('../node/imageSizes.ts');
const { planVariants, renderVariant, srcsetsOf, VARIANT_RECIPE } = await import('./build/imageVariants.ts');
/**
 * Vite's settings: those of vite.config.ts (the one list of plugins and options), with the content
 * plugin given the content read above, so neither of the two Vite builds reads and checks it again.
 * The content's static files are copied by the build itself, so the bundle is code only.
 */
async function viteSettings(): Promise<InlineConfig> {
  const { contentPlugin } = await import('./build/contentPlugin.ts');
  const { default: config } = await import('../vite.config.ts');
  const { test: _test, plugins = [], ...shared } = config as InlineConfig & { test?: unknown };
  const named = (p: PluginOption) => (p && typeof p === 'object' && 'name' in p ? p.name : undefined);
  return {
    ...shared,
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    plugins: plugins
      .flat()
      .map((p) =>
        named(p) === contentPlugin().name ? contentPlugin({ root: contentDir, reading: check }) : p,
      ),
  };
}

step('build');
// Vite and its plugins load only when the code changed: a Publish after a content change needs neither.
const bundleDir = await cache.folder('bundle', code, async (into) => {
  const { build } = await import('vite');
  const vite = await viteSettings();
  await build({
    ...vite,
    build: { ...vite.build, outDir: path.join(into, 'client'), emptyOutDir: true, manifest: true },
  });
  await build({
    ...vite,
    build: { ssr: 'scripts/build/renderPage.tsx', outDir: path.join(into, 'server'), emptyOutDir: true },
    // Bundle the renderer's dependencies too, so a build in any folder runs without node_modules.
    ssr: { noExternal: true },
  });
});
const clientDir = path.join(outDir, 'client');
// Only the build's own folder is replaced: DIST_DIR also holds the server's files (the ledger of
// the previous release's assets, a Publish under way). The renderer stays in the cache's bundle,
// where the pre-renderer runs it; nothing serves or reads it from the build. (A server/ folder an
// earlier build left is removed with the rest of what that build wrote.)
for (const folder of [clientDir, path.join(outDir, 'server')])
  rmSync(folder, { recursive: true, force: true });
cpSync(path.join(bundleDir, 'client'), clientDir, { recursive: true });
const publicDir = path.join(contentDir, 'public');
if (existsSync(publicDir)) cpSync(publicDir, clientDir, { recursive: true });
// AVIF/WebP copies of photos (a variant's file name names the picture's bytes and its width).
const imageSizes = readImageSizes(publicDir, check.images);
const variants = planVariants(publicDir, imageSizes);
for (const v of variants) {
  const made = await cache.through('variants', BuildCache.key(v.file, VARIANT_RECIPE), () =>
    renderVariant(publicDir, v),
  );
  mkdirSync(path.dirname(path.join(clientDir, v.file)), { recursive: true });
  writeFileSync(path.join(clientDir, v.file), made);
}
const model = check.model;
if (!model) throw new Error('The content was checked but has no model.');
step('prerender');
const written = await prerender({
  clientDir,
  bundleDir,
  whole: { ...model, imageSizes, imageVariants: srcsetsOf(variants) },
  code,
  cache,
});
// One sharing card per page file (og:image), drawn from the same validated content.
step('cards');
const drawn = await writeSocialCards(model.pages, model.site, clientDir, code, cache);
const largest = Math.max(0, ...drawn.cards.map((c) => c.bytes));
// What the forms accept (service types, open positions), read by the server that serves this build.
if (check.content) writeSiteFacts(outDir, check.content);
// redirects.yaml as static hosts read it (client/_redirects); the server answers the same file's 301s.
writeRedirectsFile(clientDir, model.redirects);
// Which content commit and which code this build is, for health to report (node/release.ts).
writeRelease(outDir, {
  content: contentCommit(contentDir),
  code,
  builtAt: new Date().toISOString(),
});
if (!args['no-compress']) {
  step('compress');
  // brotli/gzip copies, so no request compresses; only new files are compressed anew. The code's
  // version is in the key too: it holds how each copy is made (node/precompress.ts).
  const copyKey = (raw: Buffer, encoding: string) => BuildCache.key(code, encoding, raw);
  await precompressDir(clientDir, 4, {
    get: (raw, encoding) => cache.get('compressed', copyKey(raw, encoding)),
    put: (raw, encoding, copy) => cache.put('compressed', copyKey(raw, encoding), copy),
  });
}
cache.prune();
console.log(
  `Built ${path.relative(root, outDir) || '.'}/: ${written} pages and ${drawn.cards.length} sharing cards (largest ${Math.round(largest / 1024)} KB; cards ${(drawn.ms / 1000).toFixed(1)} s).`,
);
// What was made anew and what was reused (pages, cards, ...), e.g. "pages 2 made, 29 reused".
console.log(`From the build cache: ${cache.summary() || 'nothing'}.`);
step(`done ${written}`);
stopWatchingParent();
