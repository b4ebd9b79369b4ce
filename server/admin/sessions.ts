/**
 * Staff sessions, kept server-side (table admin_sessions) so that signing out really ends them.
 * The cookie holds a random id; only its SHA-256 is stored. Each session has its own CSRF token
 * (synchronizer token), sent back by the inbox in the X-CSRF-Token header.
 *
 * A session is also tied to the password it was opened under: its row holds a fingerprint of the
 * password hash in force (ADMIN_PASSWORD_HASH), and only a server running with that same hash
 * accepts it. Changing the password and restarting therefore ends every earlier session; a
 * restart with the same hash keeps them. (ADMIN_PASSWORD is hashed with a fresh salt at each start,
 * so with it every restart ends the sessions.)
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../storage/db.ts';

export interface Session {
  csrfToken: string;
  expiresAt: string;
}

export interface SessionOptions {
  ttlMs: number;
  /** The scrypt hash of the staff password; none: no session is valid. */
  passwordHash: string | undefined;
  now?: () => number;
}

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * What a session row records of the password: an HMAC keyed by the password hash, so the database
 * holds nothing from which the hash (or a guess of the password) could be checked.
 */
export function passwordFingerprint(passwordHash: string): string {
  return createHmac('sha256', passwordHash.trim()).update('triune admin session').digest('hex');
}

export class SessionStore {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly fingerprint: string | undefined;

  constructor(
    private readonly store: Db,
    options: SessionOptions,
  ) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.fingerprint = options.passwordHash ? passwordFingerprint(options.passwordHash) : undefined;
  }

  /** A new session: returns the cookie value and its CSRF token. */
  async create(): Promise<{ id: string } & Session> {
    const fingerprint = this.fingerprint;
    if (!fingerprint) throw new Error('No staff password is set.');
    const id = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now + this.ttlMs).toISOString();
    // Expired sessions, and those of another password (never valid again), are cleared as new
    // ones start.
    await this.store.db
      .deleteFrom('admin_sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', new Date(now).toISOString()),
          eb('password_fingerprint', '!=', fingerprint),
        ]),
      )
      .execute();
    await this.store.db
      .insertInto('admin_sessions')
      .values({
        id_hash: hashId(id),
        csrf_token: csrfToken,
        created_at: new Date(now).toISOString(),
        expires_at: expiresAt,
        password_fingerprint: fingerprint,
      })
      .execute();
    return { id, csrfToken, expiresAt };
  }

  /** The live session of a cookie value, or undefined (unknown, expired, or of another password). */
  async get(id: string | undefined): Promise<Session | undefined> {
    if (!id || id.length > 100 || !this.fingerprint) return undefined;
    const row = await this.store.db
      .selectFrom('admin_sessions')
      .select(['csrf_token', 'expires_at'])
      .where('id_hash', '=', hashId(id))
      .where('password_fingerprint', '=', this.fingerprint)
      .executeTakeFirst();
    if (!row) return undefined;
    const expires = new Date(row.expires_at);
    if (expires.getTime() <= this.now()) return undefined;
    return { csrfToken: row.csrf_token, expiresAt: expires.toISOString() };
  }

  async destroy(id: string | undefined): Promise<void> {
    if (id) await this.store.db.deleteFrom('admin_sessions').where('id_hash', '=', hashId(id)).execute();
  }
}

/** Constant-time comparison of a sent CSRF token with the session's. */
export function csrfMatches(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string' || !sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
