// @vitest-environment node
/**
 * Several instances on one PostgreSQL start together (a deploy restarts them all at once): each
 * runs the migrations at start, on a schema that may not exist yet. They must all start, and the
 * schema must end up migrated exactly once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl)
  console.log(
    'Migration race test skipped: no PostgreSQL (TEST_DATABASE_URL unset, none on 127.0.0.1:5432).',
  );

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

describe.skipIf(!pgUrl)('instances starting together on PostgreSQL', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(schema);
    removeTempDirs();
  });

  it('four instances started at once on a fresh schema all start, and each migration runs once', async () => {
    // Repeated: a race shows up on some runs only.
    for (let round = 0; round < 3; round++) {
      const schema = `test_mig_${process.pid}_${randomBytes(4).toString('hex')}`;
      schemas.push(schema);
      const started = await Promise.allSettled(
        [1, 2, 3, 4].map(() => startTestServer({ databaseUrl: pgUrl as string, pgSchema: schema })),
      );
      const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      await Promise.all(servers.map((s: TestServer) => s.stop()));
      expect(failures).toEqual([]);
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const { rows } = await client.query(
        `select name, count(*)::int as n from "${schema}".kysely_migration group by name order by name`,
      );
      await client.end();
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    }
  });
});
