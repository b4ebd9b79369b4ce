/**
 * Renders every route (and alias, and the 404 page) of the built site to static HTML in
 * dist/client, so each page's full text is there with JavaScript off, each from its own data
 * (src/content/pageData.ts), which also goes beside it as JSON for client-side navigation; writes
 * sitemap.xml and robots.txt. A page whose data and code are unchanged is taken from the build cache.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_FOUND_PATH, type SiteConfig } from '../../src/content/model.ts';
import {
  pageDataUrl,
  pageSliceFor,
  type SiteData,
  siteDataFor,
  type WholeSite,
} from '../../src/content/pageData.ts';
import { siteDataScript } from '../../src/renderer/siteData.ts';
import { jsonLdText, organizationJsonLd } from '../../src/renderer/structuredData.ts';
import { BuildCache } from './buildCache.ts';
import { ensureFolder } from './ensureFolder.ts';
import { POOL_FROM_PAGES, renderInPool } from './renderPool.ts';
import type { RenderJob } from './renderWorker.ts';
import { scriptsAfterPaint } from './scriptsAfterPaint.ts';

type ServerEntry = typeof import('./renderPage.tsx');

export function htmlFileFor(routePath: string): string {
  if (routePath === '/') return 'index.html';
  if (routePath === NOT_FOUND_PATH) return '404.html';
  return `${routePath.slice(1)}/index.html`;
}

/**
 * Preload tags for the page's main picture: the first <img fetchpriority="high"> the page rendered.
 * In a <picture>, one preload per screen it distinguishes (a phone variant's <source media>), each
 * only for those screens, of the first source a browser would take there: the AVIF variant of a
 * photo (with its srcset and sizes; browsers without AVIF skip the preload and find the picture in
 * the page), else the picture itself.
 */
export function lcpPreloads(html: string): string {
  const img = /<img\b[^>]*fetchpriority="high"[^>]*>/i.exec(html);
  if (!img) return '';
  const src = /\ssrc="([^"]+)"/.exec(img[0])?.[1];
  if (!src) return '';
  const before = html.slice(0, img.index);
  const pictureStart = before.lastIndexOf('<picture');
  const sources =
    pictureStart >= 0 && !before.slice(pictureStart).includes('</picture>')
      ? [...before.slice(pictureStart).matchAll(/<source\b[^>]*>/gi)].map((m) => ({
          media: /\smedia="([^"]+)"/.exec(m[0])?.[1],
          type: /\stype="([^"]+)"/.exec(m[0])?.[1],
          srcset: /\ssrcset="([^"]+)"/i.exec(m[0])?.[1],
          sizes: /\ssizes="([^"]+)"/i.exec(m[0])?.[1],
        }))
      : [];
  const link = (
    source: { type?: string | undefined; srcset?: string | undefined; sizes?: string | undefined },
    media: string | undefined,
  ) => {
    const single = source.srcset && !/[\s,]/.test(source.srcset.trim());
    const what = !source.srcset
      ? ` href="${src}"`
      : single && !source.type
        ? ` href="${source.srcset}"`
        : `${source.type ? ` type="${source.type}"` : ''} imagesrcset="${source.srcset}"${source.sizes ? ` imagesizes="${source.sizes}"` : ''}`;
    return `<link rel="preload" as="image"${what}${media ? ` media="${media}"` : ''} fetchpriority="high">`;
  };
  const medias = [...new Set(sources.map((s) => s.media).filter((m): m is string => !!m))];
  const links = medias.map((media) => link(sources.find((s) => s.media === media && s.srcset) ?? {}, media));
  const otherwise = medias.length === 1 ? `not all and ${medias[0]}` : undefined;
  links.push(link(sources.find((s) => !s.media && s.srcset) ?? {}, otherwise));
  return links.join('\n    ');
}

/**
 * The rendered page without the image preloads React adds on its own (for every image not loaded
 * lazily, e.g. both header logos, one of which is hidden, and the main picture a second time, for
 * every screen): the page's head gets exactly the main picture's preloads (`lcpPreloads`).
 */
export function withoutReactPreloads(html: string): string {
  return html.replace(/<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="image")[^>]*>/gi, '');
}

/**
 * Preload for the body font's Latin core file (the one every page needs first; the other subsets load
 * only if a page uses their characters), so text never waits for the stylesheet to discover it.
 */
