// @vitest-environment node
/**
 * Each role against each staff route, over real HTTP: every account signs in with its email and
 * password and calls every route; the table says what it must get.
 */
import { hashPassword } from '../admin/password.ts';
import { adminMessages, CSRF_HEADER } from '../admin/routes.ts';
import { PDF_BYTES, removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';
import { StaffAccounts } from './accounts.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const PASSWORD = 'a long enough password';
const ADMIN_PASSWORD = 'the first administrator password';
let server: TestServer;
let accounts: StaffAccounts;

const WHO = ['firstAdmin', 'admin', 'content', 'publisher', 'inbox', 'inboxContact'] as const;
type Who = (typeof WHO)[number];
const EMAIL: Record<Who, string> = {
  firstAdmin: 'boss@example.com',
  admin: 'admin@example.com',
  content: 'writer@example.com',
  publisher: 'pat@example.com',
  inbox: 'sales@example.com',
  inboxContact: 'front-desk@example.com',
};

interface Session {
  cookie: string;
  csrf: string;
}
const sessions = {} as Record<Who, Session>;
const ids = { demo: 0, contact: 0, application: 0 };

async function signIn(email: string, password: string): Promise<Response> {
  return fetch(`${server.api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

function call(s: Session, method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${server.api}/admin${route}`, {
    method,
    headers: {
      cookie: s.cookie,
      ...(method !== 'GET' && { [CSRF_HEADER]: s.csrf }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

const meta = { ip: '203.0.113.5', userAgent: 'vitest' };
const newDemo = () =>
  server.repo.addDemo(
    { name: 'Dee', phone: '9876543210', email: 'd@example.com', serviceType: 'IoT', query: 'q' },
    meta,
  );
const newContact = () =>
  server.repo.addContact(
    { name: 'Cee', email: 'c@example.com', mobileNumber: '9876543210', message: 'Hi' },
    meta,
  );

beforeAll(async () => {
  server = await startTestServer({
    admin: {
      passwordHash: await hashPassword(ADMIN_PASSWORD, FAST),
      adminEmail: EMAIL.firstAdmin,
      loginLimit: 100,
    },
  });
  accounts = new StaffAccounts(server.db, { hashParams: FAST });
  await accounts.add({ email: EMAIL.admin, name: 'Asha Admin', role: 'admin', password: PASSWORD });
  await accounts.add({ email: EMAIL.content, name: 'Wen Writer', role: 'content', password: PASSWORD });
  await accounts.add({
    email: EMAIL.publisher,
    name: 'Pat Publisher',
    role: 'publisher',
    password: PASSWORD,
  });
  await accounts.add({ email: EMAIL.inbox, name: 'Sam Sales', role: 'inbox', password: PASSWORD });
  await accounts.add({
    email: 'FRONT-DESK@example.com',
    name: 'Fran Desk',
    role: 'inbox',
    forms: ['contact'],
    password: PASSWORD,
  });
  for (const who of WHO) {
    const res = await signIn(EMAIL[who].toUpperCase(), who === 'firstAdmin' ? ADMIN_PASSWORD : PASSWORD);
    expect(res.status, who).toBe(200);
    sessions[who] = {
      cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      csrf: ((await res.json()) as { csrfToken: string }).csrfToken,
    };
  }
  ids.demo = await newDemo();
  ids.contact = await newContact();
  ids.application = await server.repo.addApplication(
    {
      fullName: 'Ravi',
      email: 'r@example.com',
      phone: '9876543210',
      coverLetter: 'Hello',
      position: 'Customer Support',
      cv: { name: 'cv.pdf', type: 'pdf', data: PDF_BYTES },
    },
    meta,
  );
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

const A = 200; // allowed
const F = 403; // forbidden
/** Route as registered, the address called (a function when each call needs a fresh row), body, status per role. */
type Row = [string, string, string | (() => Promise<string>), unknown, Record<Who, number>];
const all = (status: number): Record<Who, number> => ({
  firstAdmin: status,
  admin: status,
  content: status,
  publisher: status,
  inbox: status,
  inboxContact: status,
});
/** The inbox roles: all forms for admin and inbox, none for content or publisher, one for inboxContact. */
const inboxRoute = (contactToo: boolean): Record<Who, number> => ({
  ...all(A),
  content: F,
  publisher: F,
  inboxContact: contactToo ? A : F,
});
/** The content API: the content, publisher and admin roles get `status`, the inbox roles 403. */
const contentRoute = (status: number): Record<Who, number> => ({
  ...all(status),
  inbox: F,
  inboxContact: F,
});
const TABLE: Row[] = [
  ['GET', '/session', '/session', undefined, all(A)],
  ['GET', '/submissions/:form', '/submissions/demo', undefined, inboxRoute(false)],
  ['GET', '/submissions/:form', '/submissions/contact?q=Cee', undefined, inboxRoute(true)],
  [
    'GET',
    '/submissions/:form/:id',
    async () => `/submissions/demo/${ids.demo}`,
    undefined,
    inboxRoute(false),
  ],
  [
    'GET',
    '/submissions/:form/:id',
    async () => `/submissions/contact/${ids.contact}`,
    undefined,
    inboxRoute(true),
  ],
  [
    'GET',
    '/submissions/application/:id/cv',
    async () => `/submissions/application/${ids.application}/cv`,
    undefined,
    inboxRoute(false),
  ],
  [
    'POST',
    '/submissions/:form/:id/handled',
    async () => `/submissions/demo/${ids.demo}/handled`,
    { handled: true },
    inboxRoute(false),
  ],
  [
    'POST',
    '/submissions/:form/:id/handled',
    async () => `/submissions/contact/${ids.contact}/handled`,
    { handled: false },
    inboxRoute(true),
  ],
  [
    'DELETE',
    '/submissions/:form/:id',
    async () => `/submissions/demo/${await newDemo()}`,
    undefined,
    inboxRoute(false),
  ],
  [
    'DELETE',
    '/submissions/:form/:id',
    async () => `/submissions/contact/${await newContact()}`,
    undefined,
    inboxRoute(true),
  ],
  ['GET', '/export', '/export?form=demo', undefined, inboxRoute(false)],
  ['GET', '/export', '/export?form=contact', undefined, inboxRoute(true)],
  ['GET', '/export', '/export', undefined, inboxRoute(true)],
  // The visual editor's content API (server/editor/api.ts): content and admin roles only. Writes are
  // sent with a path the API refuses (400), so this test never touches the repository's files.
  ['GET', '/content/site', '/content/site', undefined, contentRoute(A)],
  ['GET', '/content/pages', '/content/pages', undefined, contentRoute(A)],
  [
    'PUT',
    '/content/file',
    '/content/file',
    { file: '../x.yaml', version: null, data: {} },
    contentRoute(400),
  ],
  ['GET', '/content/history', '/content/history?file=pages/about.yaml', undefined, contentRoute(A)],
  ['GET', '/content/version', '/content/version?file=../x.yaml&commit=abc1234', undefined, contentRoute(400)],
  [
    'POST',
    '/content/restore',
    '/content/restore',
    { file: '../x.yaml', commit: 'abc1234' },
    contentRoute(400),
  ],
  [
    'POST',
    '/content/take-down',
    '/content/take-down',
    { file: '../x.yaml', version: 'v', to: '/' },
    contentRoute(400),
  ],
  [
    'POST',
    '/content/move',
    '/content/move',
    { file: '../x.yaml', version: 'v', to: '/x' },
    contentRoute(400),
  ],
  ['POST', '/content/put-back', '/content/put-back', { file: '../x.yaml', version: 'v' }, contentRoute(400)],
  ['POST', '/content/images', '/content/images', {}, contentRoute(415)],
  ['GET', '/content/publish', '/content/publish', undefined, contentRoute(A)],
  ['POST', '/content/publish', '/content/publish', undefined, contentRoute(A)],
  ['GET', '/content/releases', '/content/releases', undefined, contentRoute(A)],
  ['GET', '/content/drafts', '/content/drafts', undefined, contentRoute(A)],
  ['GET', '/content/deleted', '/content/deleted', undefined, contentRoute(A)],
  [
    'POST',
    '/content/restore-deleted',
    '/content/restore-deleted',
    { file: '../x.yaml', commit: 'abc1234' },
    contentRoute(400),
  ],
  ['POST', '/content/discard', '/content/discard', { files: 'all' }, contentRoute(400)],
  [
    'GET',
    '/content/preview-links',
    '/content/preview-links?file=pages/about.yaml',
    undefined,
    contentRoute(A),
  ],
  ['POST', '/content/preview-links', '/content/preview-links', { file: '../x.yaml' }, contentRoute(400)],
  ['POST', '/content/preview-links/revoke', '/content/preview-links/revoke', { id: 'x' }, contentRoute(400)],
  ['GET', '/content/activity', '/content/activity', undefined, contentRoute(A)],
  // (No drafts in this server: nothing to take in.)
  ['POST', '/content/take-in-live', '/content/take-in-live', { keepDraft: {} }, contentRoute(404)],
  // One's own two-step sign-in: every role (a wrong code is a 400).
  ['GET', '/account/two-step', '/account/two-step', undefined, all(A)],
  ['POST', '/account/two-step/begin', '/account/two-step/begin', undefined, all(A)],
  ['POST', '/account/two-step/confirm', '/account/two-step/confirm', { code: '000000' }, all(400)],
  ['POST', '/account/two-step/disable', '/account/two-step/disable', { code: '000000' }, all(400)],
  ['POST', '/logout', '/logout', undefined, all(A)],
];

describe('each staff role against each route', () => {
  it('covers every staff route the server registers (read from the server itself)', () => {
    const prefix = '/backend/api/admin';
    const routes = server.routes.filter(
      (r) =>
        r.url.startsWith(`${prefix}/`) &&
        r.method !== 'HEAD' &&
        !r.url.endsWith('*') &&
        r.url !== `${prefix}/login`,
    );
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const r of routes)
      expect(
        TABLE.some(([method, template]) => method === r.method && `${prefix}${template}` === r.url),
        `${r.method} ${r.url} is not in TABLE`,
      ).toBe(true);
  });

  for (const who of WHO)
    it(`gives ${who} what its role allows, and 403 with a message otherwise`, async () => {
      for (const [method, , route, body, expected] of TABLE) {
        const path = typeof route === 'string' ? route : await route();
        const res = await call(sessions[who], method, path, body);
        expect(res.status, `${who}: ${method} ${path}`).toBe(expected[who]);
        if (res.status === 403) {
          const { message } = (await res.json()) as { message: string };
          expect([adminMessages.forbidden, adminMessages.formForbidden]).toContain(message);
        } else await res.arrayBuffer();
      }
    });
});

describe('what each account sees', () => {
  it('tells the app who is signed in, and counts only the forms the account may see', async () => {
    const s = await signIn(EMAIL.inboxContact, PASSWORD);
    const session = { cookie: (s.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: '' };
    const login = (await s.json()) as { staff: unknown };
    const expected = { name: 'Fran Desk', email: EMAIL.inboxContact, role: 'inbox', forms: ['contact'] };
    expect(login.staff).toEqual(expected);
    const body = (await (await call(session, 'GET', '/session')).json()) as {
      staff: unknown;
      forms: { form: string }[];
      csrfToken: string;
    };
    expect(body.staff).toEqual(expected);
    expect(body.forms.map((f) => f.form)).toEqual(['contact']);
    expect(body.csrfToken).toMatch(/^[\w-]{43}$/);
    // The export of "everything" holds only its form.
    const csv = await (await call(session, 'GET', '/export')).text();
    expect(csv).toContain('contact,');
    expect(csv).not.toMatch(/^demo,/m);
    expect(csv.split('\r\n')[0]).not.toContain('serviceType');

    const writer = await signIn(EMAIL.content, PASSWORD);
    const writerSession = { cookie: (writer.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: '' };
    const w = (await (await call(writerSession, 'GET', '/session')).json()) as {
      staff: unknown;
      forms: unknown[];
    };
    expect(w.staff).toEqual({ name: 'Wen Writer', email: EMAIL.content, role: 'content', forms: null });
    expect(w.forms).toEqual([]);
  });

  it('signs nobody in without an email, not even the first administrator', async () => {
    const res = await fetch(`${server.api}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(adminMessages.emailRequired);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an unknown address and a wrong password with the same message', async () => {
    for (const [email, password] of [
      ['nobody@example.com', PASSWORD],
      [EMAIL.inbox, 'not the password at all'],
      [EMAIL.firstAdmin, PASSWORD],
      ['admin@localhost', ADMIN_PASSWORD], // ADMIN_EMAIL replaced the default address
    ] as const) {
      const res = await signIn(email, password);
      expect(res.status, email).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(adminMessages.wrongPassword);
    }
  });

  it('applies a role change at once, and ends the sessions of a new password or a removed account', async () => {
    const email = 'temp@example.com';
    await accounts.add({ email, name: 'Temp', role: 'content', password: PASSWORD });
    const open = async () => {
      const res = await signIn(email, PASSWORD);
      expect(res.status).toBe(200);
      return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: '' };
    };
    const s = await open();
    expect((await call(s, 'GET', '/submissions/demo')).status).toBe(403);
    await server.db.db.updateTable('staff_users').set({ role: 'inbox' }).where('email', '=', email).execute();
    expect((await call(s, 'GET', '/submissions/demo')).status).toBe(200);

    await accounts.setPassword(email, 'another long password');
    expect((await call(s, 'GET', '/session')).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(401);

    await accounts.setPassword(email, PASSWORD);
    const again = await open();
    expect(await accounts.remove(email)).toBe(true);
    expect((await call(again, 'GET', '/session')).status).toBe(401);
  });
});
