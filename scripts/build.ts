/**
 * `npm run build`: validate the content, build the browser bundle and the server renderer with
 * Vite, then pre-render every route to static HTML (scripts/build/prerender.ts) and draw each page's
 * sharing card (scripts/build/socialCards.ts).
 * A content error stops the build with file:line:column.
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
 * Publish (server/editor/publish.ts) runs this script with all five and shows the steps as
 * progress; it leaves out the compressed copies because, at best quality, they would double the
 * time from Publish to live.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { InlineConfig, PluginOption } from 'vite';
import { exitWhenParentEnds } from '../node/exitWithParent.ts';
import { readFolder } from '../node/folderSource.ts';
import { formatErrors, formatWarnings } from '../src/validator/formatErrors.ts';

const root = path.resolve(import.meta.dirname, '..');
// A build is never a test run: vite.config.ts leaves the content plugins out under Vitest, and a
// build started from a test (Publish in server/editor/publish.test.ts) inherits VITEST.
delete process.env.VITEST;
const { values: args } = parseArgs({
  options: {
    content: { type: 'string', default: '.' },
    out: { type: 'string', default: 'dist' },
    steps: { type: 'boolean', default: false },
    'no-compress': { type: 'boolean', default: false },
    'exit-with-parent': { type: 'boolean', default: false },
  },
});
const stopWatchingParent = args['exit-with-parent'] ? exitWhenParentEnds() : () => {};
const contentDir = path.resolve(root, args.content);
const outDir = path.resolve(root, args.out);
const step = (name: string) => args.steps && console.log(`STEP ${name}`);

step('validate');
// The one reading and check of the content in a build: Vite's builds and the cards are handed it.
const check = readFolder(contentDir);
if (check.errors.length) {
  console.error(formatErrors(check.errors));
  console.error('\nBuild stopped: fix the content above and run the build again.');
  process.exit(1);
}
if (check.warnings.length) console.warn(formatWarnings(check.warnings));

// Vite and the renderer load only once the content is known to be valid (a failure answers sooner).
const { build } = await import('vite');
const { precompressDir } = await import('../node/precompress.ts');
const { prerender } = await import('./build/prerender.ts');
const { drawSocialCards } = await import('./build/socialCards.ts');
const { writeSiteFacts } = await import('../node/siteFacts.ts');
const { codeVersion, contentCommit, writeRelease } = await import('../node/release.ts');

/**
 * Vite's settings: those of vite.config.ts (the one list of plugins and options), with the content
 * plugin given the content read above, so neither of the two Vite builds reads and checks it again,
 * and for another content folder, with that folder's public/ as the static files.
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
    publicDir: path.join(contentDir, 'public'),
    logLevel: 'warn',
    plugins: plugins
      .flat()
      .map((p) =>
        named(p) === contentPlugin().name ? contentPlugin({ root: contentDir, reading: check }) : p,
      ),
  };
}
const vite = await viteSettings();

step('build');
await build({
  ...vite,
  build: { ...vite.build, outDir: path.join(outDir, 'client'), emptyOutDir: true, manifest: true },
});
await build({
  ...vite,
  build: { ssr: 'scripts/build/renderPage.tsx', outDir: path.join(outDir, 'server'), emptyOutDir: true },
  // Bundle the renderer's dependencies too, so a build in any folder runs without node_modules.
  ssr: { noExternal: true },
});
step('prerender');
const written = await prerender(outDir);
// One sharing card per page file (og:image), drawn from the same validated content.
step('cards');
const drawn = check.content
  ? await drawSocialCards(check.content.pages, check.content.site, path.join(outDir, 'client'))
  : { cards: [], ms: 0 };
const largest = Math.max(0, ...drawn.cards.map((c) => c.bytes));
// What the forms accept (service types, open positions), read by the server that serves this build.
if (check.content) writeSiteFacts(outDir, check.content);
// Which content commit and which code this build is, for health to report (node/release.ts).
writeRelease(outDir, {
  content: contentCommit(contentDir),
  code: codeVersion(),
  builtAt: new Date().toISOString(),
});
if (!args['no-compress']) {
  step('compress');
  await precompressDir(path.join(outDir, 'client')); // brotli/gzip copies, so no request compresses
}
console.log(
  `Built ${path.relative(root, outDir) || '.'}/: ${written} pages pre-rendered, ${drawn.cards.length} sharing cards drawn in ${(drawn.ms / 1000).toFixed(1)} s (largest ${Math.round(largest / 1024)} KB).`,
);
step(`done ${written}`);
stopWatchingParent();
