/**
 * Any unknown address: shows pages/404.yaml if there is one (editable like any page), else a
 * built-in fallback. Both link home. The server answers such addresses with status 404.
 */

import { Link } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../content/model.ts';
import { PageView } from './PageView.tsx';
import { useRoute } from './useRoute.ts';

export function NotFound() {
  const route = useRoute(NOT_FOUND_PATH);
  if (route) return <PageView route={route} />;
  return (
    <main id="main" className="page">
      <section className="container section below-nav">
        <h1>Page not found</h1>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </section>
    </main>
  );
}
