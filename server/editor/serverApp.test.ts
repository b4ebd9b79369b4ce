// @vitest-environment node
/**
 * The content API inside the real server (server/app.ts): staff sign in over HTTP, the role guard
 * and the CSRF check apply, and a save is committed as the signed-in staff member.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { hashPassword } from '../admin/password.ts';
import { CSRF_HEADER } from '../admin/routes.ts';
import { fakeClientDir, startTestServer, type TestServer } from '../testSupport.ts';
import { type EditorServer, startEditorServer } from './editorTestSupport.ts';

const FAST = { N: 1024, r: 8, p: 1 };
let editor: EditorServer;
let server: TestServer;
let content: string;
const signIn = (email: string) => editor.signIn(email);

beforeAll(async () => {
  editor = await startEditorServer({ git: true });
  ({ server, content } = editor);
});
afterAll(async () => editor?.stop());

const content$ = (route: string) => `${server.api}/admin/content${route}`;

describe('the content API in the server', () => {
  it('saves a page for a content editor, committed as them; refuses without CSRF and for the inbox role', async () => {
    const writer = await signIn('writer@example.com');
    const site = await fetch(content$('/site'), { headers: { cookie: writer.cookie } });
    expect(site.status).toBe(200);
    const file = 'pages/careers/customer-support.yaml';
    const { text, version } = (
      (await site.json()) as { files: Record<string, { text: string; version: string }> }
    ).files[file] as { text: string; version: string };
    const data = parse(text);
    data.title = 'Customer Support Executive, Bengaluru';
    const body = JSON.stringify({ file, version, data });
    const headers = { cookie: writer.cookie, 'content-type': 'application/json' };

    const noCsrf = await fetch(content$('/file'), { method: 'PUT', headers, body });
    expect(noCsrf.status).toBe(403);

    const saved = await fetch(content$('/file'), {
      method: 'PUT',
      headers: { ...headers, [CSRF_HEADER]: writer.csrf },
      body,
    });
    expect(saved.status).toBe(200);
    expect(readFileSync(path.join(content, file), 'utf8')).toContain(
      'title: Customer Support Executive, Bengaluru',
    );
    const author = execFileSync('git', ['log', '-1', '--format=%an <%ae>'], {
      cwd: content,
      encoding: 'utf8',
    }).trim();
    expect(author).toBe('Wen Writer <writer@example.com>');

    const inbox = await signIn('inbox@example.com');
    expect((await fetch(content$('/site'), { headers: { cookie: inbox.cookie } })).status).toBe(403);
    expect((await fetch(content$('/site'))).status).toBe(401);
  });
});

describe('the content API in a server that serves the built site (npm start)', () => {
  it('offers Publish, and the served build can be switched while running', async () => {
    const clientDir = fakeClientDir();
    const site = await startTestServer({
      clientDir,
      admin: { passwordHash: await hashPassword('first admin password', FAST) },
    });
    try {
      const login = await fetch(`${site.api}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@localhost', password: 'first admin password' }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const status = await fetch(`${site.api}/admin/content/publish`, { headers: { cookie } });
      expect(await status.json()).toEqual({ state: 'idle' });

      expect(site.app.servedSite?.clientDir()).toBe(clientDir);
      const next = mkdtempSync(path.join(tmpdir(), 'triune-next-build-'));
      writeFileSync(path.join(next, 'index.html'), '<h1>The next build</h1>');
      site.app.servedSite?.swap(next);
      expect(await (await fetch(`${site.url}/`)).text()).toBe('<h1>The next build</h1>');
      expect((await fetch(`${site.url}/about`)).status).toBe(404);
      rmSync(next, { recursive: true, force: true });
    } finally {
      await site.stop();
    }
  });
});
