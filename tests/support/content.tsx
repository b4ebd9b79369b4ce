/**
 * Test helpers: the site's real content (validated exactly as the build does) or a fixture folder,
 * rendered through the real app with a memory router.
 */

import path from 'node:path';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { readFolder } from '../../node/folderSource.ts';
import { readImageSizes } from '../../node/imageSizes.ts';
import { type Block, deriveCollections, deriveRoutes } from '../../src/content/model.ts';
import { App } from '../../src/renderer/App.tsx';
import { ContentProvider, type SiteContent } from '../../src/renderer/ContentContext.tsx';
import { fulfilledThenable } from '../../src/renderer/reactPrivate.ts';
import { blockRegistry } from '../../src/renderer/registry.ts';
import { formatErrors } from '../../src/validator/formatErrors.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

// Load every block's code up front, as the client does before hydrating, so pages render at once
// (a lazy component resolving after render() returned would need act() around every test).
await Promise.all(Object.values(blockRegistry).map((block) => block.preload()));

/** A promise React's `use` reads synchronously (it is already settled and marked so). */
export const settled = fulfilledThenable;

const cache = new Map<string, SiteContent>();

/** The content of a folder holding site.yaml, pages/ and public/ (default: this repository). */
export function loadContent(root: string = REPO_ROOT): SiteContent {
  const cached = cache.get(root);
  if (cached) return cached;
  const result = readFolder(root);
  if (!result.content) throw new Error(formatErrors(result.errors));
  const { site, pages } = result.content;
  const byFile = new Map(pages.map((p) => [p.file, p.page]));
  const promises = new Map<string, Promise<import('../../src/content/model.ts').Page>>();
  const content: SiteContent = {
    site,
    collections: deriveCollections(pages),
    routes: deriveRoutes(pages),
    imageSizes: readImageSizes(path.join(root, 'public'), result.images),
    loadPage: (file) => {
      let p = promises.get(file);
      if (!p) {
        const page = byFile.get(file);
        p = page ? settled(page) : Promise.reject(new Error(`No page ${file}`));
        promises.set(file, p);
      }
      return p;
    },
  };
  cache.set(root, content);
  return content;
}

export function withContent(children: ReactNode, options: { path?: string; content?: SiteContent } = {}) {
  return (
    <ContentProvider value={options.content ?? loadContent()}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{children}</MemoryRouter>
    </ContentProvider>
  );
}

/** Renders the whole app at an address. Await `findByRole('heading', { level: 1 })` before asserting. */
export function renderRoute(routePath: string, content?: SiteContent): RenderResult {
  return render(withContent(<App />, { path: routePath, ...(content ? { content } : {}) }));
}

/** Renders one block's component with the site's content around it. */
export function renderWithContent(
  ui: ReactNode,
  options: { path?: string; content?: SiteContent } = {},
): RenderResult {
  return render(withContent(ui, options));
}

/** The blocks of a page of the real site, by path. */
export async function blocksOf(routePath: string, content: SiteContent = loadContent()): Promise<Block[]> {
  const route = content.routes.find((r) => r.path === routePath);
  if (!route) throw new Error(`No route ${routePath}`);
  return (await content.loadPage(route.file)).blocks;
}
