/**
 * Checks an email and password: a named account (staff_users) first, then the first administrator
 * (ADMIN_EMAIL, default admin@localhost, with ADMIN_PASSWORD / ADMIN_PASSWORD_HASH). An unknown
 * address still costs one scrypt check, so the answer time does not tell which addresses exist.
 */
import { hashPassword, verifyPassword } from '../admin/password.ts';
import type { SessionStore } from '../admin/sessions.ts';
import { normalizeEmail, type Staff } from './types.ts';

let decoy: Promise<string> | undefined;

export async function checkSignIn(
  sessions: SessionStore,
  adminPasswordHash: string | undefined,
  email: string,
  password: string,
): Promise<{ staff: Staff; passwordHash: string } | undefined> {
  const address = normalizeEmail(email);
  const account = await sessions.accounts.byEmail(address);
  if (account) {
    if (!(await verifyPassword(password, account.passwordHash))) return undefined;
    const { id, name, role, forms } = account;
    return { staff: { id, name, email: account.email, role, forms }, passwordHash: account.passwordHash };
  }
  if (adminPasswordHash && address === normalizeEmail(sessions.firstAdmin.email)) {
    if (!(await verifyPassword(password, adminPasswordHash))) return undefined;
    return { staff: sessions.firstAdmin, passwordHash: adminPasswordHash };
  }
  decoy ??= hashPassword('decoy password, never valid');
  await verifyPassword(password, await decoy);
  return undefined;
}
