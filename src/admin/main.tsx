/**
 * The staff app's entry (/admin; a second Vite entry, so nothing of it reaches the public pages).
 * The server's page shell names the API's base in <meta name="admin-api">.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './admin.css';
import { StaffApp } from './StaffApp.tsx';

const root = document.getElementById('app');
const api = document.querySelector('meta[name="admin-api"]')?.getAttribute('content') ?? '/backend/api/admin';
if (root)
  createRoot(root).render(
    <StrictMode>
      <StaffApp api={api} />
    </StrictMode>,
  );
