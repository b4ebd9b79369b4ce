// @vitest-environment node
/**
 * Each form's definition (src/forms/definitions/) names the columns the repository reads and
 * writes; the tables themselves are written out by hand in migrations.ts. This checks that they
 * agree, on SQLite and on PostgreSQL when one is present: every column of a form's table but the
 * common ones (id, time, IP, user agent, handled) is a field of its definition, and the reverse.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { FORM_DEFINITIONS, FORMS, storedFields } from '../../src/forms/definitions/index.ts';
import { tempDir } from '../testSupport.ts';
import { type Db, openDb } from './db.ts';
import { migrate } from './migrations.ts';

const COMMON = ['id', 'created_at', 'client_ip', 'user_agent', 'handled_at'];

async function columnsOf(db: Db, table: string): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db.db);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = ${db.pgSchema ?? 'public'} and table_name = ${table}`.execute(db.db);
  return rows.rows.map((r) => r.column_name);
}

const sqliteDir = tempDir('definitions');
const pgUrl = process.env.TEST_DATABASE_URL;
const pgSchema = `test_defs_${process.pid}_${randomBytes(4).toString('hex')}`;
const backends: { name: string; open: () => Db; cleanup: () => Promise<void> }[] = [
  {
    name: 'SQLite',
    open: () => openDb({ dataDir: sqliteDir }),
    cleanup: async () => rmSync(sqliteDir, { recursive: true, force: true }),
  },
];
if (pgUrl)
  backends.push({
    name: 'PostgreSQL',
    open: () => openDb({ databaseUrl: pgUrl, pgSchema }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema if exists "${pgSchema}" cascade`);
      await client.end();
    },
  });
else
  console.log('PostgreSQL definition check skipped: no TEST_DATABASE_URL and no server on 127.0.0.1:5432.');

describe.each(backends)('form definitions against the $name tables', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = backend.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await backend.cleanup();
  });

  it.each(FORMS)('the %s definition names exactly its table’s columns', async (form) => {
    const definition = FORM_DEFINITIONS[form];
    const columns = await columnsOf(db, definition.table);
    expect(columns, `table ${definition.table}`).toEqual(expect.arrayContaining(COMMON));
    const own = columns.filter((c) => !COMMON.includes(c)).sort();
    expect(own).toEqual(
      storedFields(definition)
        .map((f) => f.column)
        .sort(),
    );
  });
});
