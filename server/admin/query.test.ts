// @vitest-environment node
/**
 * Every query parameter of the staff API has a bounded range: out of it, a 400 with a message that
 * names the parameter, never a 500 from the database (page=1e20 once gave "datatype mismatch").
 * Over real HTTP, signed in, on SQLite and (when present) on PostgreSQL.
 */
import { sql } from 'kysely';
import { removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';
import { hashPassword } from './password.ts';
import { PAGE_MAX, SEARCH_MAX } from './query.ts';

const PASSWORD = 'correct horse battery staple';

afterAll(() => removeTempDirs());

async function signIn(server: TestServer): Promise<string> {
  const res = await fetch(`${server.api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@localhost', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** [query, the words the 400 must contain] */
const REFUSED: [string, RegExp][] = [
  ['page=1e20', /page.*whole number from 1 to 100,000/],
  ['page=100000000000000000000', /page/],
  [`page=${PAGE_MAX + 1}`, /page/],
  ['page=0', /page/],
  ['page=-1', /page/],
  ['page=1.5', /page/],
  ['page=abc', /page/],
  ['page=Infinity', /page/],
  ['page=0x10', /page/],
  ['page=1&page=2', /given more than once/],
  ['pageSize=101', /pageSize.*1 to 100/],
  ['pageSize=0', /pageSize/],
  ['pageSize=1e3', /pageSize/],
  ['status=closed', /status.*all, open, handled/],
  [`q=${'x'.repeat(SEARCH_MAX + 1)}`, /search text is too long/],
  ['q=a&q=b', /given more than once/],
  ['sort=name', /Unknown parameter “sort”/],
];

function queryTests(label: string, start: () => Promise<{ server: TestServer; drop?: () => Promise<void> }>) {
  describe(`staff API query parameters on ${label}`, () => {
    let server: TestServer;
    let cookie: string;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ server, drop } = await start());
      cookie = await signIn(server);
      await server.repo.addContact(
        { name: 'Asha Rao', email: 'asha@example.com', mobileNumber: '9876543210', message: 'Hello there.' },
        { ip: '10.0.0.1', userAgent: 'test' },
      );
    });
    afterAll(async () => {
      await drop?.();
      await server?.stop();
    });
    const get = (route: string) => fetch(`${server.api}/admin${route}`, { headers: { cookie } });

    it.each(REFUSED)('refuses ?%s with a 400 and a message', async (query, words) => {
      const res = await get(`/submissions/contact?${query}`);
      expect(res.status).toBe(400);
      const { message } = (await res.json()) as { message: string };
      expect(message).toMatch(words);
    });

    it('answers in-range values, including the last allowed page', async () => {
      const ok = await get(`/submissions/contact?q=asha&status=open&page=1&pageSize=100`);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { total: number }).total).toBe(1);
      const last = await get(`/submissions/contact?page=${PAGE_MAX}&pageSize=100`);
      expect(last.status).toBe(200);
      expect(await last.json()).toMatchObject({ items: [], total: 1, page: PAGE_MAX, pageSize: 100 });
      // What the inbox page itself sends: an empty search.
      expect((await get('/submissions/contact?q=&status=all&page=1&pageSize=20')).status).toBe(200);
    });

    it('validates the export form too', async () => {
      const res = await get('/export?form=everything');
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/form.*demo, brochure/);
      expect((await get('/export?form=contact&x=1')).status).toBe(400);
      expect((await get('/export?form=contact')).status).toBe(200);
    });
  });
}

const passwordHash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });

queryTests('SQLite', async () => ({ server: await startTestServer({ admin: { passwordHash } }) }));

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  queryTests('PostgreSQL', async () => {
    const pgSchema = `test_query_${process.pid}_${Date.now()}`;
    const server = await startTestServer({ admin: { passwordHash }, databaseUrl: pgUrl, pgSchema });
    return {
      server,
      drop: async () => void (await sql`drop schema ${sql.id(pgSchema)} cascade`.execute(server.db.db)),
    };
  });
} else {
  console.log(
    'PostgreSQL query-parameter tests skipped: TEST_DATABASE_URL is not set and no server answers on 127.0.0.1:5432.',
  );
}
