// @vitest-environment node
/**
 * The content API inside the real server (server/app.ts): staff sign in over HTTP, the role guard
 * and the CSRF check apply, and a save is committed as the signed-in staff member.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { hashPassword } from '../admin/password.ts';
import { CSRF_HEADER } from '../admin/routes.ts';
import { StaffAccounts } from '../staff/accounts.ts';
import { removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';
import { contentCopy, removeContentCopies } from './editorTestSupport.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const PASSWORD = 'a long enough password';
let server: TestServer;
let content: string;

beforeAll(async () => {
  content = contentCopy({ git: true });
  // The server takes the content folder from CONTENT_DIR, as under npm start.
  process.env.CONTENT_DIR = content;
  server = await startTestServer({
    admin: { passwordHash: await hashPassword('first admin password', FAST) },
  });
  const accounts = new StaffAccounts(server.db, { hashParams: FAST });
  await accounts.add({
    email: 'writer@example.com',
    name: 'Wen Writer',
    role: 'content',
    password: PASSWORD,
  });
  await accounts.add({ email: 'sales@example.com', name: 'Sam Sales', role: 'inbox', password: PASSWORD });
});
afterAll(async () => {
  await server?.stop();
  delete process.env.CONTENT_DIR;
  removeTempDirs();
  removeContentCopies();
});

async function signIn(email: string) {
  const res = await fetch(`${server.api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: csrfToken };
}

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

    const sales = await signIn('sales@example.com');
    expect((await fetch(content$('/site'), { headers: { cookie: sales.cookie } })).status).toBe(403);
    expect((await fetch(content$('/site'))).status).toBe(401);
  });
});
