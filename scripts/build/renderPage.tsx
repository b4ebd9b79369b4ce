/**
 * Server entry, used by the pre-renderer: renders one address to HTML from that page's data (the
 * site settings and its slice of the site, src/content/pageData.ts), with everything loaded
 * (prerenderToNodeStream waits for lazy blocks and page content, unlike renderToString). The
 * bundle holds code only: a content change never changes it.
 */

import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../../src/content/model.ts';
import type { SiteData } from '../../src/content/pageData.ts';
import { normalisePath } from '../../src/frame/navModel.ts';
import { App } from '../../src/renderer/App.tsx';
import { deferredBlockTypes, preloadBlocks } from '../../src/renderer/BlockRenderer.tsx';
import { contentFromData } from '../../src/renderer/browserContent.ts';
import { ContentProvider } from '../../src/renderer/ContentContext.tsx';
import { headFor, headToHtml } from '../../src/renderer/head.ts';

export interface Rendered {
  html: string;
  head: string;
  /** The block types the page uses (their code and styles are linked from the page's head). */
  blockTypes: string[];
}

/** Renders `url` with the data its page carries (the same the browser hydrates it with). */
export async function render(url: string, data: SiteData): Promise<Rendered> {
  const content = contentFromData(data);
  const address = normalisePath(new URL(url, 'http://localhost').pathname);
  const { routes } = content;
  const route = routes.find((r) => r.path === address) ?? routes.find((r) => r.path === NOT_FOUND_PATH);
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
    head: route && page ? headToHtml(headFor(route, page, data.site, data.imageSizes)) : '',
    blockTypes: [...new Set(page?.blocks.map((b) => b.type) ?? [])],
  };
}

export { deferredBlockTypes };
