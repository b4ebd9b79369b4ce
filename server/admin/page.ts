/**
 * The staff area's page, /admin: a small HTML shell that loads the staff app (src/admin/main.tsx,
 * the build's second entry, found in Vite's manifest), served by this server, not part of the YAML
 * site: never pre-rendered, not in the sitemap (robots.txt disallows /admin), `noindex` in a meta
 * tag and an X-Robots-Tag header, never cached. The shell holds no inline script, and its
 * Content-Security-Policy is the site's own, as strict: no 'unsafe-eval' either, since the staff
 * app's schema checks (the content validator's and the editor forms') are compiled at build time
 * (scripts/build/validatorsPlugin.ts), not with `new Function` in the browser. Under `npm run dev`,
 * scripts/dev.ts serves the same shell through Vite instead.
 * The shell names the staff app's files as the manifest of the build being served lists them, read
 * once per build: the visual editor's Publish swaps in a new build (static.ts, servedSite.swap)
 * whose files have other hashes, and a shell made at start would then link to files that are gone.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../notify/compose.ts';
import { adminMessages } from './routes.ts';

/** The staff app's entry, as Vite's manifest names it. */
export const ADMIN_ENTRY = 'src/admin/main.tsx';

export const ADMIN_TITLE = 'Staff area';

/** What the shell loads: module scripts (the first is the entry) and stylesheets. */
export interface AdminAssets {
  scripts: string[];
  preloads: string[];
  styles: string[];
}

export const NOT_BUILT_MESSAGE =
  'The staff app is not built yet: run `npm run build` and restart the server.';

/**
 * A page of the staff app's shell: never indexed; the app's styles, and its scripts when `meta`
 * names what the app should draw (a staff API's base, or a preview link's draft); else `body` alone.
 */
export function appShell(options: {
  title: string;
  body: string;
  assets: AdminAssets | undefined;
  /** The <meta> that tells the app what to draw (its name and content); none: no script is loaded. */
  meta?: { name: 'admin-api' | 'preview-api'; content: string };
}): string {
  const { title, body, assets, meta } = options;
  const head = assets
    ? [
        ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
        ...(meta
          ? [
              ...assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
              ...assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
            ]
          : []),
      ].join('\n')
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${meta ? `<meta name="${meta.name}" content="${escapeHtml(meta.content)}">\n` : ''}<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

export function adminShell(apiBase: string, assets: AdminAssets | { message: string }): string {
  const meta = { name: 'admin-api' as const, content: apiBase };
  return 'message' in assets
    ? appShell({
        title: ADMIN_TITLE,
        body: `<main class="app"><h1>${ADMIN_TITLE}</h1><p>${escapeHtml(assets.message)}</p></main>`,
        assets: undefined,
        meta,
      })
    : appShell({
        title: ADMIN_TITLE,
        body: '<div id="app"><main class="app"><p>Loading…</p></main></div>',
        assets,
        meta,
      });
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const manifestFile = (clientDir: string) => path.join(clientDir, '.vite', 'manifest.json');

/** Which manifest file a build holds now ('' when none): changes whenever a new one is written. */
function manifestStamp(clientDir: string): string {
  const stat = statSync(manifestFile(clientDir), { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : '';
}

/** The built staff app's files (from the client build's manifest), or undefined when not built. */
export function builtAdminAssets(clientDir: string | undefined): AdminAssets | undefined {
  if (!clientDir) return undefined;
  const file = manifestFile(clientDir);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[ADMIN_ENTRY];
  if (!entry) return undefined;
  const preloads = new Set<string>();
  const styles = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const c of chunk.css ?? []) styles.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const i of entry.imports ?? []) visit(i);
  const url = (f: string) => `/${f}`;
  return { scripts: [url(entry.file)], preloads: [...preloads].map(url), styles: [...styles].map(url) };
}

/**
 * The staff app's files of the build being served (servedSite, after a Publish) or the first,
 * read again only when that build changes. A folder's name alone does not say so: Publish ends by
 * renaming the new build into DIST_DIR/client, the folder served before, so the manifest file's
 * identity (inode, time, size: a new file each build) is part of the key. The preview links'
 * page (server/editor/preview/) loads the same app.
 */
export function adminAssetsOf(app: FastifyInstance, clientDir?: string): () => AdminAssets | undefined {
  let cached: { key: string; assets: AdminAssets | undefined } | undefined;
  return () => {
    const dir = app.servedSite?.clientDir() ?? clientDir;
    const key = `${dir}\n${dir === undefined ? '' : manifestStamp(dir)}`;
    if (cached?.key !== key) cached = { key, assets: builtAdminAssets(dir) };
    return cached.assets;
  };
}

export function registerAdminPage(
  app: FastifyInstance,
  apiBase: string,
  enabled: () => Promise<boolean>,
  clientDir?: string,
): void {
  const assets = adminAssetsOf(app, clientDir);
  let cached: { assets: AdminAssets | undefined; html: string } | undefined;
  const shell = (): string => {
    const now = assets();
    if (!cached || cached.assets !== now)
      cached = { assets: now, html: adminShell(apiBase, now ?? { message: NOT_BUILT_MESSAGE }) };
    return cached.html;
  };
  const off = adminShell(apiBase, { message: adminMessages.disabled });
  const noindex = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };
  app.get('/admin', async (_request, reply) => {
    const on = await enabled();
    return reply
      .code(on ? 200 : 404)
      .headers(noindex)
      .type('text/html; charset=utf-8')
      .send(on ? shell() : off);
  });
  app.get('/admin/', async (_request, reply) => reply.redirect('/admin', 301));
}