export function fontPreloads(clientDir: string): string {
  const fonts = readdirSync(path.join(clientDir, 'assets')).filter((f) =>
    /-latin-core-wght-normal-[\w-]+\.woff2$/.test(f),
  );
  return fonts
    .map((f) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${f}" crossorigin>`)
    .join('\n    ');
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Stylesheets and module preloads for what a page renders: the code of each of its blocks (with their shared chunks), from Vite's manifest. Without the stylesheets the
 * pre-rendered blocks would show unstyled until their scripts load (and without JavaScript).
 */
export function pageAssetTags(
  manifest: Manifest,
  blockTypes: readonly string[],
  deferred: readonly string[] = [],
): string {
  const entries = blockTypes.flatMap((type) =>
    Object.keys(manifest).filter(
      (key) => key.startsWith(`src/blocks/${type}/`) && manifest[key]?.isDynamicEntry,
    ),
  );
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // index.html is the main entry: its code and styles are already in the page.
    if (!chunk || key === 'index.html' || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  entries.forEach(visit);
  // Deferred blocks: their styles are needed at once (the pre-rendered HTML shows them), their code is not.
  for (const type of deferred) {
    for (const key of Object.keys(manifest).filter((k) => k.startsWith(`src/blocks/${type}/`))) {
      for (const c of manifest[key]?.css ?? []) css.add(c);
      for (const i of manifest[key]?.imports ?? []) for (const c of manifest[i]?.css ?? []) css.add(c);
    }
  }
  return [
    ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}

/**
 * Puts the page's stylesheets into the HTML itself, so the first paint waits for no request: on a
 * phone's connection, half a dozen small render-blocking stylesheets cost about half a second of
 * first paint and LCP. Each <link> stays, `disabled` so the browser does not fetch it, because Vite's
 * loader looks for that link before it adds a chunk's stylesheet on client-side navigation; without
 * it the same rules would be downloaded again during hydration. A stylesheet linked twice (the
 * entry's, also listed by a shared chunk) is inlined once, at its last place, where it took effect.
 */
export function inlineStylesheets(html: string, readAsset: (href: string) => string): string {
  const link = /<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/g;
  const remaining = new Map<string, number>();
  for (const [, href] of html.matchAll(link))
    remaining.set(href as string, (remaining.get(href as string) ?? 0) + 1);
  return html.replace(link, (_, href: string) => {
    const left = (remaining.get(href) ?? 1) - 1;
    remaining.set(href, left);
    if (left > 0) return '';
    return `<style>${readAsset(href)}</style>\n    <link rel="stylesheet" crossorigin href="${href}" disabled>`;
  });
}

export interface PrerenderOptions {
  /** Where the pages, their data, sitemap.xml and robots.txt are written. */
  clientDir: string;
  /** The code's Vite builds: client/ (template, manifest, styles) and server/ (the renderer). */
  bundleDir: string;
  whole: WholeSite;
  /** The code's version: with a page's data, all its HTML is made from. */
  code: string;
  cache: BuildCache;
}

/**
 * Writes every address's page (rendered, or reused from the cache when its data and the code are
 * as before) and, for client-side navigation, its page data; returns how many pages.
 */
export async function prerender({
  clientDir,
  bundleDir,
  whole,
  code,
  cache,
}: PrerenderOptions): Promise<number> {
  const { routes, site } = whole;
  const addresses = routes.map((r) => r.path);
  if (!addresses.includes(NOT_FOUND_PATH)) addresses.push(NOT_FOUND_PATH);

  const toRender: (RenderJob & { key: string })[] = [];
  for (const address of addresses) {
    const data = siteDataFor(whole, address);
    const key = BuildCache.key(code, address, JSON.stringify(data));
    if (cache.linkInto('pages', key, path.join(clientDir, htmlFileFor(address))) === undefined)
      toRender.push({ address, data, key });
    const slice = pageSliceFor(whole, address);
    if (slice) writeInto(clientDir, pageDataUrl(address).slice(1), JSON.stringify(slice));
  }
  const keys = new Map(toRender.map((job) => [job.address, job.key]));
  const rendered = (address: string, html: string) => {
    cache.put('pages', keys.get(address) as string, html);
    writeInto(clientDir, htmlFileFor(address), html);
  };
  if (toRender.length >= POOL_FROM_PAGES) await renderInPool(bundleDir, site, toRender, rendered);
  else if (toRender.length) {
    const render = await pageRenderer(bundleDir, site);
    for (const { address, data } of toRender) rendered(address, await render(address, data));
  }

  const indexable = routes.filter((r) => !r.noindex && r.path === r.canonicalPath);
  const urls = indexable
    .map((r) => `  <url><loc>${site.url}${r.path === '/' ? '/' : r.path}</loc></url>`)
    .join('\n');
  writeFileSync(
    path.join(clientDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
  writeFileSync(
    path.join(clientDir, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${site.url}/sitemap.xml\n`,
  );
  return addresses.length;
}

function writeInto(dir: string, rel: string, data: string | Buffer): void {
  const file = path.join(dir, rel);
  ensureFolder(path.dirname(file));
  writeFileSync(file, data);
}

/** Renders one address to its whole HTML file: the page in the template, with its head and data. */
export async function pageRenderer(
  bundleDir: string,
  site: SiteConfig,
): Promise<(address: string, data: SiteData) => Promise<string>> {
  const clientDir = path.join(bundleDir, 'client');
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entry = (await import(
    pathToFileURL(path.join(bundleDir, 'server/renderPage.js')).href
  )) as ServerEntry;
  const fonts = fontPreloads(clientDir);
  const stylesheets = new Map<string, string>();
  const readAsset = (href: string) => {
    let css = stylesheets.get(href);
    if (css === undefined) {
      css = readFileSync(path.join(clientDir, href), 'utf8').trim();
      stylesheets.set(href, css);
    }
    return css;
  };
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return async (address, data) => {
    const rendered = await entry.render(address, data);
    const { head, blockTypes } = rendered;
    const html = withoutReactPreloads(rendered.html);
    const structured =
      address === '/'
        ? `\n    <script type="application/ld+json">${jsonLdText(organizationJsonLd(site))}</script>`
        : '';
    const deferred = blockTypes.filter((t) => entry.deferredBlockTypes.includes(t));
    const assets = pageAssetTags(
      manifest,
      blockTypes.filter((t) => !deferred.includes(t)),
      deferred,
    );
    const fullHead = `${head}\n    ${fonts}\n    ${lcpPreloads(html)}\n    ${assets}${structured}`;
    return scriptsAfterPaint(
      inlineStylesheets(
        template
          .replace('<!--app-head-->', () => fullHead)
          .replace('<!--app-html-->', () => html)
          .replace('</body>', () => `  ${siteDataScript(data)}\n  </body>`),
        readAsset,
      ),
    );
  };
}
