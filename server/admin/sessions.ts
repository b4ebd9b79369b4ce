/**
 * Staff sessions, kept server-side (table admin_sessions) so that signing out really ends them.
 * The cookie holds a random id; only its SHA-256 is stored. Each session has its own CSRF token
 * (synchronizer token), sent back by the inbox in the X-CSRF-Token header.
 *
 * A session names who opened it (staff_id: a staff_users row, or null for the first administrator
 * of ADMIN_PASSWORD(_HASH)) and is tied to the password it was opened under: its row holds a
 * fingerprint of that password's hash, and it is accepted only while the hash is the same. For the
 * first administrator, changing ADMIN_PASSWORD_HASH and restarting therefore ends every earlier
 * session (ADMIN_PASSWORD is hashed with a fresh salt at each start, so with it every restart does);
 * for a named account, `npm run staff -- passwd` does. Role and forms are read from the account at
 * every request, so a change applies at once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { StaffAccounts } from '../staff/accounts.ts';
import { TwoStep } from '../staff/twoStep.ts';
import { DEFAULT_ADMIN_EMAIL, normalizeEmail, type Role, type Staff } from '../staff/types.ts';
import type { Db } from '../storage/db.ts';

export interface Session {
  csrfToken: string;
  expiresAt: string;
  staff: Staff;
  /**
   * The account's role must use two-step sign-in (STAFF_2FA_ROLES) and it has none yet: until it
   * sets one up, it may do nothing else (server/staff/guard.ts).
   */
  mustSetUpTwoStep: boolean;
}

export interface SessionOptions {
  ttlMs: number;
  /** The scrypt hash of the first administrator's password; none: only named accounts sign in. */
  passwordHash: string | undefined;
  /** The first administrator's address (ADMIN_EMAIL). */
  adminEmail?: string;
  /**
   * The roles that must use two-step sign-in. `npm start` always passes STAFF_2FA_ROLES (default
   * admin, server/config.ts); left out (tests, embedding), nobody is made to.
   */
  twoStepRoles?: readonly Role[];
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
  /** Fingerprint of the first administrator's password hash (none: that sign-in is off). */
  private readonly adminFingerprint: string | undefined;
  readonly accounts: StaffAccounts;
  /** Authenticator apps and recovery codes of every staff email (the first administrator's too). */
  readonly twoStep: TwoStep;
  readonly twoStepRoles: readonly Role[];
  /** Who the first administrator is (ADMIN_EMAIL; see README, "Configuration"). */
  readonly firstAdmin: Staff;

  constructor(
    private readonly store: Db,
    options: SessionOptions,
  ) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.adminFingerprint = options.passwordHash ? passwordFingerprint(options.passwordHash) : undefined;
    this.accounts = new StaffAccounts(store);
    this.twoStep = new TwoStep(store, this.now);
    this.twoStepRoles = options.twoStepRoles ?? [];
    this.firstAdmin = {
      id: null,
      name: 'Administrator',
      email: options.adminEmail ?? DEFAULT_ADMIN_EMAIL,
      role: 'admin',
      forms: null,
    };
  }

  /** The staff area is on: a first administrator is configured or a named account exists. */
  async enabled(): Promise<boolean> {
    return this.adminFingerprint !== undefined || (await this.accounts.count()) > 0;
  }

  /** Is this the address of an account or of the first administrator (someone to tell)? */
  async isStaffEmail(email: string): Promise<boolean> {
    const address = normalizeEmail(email);
    if (this.adminFingerprint && address === normalizeEmail(this.firstAdmin.email)) return true;
    return (await this.accounts.byEmail(address)) !== undefined;
  }

  /** Must this person set up two-step sign-in before doing anything else? */
  async mustSetUpTwoStep(staff: Staff): Promise<boolean> {
    return this.twoStepRoles.includes(staff.role) && !(await this.twoStep.enabled(staff.email));
  }

  /**
   * A new session for `staff`, opened with the password of hash `passwordHash`: returns the cookie
   * value and its CSRF token.
   */
  async create(staff: Staff, passwordHash: string): Promise<{ id: string } & Session> {
    const fingerprint = passwordFingerprint(passwordHash);
    const id = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now + this.ttlMs).toISOString();
    // Expired sessions, and the first administrator's of another password (never valid again),
    // are cleared as new ones start.
    await this.store.db
      .deleteFrom('admin_sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', new Date(now).toISOString()),
          eb.and([eb('staff_id', 'is', null), eb('password_fingerprint', '!=', this.adminFingerprint ?? '')]),
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
        staff_id: staff.id,
      })
      .execute();
    return { id, csrfToken, expiresAt, staff, mustSetUpTwoStep: await this.mustSetUpTwoStep(staff) };
  }

  /**
   * The live session of a cookie value, or undefined (unknown, expired, of a removed account, or
   * opened under another password).
   */
  async get(id: string | undefined): Promise<Session | undefined> {
    if (!id || id.length > 100) return undefined;
    const row = await this.store.db
      .selectFrom('admin_sessions')
      .select(['csrf_token', 'expires_at', 'password_fingerprint', 'staff_id'])
      .where('id_hash', '=', hashId(id))
      .executeTakeFirst();
    if (!row) return undefined;
    const expires = new Date(row.expires_at);
    if (expires.getTime() <= this.now()) return undefined;
    let staff: Staff;
    if (row.staff_id === null) {
      if (!this.adminFingerprint || row.password_fingerprint !== this.adminFingerprint) return undefined;
      staff = this.firstAdmin;
    } else {
      const account = await this.accounts.byId(row.staff_id);
      if (!account || passwordFingerprint(account.passwordHash) !== row.password_fingerprint)
        return undefined;
      staff = {
        id: account.id,
        name: account.name,
        email: account.email,
        role: account.role,
        forms: account.forms,
      };
    }
    return {
      csrfToken: row.csrf_token,
      expiresAt: expires.toISOString(),
      staff,
      mustSetUpTwoStep: await this.mustSetUpTwoStep(staff),
    };
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
