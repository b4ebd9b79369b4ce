/**
 * One build at a time across every instance of the site: a Publish builds while it holds a
 * PostgreSQL advisory lock (on a connection of its own, released when the build ends or the
 * connection drops with a dead instance). A Publish pressed on another instance meanwhile is told
 * that one is under way instead of starting a second build that would compete for the cores.
 * SQLite serves one instance, whose publisher already runs one build at a time: no lock there.
 */
import { sql } from 'kysely';
import type { Db } from '../storage/db.ts';

/** Runs `build` unless another instance holds the lock; false when it does. */
export type ExclusiveBuild = (build: () => Promise<void>) => Promise<boolean>;

export function publishLock(store: Db): ExclusiveBuild | undefined {
  return advisoryLock(store, 'publish');
}

/**
 * Runs a task unless another instance holds the lock called `name` (the schedules have their own,
 * server/editor/schedules/runSchedules.ts); undefined on SQLite, which serves one instance.
 */
export function advisoryLock({ db, dialect, pgSchema }: Db, name: string): ExclusiveBuild | undefined {
  if (dialect !== 'postgres') return undefined;
  // Per schema: test schemas (and two sites on one server) do not wait for each other.
  const key = `triune:${name}:${pgSchema ?? 'public'}`;
  return (build) =>
    db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        got: boolean;
      }>`select pg_try_advisory_lock(hashtext(${key})) as got`.execute(conn);
      if (!rows[0]?.got) return false;
      try {
        await build();
        return true;
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
      }
    });
}
