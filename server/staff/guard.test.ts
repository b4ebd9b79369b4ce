// @vitest-environment node
/**
 * requireRole as another part of the server uses it (server/editor): a plugin of its own, outside
 * the admin API's prefix and hooks, guarded only by requireRole, over real HTTP.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { SessionStore } from '../admin/sessions.ts';
import { type Db, openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { removeTempDirs, tempDir } from '../testSupport.ts';
import { StaffAccounts } from './accounts.ts';
import { registerStaffAuth, requireRole } from './guard.ts';
import { adminMessages, CSRF_HEADER, SESSION_COOKIE } from './messages.ts';
import type { Role } from './types.ts';

let db: Db;
let app: FastifyInstance;
let url = '';
const cookies = {} as Record<Role, { cookie: string; csrf: string }>;

beforeAll(async () => {
  db = openDb({ dataDir: tempDir('guard') });
  await migrate(db);
  const sessions = new SessionStore(db, { ttlMs: 60_000, passwordHash: undefined });
  const accounts = new StaffAccounts(db, { hashParams: { N: 1024, r: 8, p: 1 } });
  app = Fastify();
  await registerStaffAuth(app, sessions);
  await app.register(
    async (scope) => {
      scope.addHook('preHandler', requireRole('content'));
      scope.get('/pages', async (request) => ({ who: request.staff?.email, role: request.staff?.role }));
      scope.put('/file', async () => ({ saved: true }));
    },
    { prefix: '/backend/api/admin/content' },
  );
  for (const role of ['admin', 'content', 'inbox'] as const) {
    const account = await accounts.add({
      email: `${role}@example.com`,
      name: role,
      role,
      password: 'long enough password',
    });
    const session = await sessions.create(account, account.passwordHash);
    cookies[role] = { cookie: `${SESSION_COOKIE}=${session.id}`, csrf: session.csrfToken };
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}/backend/api/admin/content`;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  removeTempDirs();
});

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('requireRole in a plugin of its own', () => {
  it('answers 401 without a session or with a forged one', async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=forged`]) {
      const res = await fetch(`${url}/pages`, { headers: cookie ? { cookie } : {} });
      expect(res.status).toBe(401);
      expect(await message(res)).toBe(adminMessages.signIn);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('lets content and admin in (with request.staff set) and answers 403 to inbox', async () => {
    const get = (role: Role) => fetch(`${url}/pages`, { headers: { cookie: cookies[role].cookie } });
    expect(await (await get('content')).json()).toEqual({ who: 'content@example.com', role: 'content' });
    expect(await (await get('admin')).json()).toEqual({ who: 'admin@example.com', role: 'admin' });
    const inbox = await get('inbox');
    expect(inbox.status).toBe(403);
    expect(await message(inbox)).toBe(adminMessages.forbidden);
  });

  it('needs the CSRF token and a same-site Origin for a write', async () => {
    const put = (headers: Record<string, string>) =>
      fetch(`${url}/file`, {
        method: 'PUT',
        headers: { cookie: cookies.content.cookie, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const none = await put({});
    expect(none.status).toBe(403);
    expect(await message(none)).toBe(adminMessages.csrf);
    expect((await put({ [CSRF_HEADER]: cookies.content.csrf, origin: 'https://evil.example' })).status).toBe(
      403,
    );
    const ok = await put({ [CSRF_HEADER]: cookies.content.csrf });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ saved: true });
  });
});
