/**
 * The Publish build, run as a child process by SitePublisher:
 *   node --import tsx server/editor/buildSite.ts <contentDir> <outDir>
 * Validates the content, builds the client and the renderer with the repository's Vite settings
 * but the content (and public/ pictures) of <contentDir>, then pre-renders every page into
 * <outDir>/client and draws the sharing cards. Prints "STEP <name>" lines as it goes; on failure the reason goes to stderr
 * and the exit code is 1. Same steps as scripts/build.ts (keep the two alike), which always builds
 * the repository's own content.
 */
import path from 'node:path';
import type { InlineConfig } from 'vite';
import { validateContent } from '../../scripts/build/validateFolder.ts';
import { formatErrors } from '../../src/validator/formatErrors.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const [contentArg, outArg] = process.argv.slice(2);
if (!contentArg || !outArg) {
  console.error('Usage: buildSite.ts <contentDir> <outDir>');
  process.exit(2);
}
const contentDir = path.resolve(contentArg);
const outDir = path.resolve(outArg);
const step = (name: string) => console.log(`STEP ${name}`);

step('validate');
const check = validateContent(contentDir);
if (check.errors.length) {
  console.error(formatErrors(check.errors));
  process.exit(1);
}

// Vite and the renderer load only once the content is known to be valid (a failure answers sooner).
const { build } = await import('vite');
const { default: react } = await import('@vitejs/plugin-react');
const { contentPlugin } = await import('../../scripts/build/contentPlugin.ts');
const { iconSpritePlugin } = await import('../../scripts/build/iconSprite.ts');
const { prerender } = await import('../../scripts/build/prerender.ts');
const { drawSocialCards } = await import('../../scripts/build/socialCards.ts');
const { default: viteConfig } = await import('../../vite.config.ts');
const {
  plugins: _plugins,
  test: _test,
  build: buildOptions,
  ...shared
} = viteConfig as InlineConfig & { test?: unknown };
const base = (): InlineConfig => ({
  ...shared,
  configFile: false,
  root: repo,
  publicDir: path.join(contentDir, 'public'),
  logLevel: 'warn',
  plugins: [react(), contentPlugin({ root: contentDir }), iconSpritePlugin()],
});

step('build');
await build({
  ...base(),
  build: { ...buildOptions, outDir: path.join(outDir, 'client'), emptyOutDir: true, manifest: true },
});
await build({
  ...base(),
  build: { ssr: 'scripts/build/renderPage.tsx', outDir: path.join(outDir, 'server'), emptyOutDir: true },
  ssr: { noExternal: true },
});
step('prerender');
const pages = await prerender(outDir);
step('cards');
if (check.content)
  await drawSocialCards(check.content.pages, check.content.site, path.join(outDir, 'client'));
console.log(`STEP done ${pages}`);
