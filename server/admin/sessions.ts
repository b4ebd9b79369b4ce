/**
 * Staff sessions, kept server-side (table admin_sessions) so signing out or a restart with a new
 * password really ends them. The cookie holds a random id; only its SHA-256 is stored. Each session
 * has its own CSRF token (synchronizer token), sent back by the inbox in the X-CSRF-Token header.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../storage/db.ts';

export interface Session {
  csrfToken: string;
  expiresAt: string;
}

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

export class SessionStore {
  constructor(
    private readonly store: Db,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new session: returns the cookie value and its CSRF token. */
  async create(): Promise<{ id: string } & Session> {
    const id = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now + this.ttlMs).toISOString();
    // Expired sessions are cleared as new ones start.
    await this.store.db
      .deleteFrom('admin_sessions')
      .where('expires_at', '<=', new Date(now).toISOString())
      .execute();
    await this.store.db
      .insertInto('admin_sessions')
      .values({
        id_hash: hashId(id),
        csrf_token: csrfToken,
        created_at: new Date(now).toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    return { id, csrfToken, expiresAt };
  }

  /** The live session of a cookie value, or undefined (unknown or expired). */
  async get(id: string | undefined): Promise<Session | undefined> {
    if (!id || id.length > 100) return undefined;
    const row = await this.store.db
      .selectFrom('admin_sessions')
      .select(['csrf_token', 'expires_at'])
      .where('id_hash', '=', hashId(id))
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
