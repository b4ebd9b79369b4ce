/**
 * Server entry, used by the pre-renderer: renders one address to HTML with everything loaded
 * (prerenderToNodeStream waits for lazy blocks and page content, unlike renderToString).
 */

import { collections, imageSizes, imageVariants, pageLoaders, routes, site } from 'virtual:site-content';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { NOT_FOUND_PATH, type RouteEntry } from '../../src/content/model.ts';
import { App } from '../../src/renderer/App.tsx';
import { deferredBlockTypes, preloadBlocks } from '../../src/renderer/BlockRenderer.tsx';
import { ContentProvider, cachedPageLoader, type SiteContent } from '../../src/renderer/ContentContext.tsx';
import { headFor, headToHtml } from '../../src/renderer/head.ts';
import type { SiteData } from '../../src/renderer/siteData.ts';

/** What the browser gets with each page as JSON (src/renderer/siteData.ts). */
export const siteData: SiteData = { site, collections, routes, imageSizes, imageVariants };

export const content: SiteContent = {
  site,
  collections,
  routes,
  imageSizes,
  imageVariants,
  loadPage: cachedPageLoader(pageLoaders),
};

export interface Rendered {
  html: string;
  head: string;
  route: RouteEntry | undefined;
  /** The block types the page uses (their code and styles are linked from the page's head). */
  blockTypes: string[];
  /** The page's content file. */
  file: string | undefined;
}

export async function render(url: string): Promise<Rendered> {
  const path = new URL(url, 'http://localhost').pathname;
  const route = routes.find((r) => r.path === path) ?? routes.find((r) => r.path === NOT_FOUND_PATH);
  // Load the page and its blocks first: nothing suspends, so every section is written inline in the
  // HTML (no boundary held back for a script to reveal, which would need JavaScript and shift the page).
  const page = route ? await content.loadPage(route.file) : undefined;
  if (page) await preloadBlocks(page.blocks);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ContentProvider value={content}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </ContentProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    head: route && page ? headToHtml(headFor(route, page, site, imageSizes)) : '',
    route,
    blockTypes: [...new Set(page?.blocks.map((b) => b.type) ?? [])],
    file: route?.file,
  };
}

export { deferredBlockTypes, routes, site };
