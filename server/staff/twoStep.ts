/**
 * Two-step sign-in: an authenticator app (TOTP, RFC 6238, by otplib) and ten one-time recovery
 * codes, for any staff email: a named account's, or the first administrator's (ADMIN_EMAIL), whose
 * row is keyed by that address like every other. Table staff_two_step holds the app's secret (it
 * must be readable to check codes) and the time step of the last code accepted, so that a code
 * works once; staff_recovery_codes holds only SHA-256 hashes of the recovery codes (random, 50
 * bits each: a fast hash is enough), and a used code's row is deleted.
 *
 * Setting up is two calls: `begin` stores a new secret as pending (not yet asked for at sign-in)
 * and returns it; `confirm` with a code from the app turns it on and returns the recovery codes,
 * which are shown once and never again.
 */
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../storage/db.ts';
import { normalizeEmail } from './types.ts';

/** The name the authenticator app shows above the code. */
export const TWO_STEP_ISSUER = 'Triune staff area';
export const RECOVERY_CODE_COUNT = 10;
/** A code from the previous or next 30 seconds is accepted too (clocks of phones drift). */
const TOLERANCE_S = 30;
/** No 0/O or 1/l/i: a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const twoStepMessages = {
  alreadyOn: 'Two-step sign-in is already on for this account. Turn it off first to set up another phone.',
  notStarted: 'Start the set-up again: no authenticator is waiting to be confirmed.',
  wrongCode: 'That code is not right. Type the 6 digits your authenticator app shows now.',
} as const;

export class TwoStepError extends Error {}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** What a person may type for a recovery code: any case, with spaces or dashes. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export class TwoStep {
  constructor(
    private readonly store: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private row(email: string) {
    return this.store.db
      .selectFrom('staff_two_step')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  /** Is two-step sign-in on (set up and confirmed) for this email? */
  async enabled(email: string): Promise<boolean> {
    const row = await this.row(email);
    return !!row?.enabled_at;
  }

  async status(email: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const address = normalizeEmail(email);
    const [row, codes] = await Promise.all([
      this.row(address),
      this.store.db
        .selectFrom('staff_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', address)
        .executeTakeFirst(),
    ]);
    const enabled = !!row?.enabled_at;
    return { enabled, recoveryCodesLeft: enabled ? Number(codes?.n ?? 0) : 0 };
  }

  /** A new secret, pending until confirmed; replaces an earlier pending one. */
  async begin(email: string): Promise<{ secret: string; uri: string }> {
    const address = normalizeEmail(email);
    const existing = await this.row(address);
    if (existing?.enabled_at) throw new TwoStepError(twoStepMessages.alreadyOn);
    const secret = generateSecret();
    await this.store.db.deleteFrom('staff_two_step').where('email', '=', address).execute();
    await this.store.db
      .insertInto('staff_two_step')
      .values({ email: address, secret, created_at: new Date(this.now()).toISOString() })
      .execute();
    return { secret, uri: generateURI({ issuer: TWO_STEP_ISSUER, label: address, secret }) };
  }

  /** The time step of `code` if it is the app's code now (and newer than `after`). */
  private async timeStepOf(secret: string, code: string, after: number | null): Promise<number | undefined> {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return undefined;
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(this.now() / 1000),
      epochTolerance: TOLERANCE_S,
      ...(after !== null && { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  /**
   * Turns a pending set-up on with a code from the app; returns the new recovery codes (to show
   * once), or throws TwoStepError (wrong code, nothing pending).
   */
  async confirm(email: string, code: string): Promise<string[]> {
    const address = normalizeEmail(email);
    const row = await this.row(address);
    if (!row || row.enabled_at)
      throw new TwoStepError(row ? twoStepMessages.alreadyOn : twoStepMessages.notStarted);
    const step = await this.timeStepOf(row.secret, code, null);
    if (step === undefined) throw new TwoStepError(twoStepMessages.wrongCode);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.store.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff_two_step')
        .set({ enabled_at: new Date(this.now()).toISOString(), last_time_step: step })
        .where('email', '=', address)
        .execute();
      await trx.deleteFrom('staff_recovery_codes').where('email', '=', address).execute();
      await trx
        .insertInto('staff_recovery_codes')
        .values(codes.map((c) => ({ email: address, code_hash: hashCode(normalizeRecoveryCode(c)) })))
        .execute();
    });
    return codes;
  }

  /**
   * Checks a code from the app, or a recovery code (used up by this), for an email with two-step
   * sign-in on. Each app code is accepted once (a second use, even within its 30 s, is refused).
   */
  async check(email: string, code: string): Promise<boolean> {
    const address = normalizeEmail(email);
    const row = await this.row(address);
    if (!row?.enabled_at || code.length > 40) return false;
    const step = await this.timeStepOf(
      row.secret,
      code,
      row.last_time_step === null ? null : Number(row.last_time_step),
    );
    if (step !== undefined) {
      // Only if no other request took this step (or a later one) meanwhile.
      const taken = await this.store.db
        .updateTable('staff_two_step')
        .set({ last_time_step: step })
        .where('email', '=', address)
        .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) > 0;
    }
    const used = await this.store.db
      .deleteFrom('staff_recovery_codes')
      .where('email', '=', address)
      .where('code_hash', '=', hashCode(normalizeRecoveryCode(code)))
      .executeTakeFirst();
    return Number(used.numDeletedRows) > 0;
  }

  /** Turns two-step sign-in off (or drops a pending set-up); false when there was nothing. */
  async disable(email: string): Promise<boolean> {
    const address = normalizeEmail(email);
    await this.store.db.deleteFrom('staff_recovery_codes').where('email', '=', address).execute();
    const removed = await this.store.db
      .deleteFrom('staff_two_step')
      .where('email', '=', address)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }
}
