/**
 * The databases a storage test runs on: SQLite in a folder of its own, and PostgreSQL in a schema
 * of its own when a server answers (TEST_DATABASE_URL, set by tests/findPostgres.ts); without one,
 * the PostgreSQL half is skipped with a line saying so.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { tempDir } from '../testSupport.ts';
import { type Db, openDb } from './db.ts';

export interface DatabaseBackend {
  name: 'SQLite' | 'PostgreSQL';
  open(): Db;
  /** Removes the SQLite folder or drops the PostgreSQL schema. */
  cleanup(): Promise<void>;
}

/** `label` names the tests (file and schema names, the skip message: "publish log"). */
export function databaseBackends(label: string): DatabaseBackend[] {
  const slug = label.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  const sqliteDir = tempDir(slug);
  const backends: DatabaseBackend[] = [
    {
      name: 'SQLite',
      open: () => openDb({ dataDir: sqliteDir }),
      cleanup: async () => rmSync(sqliteDir, { recursive: true, force: true }),
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgSchema = `test_${slug}_${process.pid}_${randomBytes(4).toString('hex')}`;
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
    console.log(`PostgreSQL ${label} tests skipped: no TEST_DATABASE_URL and no server on 127.0.0.1:5432.`);
  return backends;
}
