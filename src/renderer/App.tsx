/**
 * The app: the shared frame around a route per page path and alias, and the 404 page for any
 * other address. Aliases are simply more routes to the same page file.
 */
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../content/model.ts';
import { Frame } from '../frame/Frame.tsx';
import { useContent } from './ContentContext.tsx';
import { NotFound } from './NotFound.tsx';
import { PageView } from './PageView.tsx';
import { ScrollManager } from './ScrollManager.tsx';

export function App() {
  const { routes } = useContent();
  return (
    <Frame>
      <ScrollManager />
      <Suspense fallback={<main id="main" className="page" />}>
        <Routes>
          {routes
            .filter((r) => r.path !== NOT_FOUND_PATH)
            .map((route) => (
              <Route key={route.path} path={route.path} element={<PageView route={route} />} />
            ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Frame>
  );
}
