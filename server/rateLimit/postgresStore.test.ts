// @vitest-environment node
/**
 * Two instances of the site on one PostgreSQL, as behind a load balancer: the rate limits are one
 * budget for both, not one each.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';
import { RATE_LIMIT_TABLE } from './postgresStore.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl)
  console.log(
    'Shared rate-limit test skipped: no PostgreSQL (TEST_DATABASE_URL unset, none on 127.0.0.1:5432).',
  );

const contact = (i: number) =>
  JSON.stringify({
    name: 'Shared Limit',
    email: `limit${i}@example.com`,
    mobileNumber: '9876543210',
    message: 'Counting across two instances.',
  });

async function post(server: TestServer, i: number): Promise<number> {
  const res = await fetch(`${server.api}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: contact(i),
  });
  return res.status;
}

describe.skipIf(!pgUrl)('rate limits across instances on PostgreSQL', () => {
  const schema = `test_rl_${process.pid}_${randomBytes(4).toString('hex')}`;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const options = { databaseUrl: pgUrl as string, pgSchema: schema, rateLimits: { forms: 4, apply: 2 } };
    [a, b] = await Promise.all([startTestServer(options), startTestServer(options)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    removeTempDirs();
  });

  it('two instances together accept the limit once (4 contact messages), then both answer 429', async () => {
    const statuses: number[] = [];
    // Alternating, and then at once: 10 requests from one address.
    for (let i = 0; i < 4; i++) statuses.push(await post(i % 2 ? a : b, i));
    statuses.push(...(await Promise.all([4, 5, 6, 7, 8, 9].map((i) => post(i % 2 ? a : b, i)))));
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(await post(a, 10)).toBe(429);
    expect(await post(b, 11)).toBe(429);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as n from "${schema}".contact_messages`);
    const counters = await client.query(`select key, hits from "${schema}".${RATE_LIMIT_TABLE}`);
    await client.end();
    expect(rows[0].n).toBe(4);
    // One counter for the contact route (its own namespace), shared by both instances.
    expect(counters.rows.filter((r: { key: string }) => r.key.includes('/contact'))).toHaveLength(1);
  });
});
