/**
 * How many wrong sign-ins are allowed, counted in the database (table login_failures) so that
 * several instances on one PostgreSQL count together, and a restart forgets nothing.
 *
 * Two counts, both of failures only (a colleague's successful sign-in from the same office address
 * uses up nothing):
 * - per account (the email typed, whether or not an account has it, so that the answers do not
 *   tell which addresses exist): the first `freeFailures` failures answer 401; each failure after
 *   them answers 429 and locks the account for a time that doubles with each one (1 minute, 2, 4,
 *   ... at most an hour). A successful sign-in clears the count; a day without failures forgets it.
 * - per client address (IPv4, or IPv6 /64): `addressLimit` failures per 15 minutes, then 429 until
 *   the window ends.
 * After `alertAfter` failures of one account within 15 minutes its owner is told (at most once an
 * hour; `failed()` says when, and the caller sends the email).
 *
 * Every attempt is counted before its password is checked, each count one statement (an upsert
 * that skips a locked account), so neither parallel requests nor two instances counting the same
 * account at the same moment get past the limits. Times come from the server's clock (`now`),
 * which tests control.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../storage/db.ts';
import { normalizeEmail } from './types.ts';

export const SIGN_IN_RULES = {
  /** The window of the per-address count and of the owner's alert. */
  windowMs: 15 * 60_000,
  /** Wrong sign-ins of one account answered 401; each one after them answers 429. */
  freeFailures: 5,
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  /** Failures of one account within windowMs that make its owner be told. */
  alertAfter: 5,
  /** At most one alert per account in this time. */
  alertEveryMs: 60 * 60_000,
  /** A count with no new failure for this long starts again from zero. */
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

export interface FailureOutcome {
  /** Seconds the caller must wait (429 with Retry-After); undefined: answer 401 as usual. */
  retryAfterS?: number;
  /** The owner of the account is to be told of repeated failures (claimed once per alertEveryMs). */
  alert: boolean;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The key of an IP address: IPv4 as it is, IPv6 by its /64 (what one customer usually holds). */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v = mapped ?? ip;
  if (isIPv4(v)) return `address:${v}`;
  if (isIPv6(v)) {
    const [head = '', tail = ''] = v.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = v.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
    return `address:${groups
      .slice(0, 4)
      .map((g) => Number.parseInt(g || '0', 16).toString(16))
      .join(':')}::/64`;
  }
  return `address:${v}`;
}

const accountKey = (email: string) => `account:${normalizeEmail(email)}`;

/** A sign-in attempt let through: its place in the account's count (see `take`). */
export interface Ticket {
  /** This attempt is the account's n-th failure unless it succeeds. */
  failures: number;
  /** ... and its n-th within the alert window. */
  windowFailures: number;
}

