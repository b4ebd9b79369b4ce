/**
 * Who is signed in to the staff area, and what each role may do (README, "Staff: submissions,
 * inbox, notifications"). `forms` limits an inbox account to some forms (null: all of them).
 */
import { FORMS, type FormName } from '../storage/repository.ts';

export const ROLES = ['admin', 'content', 'publisher', 'inbox'] as const;
export type Role = (typeof ROLES)[number];

export interface Staff {
  /** The staff_users row; null for the first administrator (ADMIN_PASSWORD / ADMIN_PASSWORD_HASH). */
  id: number | null;
  name: string;
  email: string;
  role: Role;
  /** The forms an inbox account may see; null: every form. */
  forms: FormName[] | null;
}

/** The roles that must use two-step sign-in when STAFF_2FA_ROLES is not set. */
export const DEFAULT_TWO_STEP_ROLES: readonly Role[] = ['admin'];

export const isRole = (v: unknown): v is Role =>
  typeof v === 'string' && (ROLES as readonly string[]).includes(v);

export const isFormName = (v: unknown): v is FormName =>
  typeof v === 'string' && (FORMS as readonly string[]).includes(v);

/** The forms whose submissions this person may read and change (none for content editors and publishers). */
export function formsOf(staff: Staff): FormName[] {
  if (staff.role === 'content' || staff.role === 'publisher') return [];
  return staff.role === 'inbox' && staff.forms ? FORMS.filter((f) => staff.forms?.includes(f)) : [...FORMS];
}

export const canSeeForm = (staff: Staff, form: FormName): boolean => formsOf(staff).includes(form);

/** The first administrator's address when ADMIN_EMAIL is unset. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A plausible address (one @, no spaces): enough to sign in with, not a deliverability check. */
export const isEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254;
