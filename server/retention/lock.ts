/**
 * "Only one purge at a time." On PostgreSQL, several server instances may share the database: a
 * session advisory lock (pg_try_advisory_lock, held on one pinned connection for the whole run)
 * lets one instance purge while the others skip. The key is derived from the schema, so separate
 * sites (or test schemas) in one database do not block each other. On SQLite, the database file
 * belongs to one server process: a flag in the process is enough.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../storage/db.ts';

/** Arbitrary first half of the advisory lock key: "retention" for this application. */
const LOCK_CLASS = 0x52_45_54_4e; // "RETN"

export function lockKey(pgSchema: string | undefined): [number, number] {
  const digest = createHash('sha256')
    .update(`retention:${pgSchema ?? 'public'}`)
    .digest();
  return [LOCK_CLASS, digest.readInt32BE(0)];
}

const runningInProcess = new WeakSet<Db>();

/**
 * Runs `work` holding the retention lock; resolves to `undefined` without running it when another
 * run (here or in another instance) holds the lock.
 */
export async function withRetentionLock<T>(store: Db, work: () => Promise<T>): Promise<T | undefined> {
  if (runningInProcess.has(store)) return undefined;
  runningInProcess.add(store);
  try {
    if (store.dialect !== 'postgres') return await work();
    const [a, b] = lockKey(store.pgSchema);
    return await store.db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${a}, ${b}) as locked`.execute(conn);
      if (!rows[0]?.locked) return undefined;
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${a}, ${b})`.execute(conn);
      }
    });
  } finally {
    runningInProcess.delete(store);
  }
}
