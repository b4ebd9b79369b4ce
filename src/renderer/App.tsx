/**
 * The app: the shared frame around the page at the current address (a page path or alias), and
 * the 404 page for any other address. Aliases are simply more routes to the same page file. Every
 * route is an exact path, so the page is found by looking the address up (a trailing slash aside).
 */
import { Suspense } from 'react';
import { NOT_FOUND_PATH } from '../content/model.ts';
import { Frame } from '../frame/Frame.tsx';
import { useContent } from './ContentContext.tsx';
import { NotFound } from './NotFound.tsx';
import { PageView } from './PageView.tsx';
import { useLocation } from './router.tsx';
import { ScrollManager } from './ScrollManager.tsx';

export function App() {
  const { routes } = useContent();
  const pathname = useLocation().pathname.replace(/(.)\/$/, '$1');
  const route = routes.find((r) => r.path === pathname && r.path !== NOT_FOUND_PATH);
  return (
    <Frame>
      <ScrollManager />
      <Suspense fallback={<main id="main" className="page" />}>
        {route ? <PageView route={route} /> : <NotFound />}
      </Suspense>
    </Frame>
  );
}
