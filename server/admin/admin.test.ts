// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SQLITE_FILE } from '../storage/db.ts';
import { PDF_BYTES, removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';
import { hashPassword } from './password.ts';
import { adminMessages, CSRF_HEADER, SESSION_COOKIE } from './routes.ts';

const PASSWORD = 'correct horse battery staple';
const TTL_MS = 60 * 60_000;
let clock = Date.now();
let server: TestServer;
let admin: string;

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
  server = await startTestServer({
    admin: { passwordHash, sessionTtlMs: TTL_MS, loginLimit: 5 },
    now: () => clock,
  });
  admin = `${server.api}/admin`;
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

interface Session {
  cookie: string;
  csrf: string;
}

async function login(password = PASSWORD, headers: Record<string, string> = {}) {
  return fetch(`${admin}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: 'admin@localhost', password }),
  });
}

async function signIn(): Promise<Session> {
  const res = await login();
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const body = (await res.json()) as { csrfToken: string };
  return { cookie: setCookie.split(';')[0] ?? '', csrf: body.csrfToken };
}

function call(s: Session | null, route: string, init: RequestInit & { csrf?: boolean } = {}) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (s) headers.cookie = s.cookie;
  if (s && init.csrf !== false && init.method && init.method !== 'GET') headers[CSRF_HEADER] = s.csrf;
  return fetch(`${admin}${route}`, { ...init, headers });
}

const json = { 'content-type': 'application/json' };

/** Every admin route, with a method and a body where it needs one. */
const ROUTES: [string, string, string?][] = [
  ['POST', '/logout'],
  ['GET', '/session'],
  ['GET', '/submissions/demo'],
  ['GET', '/submissions/application?q=x&page=2'],
  ['GET', '/submissions/contact/1'],
  ['GET', '/submissions/application/1/cv'],
  ['POST', '/submissions/demo/1/handled', '{"handled":true}'],
  ['DELETE', '/submissions/demo/1'],
  ['GET', '/export?form=demo'],
  ['GET', '/export'],
  // The visual editor's content API (server/editor/api.ts), behind the same sign-in.
  ['GET', '/content/site'],
  ['GET', '/content/pages'],
  ['PUT', '/content/file', '{"file":"pages/about.yaml","version":null,"data":{}}'],
  ['GET', '/content/history?file=pages/about.yaml'],
  ['GET', '/content/version?file=pages/about.yaml&commit=abc1234'],
  ['POST', '/content/restore', '{"file":"pages/about.yaml","commit":"abc1234","version":null}'],
  ['POST', '/content/take-down', '{"file":"pages/about.yaml","version":"v","to":"/"}'],
  ['POST', '/content/move', '{"file":"pages/about.yaml","version":"v","to":"/x"}'],
  ['POST', '/content/put-back', '{"file":"pages/about.yaml","version":"v"}'],
  ['POST', '/content/images'],
  ['GET', '/content/images/services/iot/hero.png'],
  ['DELETE', '/content/images/services/iot/hero.png'],
  ['GET', '/content/publish'],
  ['POST', '/content/publish'],
  ['GET', '/content/releases'],
  ['GET', '/content/drafts'],
  ['GET', '/content/deleted'],
  ['POST', '/content/restore-deleted', '{"file":"pages/about.yaml","commit":"abc1234"}'],
  ['POST', '/content/discard', '{"files":["pages/about.yaml"]}'],
  ['GET', '/content/preview-links?file=pages/about.yaml'],
  ['GET', '/content/activity'],
  ['POST', '/content/take-in-live', '{"keepDraft":{}}'],
  ['POST', '/content/preview-links', '{"file":"pages/about.yaml"}'],
  ['POST', '/content/preview-links/revoke', '{"id":1,"file":"pages/about.yaml"}'],
  ['GET', '/account/two-step'],
  ['POST', '/account/two-step/begin'],
  ['POST', '/account/two-step/confirm', '{"code":"000000"}'],
  ['POST', '/account/two-step/disable', '{"code":"000000"}'],
  ['GET', '/no-such-route'],
  ['GET', ''],
];

async function addApplication(fullName: string, coverLetter = 'Hello') {
  return server.repo.addApplication(
    {
      fullName,
      email: 'ravi@example.com',
      phone: '9876543210',
      coverLetter,
      position: 'Customer Support',
      cv: { name: 'cv.pdf', type: 'pdf', data: PDF_BYTES },
    },
    { ip: '203.0.113.9', userAgent: 'vitest' },
  );
}

describe('the staff inbox API', () => {
  it('has no route missing from the 401 check below (routes read from the server itself)', () => {
    const prefix = '/backend/api/admin';
    const registered = server.routes.filter(
      (r) =>
        r.url.startsWith(prefix) &&
        r.method !== 'HEAD' &&
        !(r.method === 'POST' && r.url === `${prefix}/login`),
    );
    expect(registered.length).toBeGreaterThan(8);
    const pattern = (url: string) =>
      new RegExp(
        `^${url
          .slice(prefix.length)
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/:[A-Za-z]+/g, '[^/?]+')
          .replace(/\*$/, '.*')}(\\?.*)?$`,
      );
    for (const route of registered) {
      const re = pattern(route.url);
      // A catch-all (every method) is covered by any request to it; a real route by its own method.
      const catchAll = registered.filter((r) => r.url === route.url).length > 5;
      const covered = ROUTES.some(([method, path]) => re.test(path) && (catchAll || method === route.method));
      expect(covered, `${route.method} ${route.url} is not in ROUTES`).toBe(true);
    }
  });

  it('answers 401 on every route without a session, and with a forged or old cookie', async () => {
    for (const [method, route, body] of ROUTES) {
      for (const cookie of [undefined, `${SESSION_COOKIE}=forged`]) {
        const res = await fetch(`${admin}${route}`, {
          method,
          headers: { ...(body && json), ...(cookie && { cookie }) },
          ...(body && { body }),
        });
        expect(res.status, `${method} ${route}`).toBe(401);
        expect(((await res.json()) as { message: string }).message).toBe(adminMessages.signIn);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('refuses a wrong password and sets a strict, HttpOnly session cookie for the right one', async () => {
    const wrong = await login('wrong password');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe(adminMessages.wrongPassword);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await login();
    expect(right.status).toBe(200);
    const cookie = right.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; https (behind TRUST_PROXY) adds it
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const s = await startTestServer({
      admin: { passwordHash: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }) },
      trustProxy: true,
    });
    try {
      const res = await fetch(`${s.api}/admin/login`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ email: 'admin@localhost', password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/; Secure/i);
    } finally {
      await s.stop();
    }
  });

  it('limits failed sign-ins (the successful ones above used none of the budget)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('nope')).status);
    // 5 failures per 15 minutes per client (loginLimit above; one was the wrong password above),
    // then 429 until the window ends.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const res = await login(PASSWORD);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(15 * 60));
    expect(((await res.json()) as { message: string }).message).toBe(adminMessages.tooManyLogins);
  });
});

describe('a password change', () => {
  it('ends the sessions opened under the old password once the server restarts with the new one', async () => {
    const fast = { N: 1024, r: 8, p: 1 };
    const hashA = await hashPassword(PASSWORD, fast);
    const hashB = await hashPassword('another long enough password', fast);
    const start = (passwordHash: string, dataDir?: string) =>
      startTestServer({ admin: { passwordHash }, ...(dataDir && { dataDir }) });
    const sessionOf = (s: TestServer, cookie: string) =>
      fetch(`${s.api}/admin/session`, { headers: { cookie } });

    const first = await start(hashA);
    const dataDir = first.dataDir;
    const res = await fetch(`${first.api}/admin/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@localhost', password: PASSWORD }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await sessionOf(first, cookie)).status).toBe(200);
    // The row records a fingerprint of the password, never the hash itself.
    const [row] = await first.db.db.selectFrom('admin_sessions').selectAll().execute();
    expect(row?.password_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(hashA.split('$')[5] ?? hashA);
    await first.stop();

    // A restart with the same password keeps the session (so what ends it below is the change)...
    const same = await start(hashA, dataDir);
    try {
      expect((await sessionOf(same, cookie)).status).toBe(200);
    } finally {
      await same.stop();
    }
    // ...a restart with another password ends it, and the old password no longer signs in.
    const changed = await start(hashB, dataDir);
    try {
      const after = await sessionOf(changed, cookie);
      expect(after.status).toBe(401);
      expect(((await after.json()) as { message: string }).message).toBe(adminMessages.signIn);
      const old = await fetch(`${changed.api}/admin/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'admin@localhost', password: PASSWORD }),
      });
      expect(old.status).toBe(401);
    } finally {
      await changed.stop();
    }
  });
});

describe('signed in', () => {
  let s: Session;
  beforeAll(async () => {
    // A fresh server: the rate-limit test above used this one's sign-in budget.
    await server.stop();
    server = await startTestServer({
      admin: { passwordHash: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }), sessionTtlMs: TTL_MS },
      now: () => clock,
    });
    admin = `${server.api}/admin`;
    s = await signIn();
  });

  it('ends the session when it expires', async () => {
    const short = await signIn();
    expect((await call(short, '/session')).status).toBe(200);
    clock += TTL_MS + 1000;
    try {
      expect((await call(short, '/session')).status).toBe(401);
      expect((await call(s, '/session')).status).toBe(401);
    } finally {
      clock -= TTL_MS + 1000;
    }
  });

  it('signs out: the cookie stops working', async () => {
    const other = await signIn();
    expect((await call(other, '/logout', { method: 'POST' })).status).toBe(200);
    expect((await call(other, '/session')).status).toBe(401);
  });

  it('rejects state changes without the CSRF token, with a wrong one, or from another origin', async () => {
    const id = await server.repo.addBrochure({ email: 'b@example.com' }, { ip: '1.2.3.4', userAgent: '' });
    const handled = { method: 'POST', headers: json, body: '{"handled":true}' };
    expect((await call(s, `/submissions/brochure/${id}/handled`, { ...handled, csrf: false })).status).toBe(
      403,
    );
    expect(
      (
        await call(s, `/submissions/brochure/${id}/handled`, {
          ...handled,
          csrf: false,
          headers: { ...json, [CSRF_HEADER]: 'x'.repeat(43) },
        })
      ).status,
    ).toBe(403);
    expect((await call(s, `/submissions/brochure/${id}`, { method: 'DELETE', csrf: false })).status).toBe(
      403,
    );
    expect(
      (
        await call(s, `/submissions/brochure/${id}/handled`, {
          ...handled,
          headers: { ...json, origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(403);
    expect((await server.repo.get('brochure', id))?.handledAt).toBeNull();
    // The same request with the token works.
    const ok = await call(s, `/submissions/brochure/${id}/handled`, handled);
    expect(ok.status).toBe(200);
    expect((await server.repo.get('brochure', id))?.handledAt).not.toBeNull();
  });

  it('refuses every state-changing route without the CSRF token, even signed in', async () => {
    const mutating = ROUTES.filter(([method]) => method !== 'GET');
    expect(mutating.length).toBeGreaterThanOrEqual(3);
    for (const [method, route, body] of mutating) {
      const res = await call(s, route, {
        method,
        csrf: false,
        ...(body && { headers: json, body }),
      });
      expect(res.status, `${method} ${route}`).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(adminMessages.csrf);
    }
    expect((await call(s, '/session')).status).toBe(200); // the logout above did not happen
  });

  it('lists a form newest first, with search, status and paging', async () => {
    for (let i = 1; i <= 25; i++)
      await server.repo.addContact(
        { name: `Person ${i}`, email: `p${i}@example.com`, mobileNumber: '9876543210', message: `Note ${i}` },
        { ip: '1.2.3.4', userAgent: '' },
      );
    const first = (await (await call(s, '/submissions/contact?pageSize=10')).json()) as {
      items: { id: number; fields: { name: string } }[];
      total: number;
    };
    expect(first.total).toBe(25);
    expect(first.items.map((r) => r.fields.name).slice(0, 2)).toEqual(['Person 25', 'Person 24']);
    const third = (await (await call(s, '/submissions/contact?pageSize=10&page=3')).json()) as {
      items: unknown[];
    };
    expect(third.items).toHaveLength(5);
    const found = (await (await call(s, '/submissions/contact?q=P7%40EXAMPLE')).json()) as {
      items: { fields: { name: string } }[];
    };
    expect(found.items.map((r) => r.fields.name)).toEqual(['Person 7']);
    const literal = (await (await call(s, '/submissions/contact?q=%25')).json()) as { total: number };
    expect(literal.total).toBe(0);
    await call(s, `/submissions/contact/3/handled`, {
      method: 'POST',
      headers: json,
      body: '{"handled":true}',
    });
    const handled = (await (await call(s, '/submissions/contact?status=handled')).json()) as {
      items: { id: number }[];
    };
    expect(handled.items.map((r) => r.id)).toEqual([3]);
    const open = (await (await call(s, '/submissions/contact?status=open')).json()) as { total: number };
    expect(open.total).toBe(24);
    const session = (await (await call(s, '/session')).json()) as {
      forms: { form: string; open: number }[];
      labels: { forms: Record<string, { many: string }>; fields: Record<string, string> };
    };
    expect(session.forms.find((f) => f.form === 'contact')?.open).toBe(24);
    // The inbox names forms and fields as the notification emails do (server/labels.ts).
    expect(session.labels.forms.contact?.many).toBe('Contact messages');
    expect(session.labels.fields.mobileNumber).toBe('Mobile number');
  });

  it('returns stored XSS payloads as JSON data only, and the page runs no inline script', async () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const id = await addApplication(payload, payload);
    const res = await call(s, `/submissions/application/${id}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const row = (await res.json()) as { fields: { fullName: string } };
    expect(row.fields.fullName).toBe(payload);
    const page = await fetch(`${server.url}/admin`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // Scripts from this origin only, never inline, never compiled from strings (no 'unsafe-eval':
    // the editor's schema checks are compiled at build time, page.ts).
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(
      page.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(scriptSrc).toMatch(/^'self'(?: 'sha|$)/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    // Without a client build (this server has none) the shell says how to make one.
    expect(html).toContain('npm run build');
  });

  it('downloads a CV as an attachment with a server-chosen name and nosniff', async () => {
    const id = await addApplication('Ravi "Kumar"; filename=evil.html');
    const res = await call(s, `/submissions/application/${id}/cv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="cv-${id}-ravi-kumar-filename-evil-html.pdf"`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
    expect((await call(s, '/submissions/application/99999/cv')).status).toBe(404);
  });

  it('exports CSV as an attachment, formula-safe', async () => {
    await server.repo.addDemo(
      {
        name: '=HYPERLINK("x")',
        phone: '9876543210',
        email: 'd@example.com',
        serviceType: 'IoT',
        query: 'q',
      },
      { ip: '1.2.3.4', userAgent: '' },
    );
    const res = await call(s, '/export?form=demo');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="submissions-demo-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 mark for spreadsheets
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'form,id,createdAt,clientIp,userAgent,handledAt,name,phone,email,serviceType,query',
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('deletes a submission and its CV bytes, from the database files too', async () => {
    const marker = Buffer.from(`%PDF-1.4\n% unique-${Date.now()}-marker-of-this-cv\n%%EOF\n`);
    const id = await server.repo.addApplication(
      {
        fullName: 'Erase Me',
        email: 'erase@example.com',
        phone: '9876543210',
        coverLetter: 'Bye',
        position: 'Customer Support',
        cv: { name: 'cv.pdf', type: 'pdf', data: marker },
      },
      { ip: '1.2.3.4', userAgent: '' },
    );
    const files = () =>
      ['', '-wal']
        .map((suffix) => {
          try {
            return readFileSync(path.join(server.dataDir, SQLITE_FILE + suffix));
          } catch {
            return Buffer.alloc(0);
          }
        })
        .reduce((a, b) => Buffer.concat([a, b]));
    expect(files().includes(marker)).toBe(true);
    const res = await call(s, `/submissions/application/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await call(s, `/submissions/application/${id}`)).status).toBe(404);
    expect((await call(s, `/submissions/application/${id}/cv`)).status).toBe(404);
    expect(await server.repo.getCv(id)).toBeUndefined();
    expect(files().includes(marker)).toBe(false);
    expect((await call(s, `/submissions/application/${id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('without a password configured', () => {
  it('keeps the inbox off with a clear message', async () => {
    const s = await startTestServer();
    try {
      const res = await fetch(`${s.api}/admin/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'admin@localhost', password: '' }),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(adminMessages.disabled);
      expect((await fetch(`${s.api}/admin/session`)).status).toBe(401);
      const page = await fetch(`${s.url}/admin`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('ADMIN_PASSWORD_HASH');
    } finally {
      await s.stop();
    }
  });
});
