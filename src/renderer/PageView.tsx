/** One route: loads the page's content (suspending until it is there) and renders its blocks. */
import { createContext, type ReactNode, use, useContext, useMemo } from 'react';
import type { Page, RouteEntry } from '../content/model.ts';
import { BlockRenderer } from './BlockRenderer.tsx';
import { useContent } from './ContentContext.tsx';
import { useDocumentHead } from './documentHead.ts';

const PageContext = createContext<{ page: Page; route: RouteEntry } | null>(null);

/** The page (and address) a block is rendered on, e.g. for a form that posts the page's job title. */
export function usePage(): { page: Page; route: RouteEntry } {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() must be used inside a page');
  return value;
}

/** Gives blocks rendered outside a route (the visual editor's preview) the page they are on. */
export function PageProvider({
  page,
  route,
  children,
}: {
  page: Page;
  route: RouteEntry;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ page, route }), [page, route]);
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

export function PageView({ route }: { route: RouteEntry }) {
  const { loadPage, site, imageSizes } = useContent();
  const page = use(loadPage(route.file));
  useDocumentHead(route, page, site, imageSizes);
  // One value per page: a new one would reach blocks still waiting for their code (lazyBlock's
  // `defer`) as an update, which makes React load them at once.
  const value = useMemo(() => ({ page, route }), [page, route]);
  return (
    <PageContext.Provider value={value}>
      <main id="main" className="page" data-page={route.canonicalPath}>
        <BlockRenderer blocks={page.blocks} />
      </main>
    </PageContext.Provider>
  );
}
