/**
 * The app: the shared frame around the page at the current address (a page's path or one of its
 * aliases), or the 404 page for any other address.
 */
import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../content/model.ts';
import { Frame } from '../frame/Frame.tsx';
import { normalisePath } from '../frame/navModel.ts';
import { NotFound } from './NotFound.tsx';
import { PageView } from './PageView.tsx';
import { ScrollManager } from './ScrollManager.tsx';
import { useRoute } from './useRoute.ts';

export function App() {
  return (
    <Frame>
      <ScrollManager />
      <Suspense fallback={<main id="main" className="page" />}>
        <AddressView />
      </Suspense>
    </Frame>
  );
}

function AddressView() {
  const route = useRoute(normalisePath(useLocation().pathname));
  return route && route.path !== NOT_FOUND_PATH ? <PageView route={route} /> : <NotFound />;
}
