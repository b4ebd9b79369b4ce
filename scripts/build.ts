/**
 * `npm run build`: validate the content, build the browser bundle and the server renderer with
 * Vite, then pre-render every route to static HTML (scripts/build/prerender.ts) and draw each page's
 * sharing card (scripts/build/socialCards.ts).
 * A content error stops the build with file:line:column.
 */
import path from 'node:path';
import { build } from 'vite';
import { formatErrors, formatWarnings } from '../src/validator/formatErrors.ts';
import { precompressDir } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';
import { drawSocialCards } from './build/socialCards.ts';
import { validateContent } from './build/validateFolder.ts';

const root = path.resolve(import.meta.dirname, '..');
// `--out DIR` builds elsewhere than dist/ (e.g. for a check that must not disturb a running server).
const outArg = process.argv.indexOf('--out');
const outDir = path.resolve(root, outArg > 0 ? (process.argv[outArg + 1] ?? 'dist') : 'dist');
const check = validateContent(root);
if (check.errors.length) {
  console.error(formatErrors(check.errors));
  console.error('\nBuild stopped: fix the content above and run the build again.');
  process.exit(1);
}
if (check.warnings.length) console.warn(formatWarnings(check.warnings));

await build({
  root,
  logLevel: 'warn',
  build: { outDir: path.join(outDir, 'client'), emptyOutDir: true, manifest: true },
});
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'scripts/build/renderPage.tsx', outDir: path.join(outDir, 'server'), emptyOutDir: true },
  // Bundle the renderer's dependencies too, so a build in any folder runs without node_modules.
  ssr: { noExternal: true },
});
const written = await prerender(outDir);
// One sharing card per page file (og:image), drawn from the same validated content.
const drawn = check.content
  ? await drawSocialCards(check.content.pages, check.content.site, path.join(outDir, 'client'))
  : { cards: [], ms: 0 };
const largest = Math.max(0, ...drawn.cards.map((c) => c.bytes));
await precompressDir(path.join(outDir, 'client')); // brotli/gzip copies, so no request compresses
console.log(
  `Built ${path.relative(root, outDir) || '.'}/: ${written} pages pre-rendered, ${drawn.cards.length} sharing cards drawn in ${(drawn.ms / 1000).toFixed(1)} s (largest ${Math.round(largest / 1024)} KB).`,
);
