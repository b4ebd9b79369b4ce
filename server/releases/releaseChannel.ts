/**
 * How instances hear of a new release at once: a PostgreSQL NOTIFY on one channel, whose payload
 * names the schema, so the sites (and test runs) that share a database ignore each other's.
 * Polling (releaseFollower.ts) catches what a dropped connection missed.
 */
import { sql } from 'kysely';
import type { Db } from '../storage/db.ts';

export const RELEASE_CHANNEL = 'triune_release';

export const channelKey = (store: Db): string => store.pgSchema ?? 'public';

/** Tells every instance listening that a release was logged (nothing to do on SQLite). */
export async function announceRelease(store: Db): Promise<void> {
  if (store.dialect !== 'postgres') return;
  await sql`select pg_notify(${RELEASE_CHANNEL}, ${channelKey(store)})`.execute(store.db);
}

/** The build of the latest release put live, with the code that built it; undefined for none. */
export async function latestRelease(store: Db): Promise<{ buildId: number; code: string } | undefined> {
  const row = await store.db
    .selectFrom('releases')
    .innerJoin('release_builds', 'release_builds.id', 'releases.build_id')
    .select(['release_builds.id as buildId', 'release_builds.code_version as code'])
    .where('releases.state', '=', 'live')
    .orderBy('releases.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? undefined;
}
