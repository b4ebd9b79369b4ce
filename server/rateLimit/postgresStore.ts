/**
 * A store for @fastify/rate-limit kept in PostgreSQL, so that several instances of the site on one
 * database count together: N instances allow the limit once, not N times. (SQLite means one
 * process, which keeps the plugin's own in-memory store.)
 *
 * Each hit is one statement: an upsert that starts a window or counts into the current one, timed
 * by the database's clock (instances' clocks may differ). The counters live in an UNLOGGED table:
 * no write-ahead log, so cheap; a database crash may empty it, which only resets the windows.
 * It is created here, when first needed, rather than by a versioned migration, because it holds no
 * data worth keeping and its shape may change freely (drop it and it comes back).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../storage/db.ts';

export const RATE_LIMIT_TABLE = 'rate_limit_hits';

/** How often, in hits, expired windows are swept (each sweep is one DELETE). */
const SWEEP_EVERY = 500;

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type StoreClass = new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;

interface Shared {
  db: Db;
  ready?: Promise<void>;
  hits: number;
}

async function createTable({ db, pgSchema }: Db): Promise<void> {
  // Instances starting together would race on CREATE TABLE IF NOT EXISTS (a duplicate pg_type
  // row): the transaction-scoped advisory lock makes them take turns.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`triune:${RATE_LIMIT_TABLE}:${pgSchema ?? ''}`}))`.execute(
      trx,
    );
    await sql`create unlogged table if not exists ${sql.table(RATE_LIMIT_TABLE)} (
      key text primary key,
      hits integer not null,
      reset_at bigint not null
    )`.execute(trx);
  });
}

const NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

async function hit(shared: Shared, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  shared.ready ??= createTable(shared.db).catch((error: unknown) => {
    shared.ready = undefined;
    throw error;
  });
  await shared.ready;
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into ${sql.table(RATE_LIMIT_TABLE)} as t (key, hits, reset_at)
    values (${key}, 1, ${NOW_MS} + ${windowMs})
    on conflict (key) do update set
      hits = case when t.reset_at <= ${NOW_MS} then 1 else t.hits + 1 end,
      reset_at = case when t.reset_at <= ${NOW_MS} then ${NOW_MS} + ${windowMs} else t.reset_at end
    returning hits, (reset_at - ${NOW_MS})::integer as ttl`.execute(shared.db.db);
  const row = rows[0];
  if (!row) throw new Error('The rate-limit counter was not updated.');
  if (++shared.hits % SWEEP_EVERY === 0)
    await sql`delete from ${sql.table(RATE_LIMIT_TABLE)} where reset_at <= ${NOW_MS}`.execute(shared.db.db);
  return { current: row.hits, ttl: Math.max(row.ttl, 0) };
}

/**
 * The store class to give @fastify/rate-limit (`store:`). Each limit (a route's, or one made with
 * app.rateLimit()) counts in its own namespace, as the plugin's in-memory store keeps one map per
 * route.
 */
export function postgresRateLimitStore(db: Db): StoreClass {
  const shared: Shared = { db, hits: 0 };
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly namespace = 'global',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      hit(shared, `${this.namespace}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const params = routeOptions as {
        routeInfo?: { method?: string | string[]; url?: string };
        max?: unknown;
        timeWindow?: unknown;
      };
      const info = params.routeInfo;
      // A limit made with app.rateLimit() has no route: its own max and window tell it apart.
      const route = info?.url
        ? `${[info.method ?? ''].flat().join(',')} ${info.url}`
        : `custom ${String(params.max)}/${String(params.timeWindow)}`;
      return new PostgresRateLimitStore(undefined, route);
    }
  }
  return PostgresRateLimitStore;
}
