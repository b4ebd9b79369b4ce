/** Browser entry: hydrates the pre-rendered page (or renders it, in development). */
import './styles/webfont.css';
import './styles/tokens.css';
import './styles/fonts.css';
import './styles/base.css';
import { pageLoaders } from 'virtual:site-content';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { NOT_FOUND_PATH } from './content/model.ts';
import { App } from './renderer/App.tsx';
import { preloadBlocks } from './renderer/BlockRenderer.tsx';
import { ContentProvider, cachedPageLoader, type SiteContent } from './renderer/ContentContext.tsx';
import { headWrittenByServer } from './renderer/documentHead.ts';
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from './renderer/hydratedEvent.ts';
import { readSiteData } from './renderer/siteData.ts';

// The site's data comes with the page (src/renderer/siteData.ts); the page loaders are code.
const content: SiteContent = { ...readSiteData(document), loadPage: cachedPageLoader(pageLoaders) };
const { routes } = content;

/**
 * Resolves once the browser has painted the page as the server wrote it: after the next frame
 * (requestAnimationFrame, then a task), or after 100 ms where frames are not drawn (a hidden tab).
 * Hydrating a long page takes the main thread for a while on a slow phone; started first, it would
 * hold back the first paint of a page that needs no script to be read.
 */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/**
 * Announces that the page has hydrated (its effects run once the whole page has committed): the
 * pre-rendered page's boot script then replays a button press made before, and `<html
 * data-hydrated>` tells a browser test the page now answers to keys and clicks.
 */
function AnnounceHydrated() {
  useEffect(() => {
    document.documentElement.dataset[HYDRATED_ATTRIBUTE] = 'true';
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const prerendered = container.firstElementChild !== null;
  // Load this page's content and block code first, so hydration finds everything ready; meanwhile
  // the browser paints the pre-rendered page.
  const route =
    routes.find((r) => r.path === window.location.pathname.replace(/(.)\/$/, '$1')) ??
    routes.find((r) => r.path === NOT_FOUND_PATH);
  const ready = route
    ? content.loadPage(route.file).then((page) => preloadBlocks(page.blocks, { skipDeferred: true }))
    : Promise.resolve();
  await Promise.all([ready, prerendered ? painted() : undefined]);
  if (prerendered && route) headWrittenByServer(route.path);
  const app = (
    <StrictMode>
      <ContentProvider value={content}>
        <BrowserRouter>
          <App />
          <AnnounceHydrated />
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
