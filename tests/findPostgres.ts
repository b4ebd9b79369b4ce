/**
 * Unit-test global setup: when TEST_DATABASE_URL is not set, looks for the PostgreSQL server this
 * kind of machine provides (127.0.0.1:5432, trust auth, database `test`) and uses it, so a plain
 * `npm test` also runs the PostgreSQL storage tests. Where none answers within a second, those tests
 * skip and say so; nothing else changes.
 */
import pg from 'pg';

export const LOCAL_TEST_DATABASE = 'postgres://postgres@127.0.0.1:5432/test';

export default async function findPostgres(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: LOCAL_TEST_DATABASE, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.TEST_DATABASE_URL = LOCAL_TEST_DATABASE;
    console.log(`PostgreSQL found at ${LOCAL_TEST_DATABASE}: its storage tests run too.`);
  } catch {
    // No server here: the PostgreSQL tests report themselves as skipped.
  } finally {
    await client.end().catch(() => {});
  }
}
