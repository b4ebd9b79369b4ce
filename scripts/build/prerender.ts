/**
 * Renders every route (and alias, and the 404 page) of the built site to static HTML in
 * dist/client, so each page's full text is there with JavaScript off; writes sitemap.xml and robots.txt.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_FOUND_PATH } from '../../src/content/model.ts';
import { siteDataScript } from '../../src/renderer/siteData.ts';
import { jsonLdText, organizationJsonLd } from '../../src/renderer/structuredData.ts';
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
 * Stylesheets and module preloads for what a page renders: its content chunk and the code of each
 * of its blocks (with their shared chunks), from Vite's manifest. Without the stylesheets the
 * pre-rendered blocks would show unstyled until their scripts load (and without JavaScript).
 */
export function pageAssetTags(
  manifest: Manifest,
  blockTypes: readonly string[],
  pageFile: string | undefined,
  deferred: readonly string[] = [],
): string {
  const entries = [
    ...(pageFile ? [`virtual:page/${pageFile}`] : []),
    ...blockTypes.flatMap((type) =>
      Object.keys(manifest).filter(
        (key) => key.startsWith(`src/blocks/${type}/`) && manifest[key]?.isDynamicEntry,
      ),
    ),
  ];
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

/** `outDir` holds the Vite builds: client/ (written to) and server/ (the renderer). */
export async function prerender(outDir: string): Promise<number> {
  const clientDir = path.join(outDir, 'client');
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entry = (await import(pathToFileURL(path.join(outDir, 'server/renderPage.js')).href)) as ServerEntry;
  const { routes, site } = entry;
  const data = siteDataScript(entry.siteData);
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
  const addresses = routes.map((r) => r.path);
  if (!addresses.includes(NOT_FOUND_PATH)) addresses.push(NOT_FOUND_PATH);

  for (const address of addresses) {
    const rendered = await entry.render(address);
    const { head, blockTypes, file: pageFile } = rendered;
    const html = withoutReactPreloads(rendered.html);
    const structured =
      address === '/'
        ? `\n    <script type="application/ld+json">${jsonLdText(organizationJsonLd(site))}</script>`
        : '';
    const deferred = blockTypes.filter((t) => entry.deferredBlockTypes.includes(t));
    const assets = pageAssetTags(
      manifest,
      blockTypes.filter((t) => !deferred.includes(t)),
      pageFile,
      deferred,
    );
    const fullHead = `${head}\n    ${fonts}\n    ${lcpPreloads(html)}\n    ${assets}${structured}`;
    const page = scriptsAfterPaint(
      inlineStylesheets(
        template
          .replace('<!--app-head-->', () => fullHead)
          .replace('<!--app-html-->', () => html)
          .replace('</body>', () => `  ${data}\n  </body>`),
        readAsset,
      ),
    );
    const htmlFile = path.join(clientDir, htmlFileFor(address));
    mkdirSync(path.dirname(htmlFile), { recursive: true });
    writeFileSync(htmlFile, page);
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