export class LoginThrottle {
  constructor(
    private readonly store: Db,
    private readonly options: { addressLimit: number; now?: () => number },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /**
   * Counts a failure for `key` (one statement); with `unlessLockedAt`, only if the key is not locked
   * at that time. Returns its counts after it, or undefined when it was locked (nothing counted).
   */
  private async count(
    key: string,
    now: number,
    unlessLocked = false,
  ): Promise<{ failures: number; windowFailures: number; windowStart: number } | undefined> {
    const { windowMs, forgetAfterMs } = SIGN_IN_RULES;
    const { rows } = await sql<{ failures: number; window_failures: number; window_start: number }>`
      insert into login_failures as f (key, failures, window_start, window_failures, last_failure_at)
      values (${key}, 1, ${now}, 1, ${now})
      on conflict (key) do update set
        failures = case when f.last_failure_at <= ${now - forgetAfterMs} then 1 else f.failures + 1 end,
        window_failures = case when f.window_start <= ${now - windowMs} then 1 else f.window_failures + 1 end,
        window_start = case when f.window_start <= ${now - windowMs} then ${now} else f.window_start end,
        last_failure_at = ${now}
      where ${unlessLocked ? sql`f.locked_until <= ${now}` : sql`1 = 1`}
      returning failures, window_failures, window_start`.execute(this.store.db);
    const row = rows[0];
    return row
      ? {
          failures: Number(row.failures),
          windowFailures: Number(row.window_failures),
          windowStart: Number(row.window_start),
        }
      : undefined;
  }

  /** Gives back the address's count of an attempt that turned out not to be a failure. */
  private async refundAddress(ip: string): Promise<void> {
    await this.store.db
      .updateTable('login_failures')
      .set((eb) => ({
        window_failures: eb
          .case()
          .when('window_failures', '>', 0)
          .then(eb('window_failures', '-', 1))
          .else(0)
          .end(),
      }))
      .where('key', '=', addressKey(ip))
      .execute();
  }

  /**
   * Lets one attempt of `email` from `ip` through, or says how many seconds to wait. The attempt
   * is counted as a failure before the password is checked (and given back by `succeeded` or
   * `notAFailure`): a burst of guesses sent side by side is counted as it arrives, so it meets
   * the limits as surely as guesses sent one after the other. The failure past the free ones
   * locks the account at once, for the same reason.
   */
  async take(email: string, ip: string): Promise<{ waitS: number } | Ticket> {
    const now = this.now();
    const address = await this.count(addressKey(ip), now);
    if (address && address.windowFailures > this.options.addressLimit)
      return { waitS: seconds(address.windowStart + SIGN_IN_RULES.windowMs - now) };
    const key = accountKey(email);
    const account = await this.count(key, now, true);
    if (!account) {
      // Locked: this attempt is not evaluated, so it costs the address nothing.
      await this.refundAddress(ip);
      const row = await this.store.db
        .selectFrom('login_failures')
        .select('locked_until')
        .where('key', '=', key)
        .executeTakeFirst();
      return { waitS: seconds(Number(row?.locked_until ?? now) - now) };
    }
    const lockMs = this.lockMs(account.failures);
    if (lockMs)
      await this.store.db
        .updateTable('login_failures')
        .set({ locked_until: now + lockMs })
        .where('key', '=', key)
        .execute();
    return { failures: account.failures, windowFailures: account.windowFailures };
  }

  /** How long the account waits after its n-th failure (0 for the free ones). */
  private lockMs(failures: number): number {
    const past = failures - SIGN_IN_RULES.freeFailures;
    if (past <= 0) return 0;
    return Math.min(SIGN_IN_RULES.firstLockMs * 2 ** Math.min(past - 1, 30), SIGN_IN_RULES.maxLockMs);
  }

  /** The attempt of `ticket` failed (wrong password or code): what to answer, whom to tell. */
  async failed(email: string, ticket: Ticket): Promise<FailureOutcome> {
    const now = this.now();
    const lockMs = this.lockMs(ticket.failures);
    let alert = false;
    if (ticket.windowFailures >= SIGN_IN_RULES.alertAfter) {
      // Claimed by one statement, so of several instances only one sends it.
      const claimed = await this.store.db
        .updateTable('login_failures')
        .set({ alerted_at: now })
        .where('key', '=', accountKey(email))
        .where('alerted_at', '<=', now - SIGN_IN_RULES.alertEveryMs)
        .executeTakeFirst();
      alert = Number(claimed.numUpdatedRows) > 0;
    }
    return { ...(lockMs > 0 && { retryAfterS: seconds(lockMs) }), alert };
  }

  /**
   * The right password, but a code is still to come: not a failure for the address. (The
   * account's count keeps it until the sign-in completes, so code guesses stay limited.)
   */
  async notAFailure(ip: string): Promise<void> {
    await this.refundAddress(ip);
  }

  /**
   * A complete sign-in: the account's count starts again and the address gets its attempt back.
   * When the owner was last alerted is kept, so a new series within the hour sends no second email.
   */
  async succeeded(email: string, ip: string): Promise<void> {
    const now = this.now();
    await this.refundAddress(ip);
    await this.store.db
      .updateTable('login_failures')
      .set({ failures: 0, window_failures: 0, locked_until: 0 })
      .where('key', '=', accountKey(email))
      .execute();
    // Rows of counts long forgotten (and alerts long past) are of no further use.
    await this.store.db
      .deleteFrom('login_failures')
      .where('last_failure_at', '<=', now - SIGN_IN_RULES.forgetAfterMs)
      .where('alerted_at', '<=', now - SIGN_IN_RULES.alertEveryMs)
      .execute();
  }
}
