/**
 * Named staff accounts (table staff_users): email (stored lower-case, unique), name, role, the
 * forms an inbox account is limited to, and a scrypt hash of the password (server/admin/password.ts).
 */
import { hashPassword, isLongEnoughPassword, PASSWORD_MIN_LENGTH } from '../admin/password.ts';
import type { Db } from '../storage/db.ts';
import type { FormName } from '../storage/repository.ts';
import { isEmail, normalizeEmail, type Role, type Staff } from './types.ts';

export interface StaffAccount extends Staff {
  id: number;
  passwordHash: string;
  createdAt: string;
}

/** A mistake in what was asked (bad address, taken address, short password): shown as is. */
export class AccountError extends Error {}

interface Row {
  id: number;
  email: string;
  name: string;
  role: string;
  forms: string | null;
  password_hash: string;
  created_at: string | Date;
}

function toAccount(row: Row): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    forms: row.forms === null ? null : (JSON.parse(row.forms) as FormName[]),
    passwordHash: row.password_hash,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export class StaffAccounts {
  constructor(
    private readonly store: Db,
    private readonly options: { hashParams?: { N: number; r: number; p: number } } = {},
  ) {}

  private hash(password: string): Promise<string> {
    if (!isLongEnoughPassword(password))
      throw new AccountError(`Please choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
    return hashPassword(password, this.options.hashParams);
  }

  async add(input: {
    email: string;
    name: string;
    role: Role;
    forms?: FormName[] | null;
    password: string;
  }): Promise<StaffAccount> {
    const email = normalizeEmail(input.email);
    if (!isEmail(email)) throw new AccountError(`"${input.email}" is not an email address.`);
    if (await this.byEmail(email)) throw new AccountError(`There is already an account for ${email}.`);
    const name = input.name.trim() || email;
    const forms = input.role === 'inbox' && input.forms?.length ? JSON.stringify(input.forms) : null;
    const passwordHash = await this.hash(input.password);
    await this.store.db
      .insertInto('staff_users')
      .values({
        email,
        name,
        role: input.role,
        forms,
        password_hash: passwordHash,
        created_at: new Date().toISOString(),
      })
      .execute();
    const added = await this.byEmail(email);
    if (!added) throw new Error('The account was not stored.');
    return added;
  }

  async byEmail(email: string): Promise<StaffAccount | undefined> {
    const row = await this.store.db
      .selectFrom('staff_users')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  async byId(id: number): Promise<StaffAccount | undefined> {
    const row = await this.store.db
      .selectFrom('staff_users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  async list(): Promise<StaffAccount[]> {
    const rows = await this.store.db.selectFrom('staff_users').selectAll().orderBy('email').execute();
    return rows.map(toAccount);
  }

  async count(): Promise<number> {
    const row = await this.store.db
      .selectFrom('staff_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Removes the account and ends its sessions; false when there is none. */
  async remove(email: string): Promise<boolean> {
    const account = await this.byEmail(email);
    if (!account) return false;
    await this.store.db.deleteFrom('admin_sessions').where('staff_id', '=', account.id).execute();
    // Its authenticator and recovery codes too: an account added later with this address sets up its own.
    await this.store.db.deleteFrom('staff_recovery_codes').where('email', '=', account.email).execute();
    await this.store.db.deleteFrom('staff_two_step').where('email', '=', account.email).execute();
    await this.store.db.deleteFrom('staff_users').where('id', '=', account.id).execute();
    return true;
  }

  /**
   * Gives the account a new role (and, for inbox, the forms it is limited to) and ends its sessions,
   * so the new rights apply from its next sign-in; undefined when there is no such account.
   */
  async setRole(email: string, role: Role, forms: FormName[] | null): Promise<StaffAccount | undefined> {
    const account = await this.byEmail(email);
    if (!account) return undefined;
    await this.store.db
      .updateTable('staff_users')
      .set({ role, forms: role === 'inbox' && forms?.length ? JSON.stringify(forms) : null })
      .where('id', '=', account.id)
      .execute();
    await this.store.db.deleteFrom('admin_sessions').where('staff_id', '=', account.id).execute();
    return this.byEmail(email);
  }

  /**
   * Ends every session of `email`: a named account's, or, for the first administrator's address,
   * every session of the first administrator.
   */
  async endSessions(email: string, firstAdminEmail: string | undefined): Promise<void> {
    const account = await this.byEmail(email);
    if (account)
      await this.store.db.deleteFrom('admin_sessions').where('staff_id', '=', account.id).execute();
    else if (firstAdminEmail && normalizeEmail(email) === normalizeEmail(firstAdminEmail))
      await this.store.db.deleteFrom('admin_sessions').where('staff_id', 'is', null).execute();
  }

  /** Sets a new password and ends the account's sessions; false when there is no such account. */
  async setPassword(email: string, password: string): Promise<boolean> {
    const account = await this.byEmail(email);
    if (!account) return false;
    const passwordHash = await this.hash(password);
    await this.store.db
      .updateTable('staff_users')
      .set({ password_hash: passwordHash })
      .where('id', '=', account.id)
      .execute();
    await this.store.db.deleteFrom('admin_sessions').where('staff_id', '=', account.id).execute();
    return true;
  }
}
