/**
 * Retention that runs by itself: the server deletes submissions past their period (periods.ts) once
 * a day, and at start when a purge is overdue (some submission is already past its period), so the
 * privacy page's promise does not depend on someone setting up a cron job. Each run takes the
 * retention lock (lock.ts: one instance at a time on PostgreSQL), deletes with the staff command's
 * own purge (Repository.purge: the rows, their CVs and their queued emails, in one transaction) and
 * writes one log line with the counts per form. RETENTION_AUTOPURGE=off leaves purging to
 * `npm run submissions -- purge`.
 */
import { olderThan } from '../cli/commands.ts';
import type { Db } from '../storage/db.ts';
import { FORMS, type FormName, type Repository, TABLE_OF } from '../storage/repository.ts';
import { withRetentionLock } from './lock.ts';
import type { RetentionPeriods } from './periods.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Time and timers, replaced by a fake clock in tests. */
export interface Clock {
  now(): Date;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    // The daily timer never keeps a stopping server alive.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface Log {
  info(message: string): void;
  error(message: string): void;
}

export interface AutoPurgeOptions {
  enabled: boolean;
  store: Db;
  repo: Pick<Repository, 'purge'>;
  periods: RetentionPeriods;
  log: Log;
  clock?: Clock;
}

/** What one run did: the counts deleted per form, or "skipped" when another run held the lock. */
export type RunResult = Record<FormName, number> | 'skipped';

export interface AutoPurge {
  /** Purges now (the daily run and the start run call this). */
  run(): Promise<RunResult>;
  /** Resolves when the run in progress, if any, has finished. */
  idle(): Promise<void>;
  stop(): void;
}

function cutoffs(periods: RetentionPeriods, now: Date): Record<FormName, Date> {
  return Object.fromEntries(FORMS.map((f) => [f, olderThan(`${periods[f]}m`, now)])) as Record<
    FormName,
    Date
  >;
}

/** Is any submission already past its period? (Then the start does not wait a day to purge.) */
export async function purgeOverdue(store: Db, periods: RetentionPeriods, now: Date): Promise<boolean> {
  const before = cutoffs(periods, now);
  for (const form of FORMS) {
    const row = await store.db
      .selectFrom(TABLE_OF[form])
      .select('id')
      .where('created_at', '<', before[form].toISOString())
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export function describePeriods(periods: RetentionPeriods): string {
  return FORMS.map((f) => `${f} ${periods[f]} months`).join(', ');
}

export function startAutoPurge(options: AutoPurgeOptions): AutoPurge {
  const { store, repo, periods, log } = options;
  const clock = options.clock ?? systemClock;
  let current: Promise<unknown> = Promise.resolve();
  let timer: unknown;
  let stopped = false;

  const purgeAll = async (): Promise<RunResult> => {
    const before = cutoffs(periods, clock.now());
    const done = await withRetentionLock(store, async () => {
      const counts = {} as Record<FormName, number>;
      for (const form of FORMS) counts[form] = await repo.purge(form, before[form]);
      return counts;
    });
    if (!done) {
      log.info('Retention: another instance is purging; this one skipped its run.');
      return 'skipped';
    }
    log.info(
      `Retention: deleted ${FORMS.map((f) => `${done[f]} ${f}`).join(', ')} submission(s) past their period (${describePeriods(periods)}).`,
    );
    return done;
  };

  const run = (): Promise<RunResult> => {
    const result = purgeAll();
    current = result.catch((error: unknown) => {
      log.error(`Retention: the purge failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return result;
  };

  const schedule = () => {
    if (stopped) return;
    timer = clock.setTimeout(() => {
      run()
        .catch(() => {}) // logged by run()
        .finally(schedule);
    }, DAY_MS);
  };

  if (!options.enabled) {
    log.info(
      'Retention: automatic purge is off (RETENTION_AUTOPURGE=off); run `npm run submissions -- purge` to delete old submissions.',
    );
    return { run, idle: () => current.then(() => {}), stop: () => {} };
  }

  current = purgeOverdue(store, periods, clock.now())
    .then((overdue) => (overdue ? run().catch(() => {}) : undefined))
    .catch((error: unknown) => {
      log.error(
        `Retention: could not check for overdue submissions: ${error instanceof Error ? error.message : String(error)}`,
      );
    })
    .finally(schedule);

  return {
    run,
    idle: async () => {
      // A run may start another step (the daily timer after the start check): wait until quiet.
      let seen: Promise<unknown>;
      do {
        seen = current;
        await seen;
      } while (seen !== current);
    },
    stop: () => {
      stopped = true;
      clock.clearTimeout(timer);
    },
  };
}
