// @vitest-environment node
/**
 * The editor's pictures inside the real server (server/app.ts), over HTTP: only signed-in content
 * staff read the content folder's pictures, with the SVG policy; a deletion needs the CSRF token.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CSRF_HEADER } from '../admin/routes.ts';
import { type EditorServer, startEditorServer } from './editorTestSupport.ts';

let editor: EditorServer;
// Copying the content and starting the server takes a while on a busy machine.
beforeAll(async () => {
  editor = await startEditorServer({ git: true });
}, 60_000);
afterAll(async () => editor?.stop());

const picture = (address: string) => `${editor.server.api}/admin/content${address}`;

describe('the editor’s pictures over HTTP', () => {
  it('serves a work-tree SVG to content staff only, with a policy that runs no script', async () => {
    const address = '/images/services/iot/hero-desktop.svg';
    const writer = await editor.signIn('writer@example.com');
    const res = await fetch(picture(address), { headers: { cookie: writer.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');

    expect((await fetch(picture(address))).status).toBe(401);
    const inbox = await editor.signIn('inbox@example.com');
    expect((await fetch(picture(address), { headers: { cookie: inbox.cookie } })).status).toBe(403);
  });

  it('deletes an unused picture only with the session’s CSRF token', async () => {
    const address = '/images/services/iot/unused.png';
    writeFileSync(path.join(editor.content, 'public', address), Buffer.from('not checked here'));
    const writer = await editor.signIn('writer@example.com');
    const without = await fetch(picture(address), { method: 'DELETE', headers: { cookie: writer.cookie } });
    expect(without.status).toBe(403);
    expect(existsSync(path.join(editor.content, 'public', address))).toBe(true);
    const deleted = await fetch(picture(address), {
      method: 'DELETE',
      headers: { cookie: writer.cookie, [CSRF_HEADER]: writer.csrf },
    });
    expect(deleted.status).toBe(200);
    expect(existsSync(path.join(editor.content, 'public', address))).toBe(false);
  });
});
