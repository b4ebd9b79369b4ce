/**
 * The staff app's entry (/admin; a second Vite entry, so nothing of it reaches the public pages).
 * The server's page shell names the API's base in <meta name="admin-api">, or, on a preview
 * link's page, the draft's address in <meta name="preview-api">.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './admin.css';
import { StaffApp } from './StaffApp.tsx';

// A preview link's page (server/editor/preview/previewRoutes.ts) names its draft's address
// instead: it shows that draft to someone without an account, and loads nothing of the staff app.
const PreviewLinkApp = lazy(() => import('./preview/PreviewLinkApp.tsx'));

const root = document.getElementById('app');
const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
const preview = meta('preview-api');
const api = meta('admin-api') ?? '/backend/api/admin';
if (root)
  createRoot(root).render(
    <StrictMode>
      {preview ? (
        <Suspense fallback={null}>
          <PreviewLinkApp api={preview} />
        </Suspense>
      ) : (
        <StaffApp api={api} />
      )}
    </StrictMode>,
  );
