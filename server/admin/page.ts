/**
 * The staff inbox page, /admin: a small HTML shell plus one same-origin script and stylesheet
 * (server/admin/ui/), served by this server, not part of the YAML site: never pre-rendered, not in
 * the sitemap (robots.txt disallows /admin), `noindex` in a meta tag and an X-Robots-Tag header.
 * The script builds the page with DOM text nodes only, so nothing a visitor typed is ever parsed
 * as HTML; the strict CSP (script-src 'self') applies unchanged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../notify/compose.ts';
import { adminMessages } from './routes.ts';

const UI_DIR = path.join(import.meta.dirname, 'ui');

export function adminShell(apiBase: string, enabled: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="admin-api" content="${escapeHtml(apiBase)}">
<title>Submissions inbox</title>
<link rel="stylesheet" href="/admin/admin.css">
<script type="module" src="/admin/admin.js"></script>
</head>
<body>
<main id="app" class="app"${enabled ? '' : ' data-disabled'}>${enabled ? '<p>Loading…</p>' : `<h1>Submissions inbox</h1><p>${escapeHtml(adminMessages.disabled)}</p>`}</main>
</body>
</html>
`;
}

export function registerAdminPage(app: FastifyInstance, apiBase: string, enabled: boolean): void {
  const html = adminShell(apiBase, enabled);
  const js = readFileSync(path.join(UI_DIR, 'admin.js'));
  const css = readFileSync(path.join(UI_DIR, 'admin.css'));
  const noindex = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };
  app.get('/admin', async (_request, reply) =>
    reply
      .code(enabled ? 200 : 404)
      .headers(noindex)
      .type('text/html; charset=utf-8')
      .send(html),
  );
  app.get('/admin/', async (_request, reply) => reply.redirect('/admin', 301));
  app.get('/admin/admin.js', async (_request, reply) =>
    reply.headers(noindex).type('text/javascript; charset=utf-8').send(js),
  );
  app.get('/admin/admin.css', async (_request, reply) =>
    reply.headers(noindex).type('text/css; charset=utf-8').send(css),
  );
}
