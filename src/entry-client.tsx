/** Browser entry: hydrates the pre-rendered page (or renders it, in development). */
import './styles/webfont.css';
import './styles/tokens.css';
import './styles/fonts.css';
import './styles/base.css';
import { collections, imageSizes, imageVariants, pageLoaders, routes, site } from 'virtual:site-content';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { NOT_FOUND_PATH } from './content/model.ts';
import { App } from './renderer/App.tsx';
import { preloadBlocks } from './renderer/BlockRenderer.tsx';
import { ContentProvider, cachedPageLoader, type SiteContent } from './renderer/ContentContext.tsx';
import { BrowserRouter } from './renderer/router.tsx';

const content: SiteContent = {
  site,
  collections,
  routes,
  imageSizes,
  imageVariants,
  loadPage: cachedPageLoader(pageLoaders),
};

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  // Load this page's content and block code first, so hydration finds everything ready.
  const route =
    routes.find((r) => r.path === window.location.pathname.replace(/(.)\/$/, '$1')) ??
    routes.find((r) => r.path === NOT_FOUND_PATH);
  if (route) {
    const page = await content.loadPage(route.file);
    await preloadBlocks(page.blocks, { skipDeferred: true });
  }
  const app = (
    <StrictMode>
      <ContentProvider value={content}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ContentProvider>
    </StrictMode>
  );
  // Pre-rendered pages have elements in #root; the dev server's page holds only a comment.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
