/** Browser entry: hydrates the pre-rendered page (or renders it, in development). */
import './styles/webfont.css';
import './styles/tokens.css';
import './styles/fonts.css';
import './styles/base.css';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { NOT_FOUND_PATH } from './content/model.ts';
import { normalisePath } from './frame/navModel.ts';
import { App } from './renderer/App.tsx';
import { preloadBlocks } from './renderer/BlockRenderer.tsx';
import { contentFromData, fetchPageSlice } from './renderer/browserContent.ts';
import { ContentProvider } from './renderer/ContentContext.tsx';
import { headWrittenByServer } from './renderer/documentHead.ts';
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from './renderer/hydratedEvent.ts';
import { readSiteData } from './renderer/siteData.ts';

// The site's data and this page's content come with the page (src/renderer/siteData.ts); other
// pages' come as JSON on client-side navigation. A page whose data does not know its own address
// is the 404 page (whose data holds pages/404.yaml if there is one): its first render must wait for
// no request, so that address, and a 404 page the data does not hold, are known to have none.
const data = readSiteData(document);
const here = normalisePath(window.location.pathname);
const knows = (address: string) => data.routes.some((r) => r.path === address);
const content = contentFromData(data, {
  fetchSlice: fetchPageSlice,
  missing: knows(here) ? [] : [here, NOT_FOUND_PATH].filter((a) => !knows(a)),
});
const { routes } = content;

/**
 * Announces that the page has hydrated (its effects run once the whole page has committed): the
 * pre-rendered page's boot script then replays a button press made before, and `<html
 * data-hydrated>` tells a browser test the page now answers to keys and clicks.
 *
 * It wraps App rather than sitting beside it: React's useId encodes each component's place among
 * parents with several children, and the pre-renderer's tree (StaticRouter > App) has none here.
 * A sibling would shift every id below App, so a pre-rendered `aria-controls` would name an id that
 * the element React mounts after hydration does not carry.
 */
function AnnounceHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset[HYDRATED_ATTRIBUTE] = 'true';
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return children;
}

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const prerendered = container.firstElementChild !== null;
  // Load this page's content and block code first, so hydration finds everything ready. (The
  // pre-rendered page has painted already: its boot script asks for this code only after the first
  // paint, scripts/build/scriptsAfterPaint.ts.)
  const route = routes.find((r) => r.path === here) ?? routes.find((r) => r.path === NOT_FOUND_PATH);
  if (route) await preloadBlocks((await content.loadPage(route.file)).blocks, { skipDeferred: true });
  if (prerendered && route) headWrittenByServer(route.path);
  const app = (
    <StrictMode>
      <ContentProvider value={content}>
        <BrowserRouter>
          <AnnounceHydrated>
            <App />
          </AnnounceHydrated>
        </BrowserRouter>
      </ContentProvider>
    </StrictMode>
  );
  // Pre-rendered pages have elements in #root; the dev server's page holds only a comment.
  // Hydration in a transition is rendered in slices of a few milliseconds, yielding to the browser
  // between them (React renders a plain hydrateRoot in one task: 70+ ms on a slow phone for a long
  // page, the largest part of Lighthouse's Total Blocking Time). A press meanwhile is not lost: the
  // boot script holds it until HYDRATED_EVENT.
  if (prerendered)
    startTransition(() => {
      hydrateRoot(container, app);
    });
  else createRoot(container).render(app);
}

void start();
