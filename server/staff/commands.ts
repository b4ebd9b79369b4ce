/**
 * `npm run staff -- ...`: named staff accounts (server/staff/accounts.ts). The password is never an
 * argument (it would stay in the shell history): it is read by `readPassword`.
 */
import QRCode from 'qrcode';
import { FORMS, type FormName } from '../storage/repository.ts';
import { AccountError, type StaffAccounts } from './accounts.ts';
import { type TwoStep, TwoStepError } from './twoStep.ts';
import { isFormName, isRole, normalizeEmail, ROLES, type Role } from './types.ts';

export const STAFF_USAGE = `Usage: npm run staff -- <command>

  list                                   the accounts, with role and forms
  add <email> --role <role> [--name "Full Name"] [--forms f1,f2]
                                         a new account; asks for its password
  role <email> <role> [--forms f1,f2]   a new role (and forms for inbox); signs the account out
  passwd <email>                         a new password (signs the account out everywhere)
  remove <email>                         deletes the account (and signs it out)
  2fa enable <email>                     sets up two-step sign-in (an authenticator app) for the
                                         account or the first administrator (ADMIN_EMAIL): shows
                                         a QR code, asks for a code, prints the recovery codes
  2fa disable <email>                    turns two-step sign-in off
  2fa reset <email>                      for a lost phone: turns it off and signs the account out;
                                         it sets it up again at its next sign-in (if its role must)
                                         or from Account in the staff area

Roles: admin (everything, including accounts' data), content (the page editor),
inbox (the submissions inbox; --forms limits it to some of: ${FORMS.join(', ')}).
The password is typed without echo, or read from the first line of standard input:
  printf '%s\\n' "$PASSWORD" | npm run staff -- add ravi@example.com --role inbox --forms application`;

export class StaffUsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const arg = args[i] ?? '';
  if (arg.includes('=')) return arg.slice(arg.indexOf('=') + 1);
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new StaffUsageError(`--${name} needs a value.`);
  return value;
}

/** `--forms f1,f2`: the forms an inbox account is limited to (null: all of them). */
function formsOption(args: string[], role: Role): FormName[] | null {
  const formsArg = option(args, 'forms');
  if (formsArg === undefined) return null;
  if (role !== 'inbox') throw new StaffUsageError('--forms applies to the inbox role only.');
  const names = formsArg
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const wrong = names.filter((f) => !isFormName(f));
  if (wrong.length || !names.length)
    throw new StaffUsageError(
      `--forms takes form names among: ${FORMS.join(', ')} (not "${wrong.join(', ')}").`,
    );
  return names.filter(isFormName);
}

/** What `2fa` needs: the two-step store, the roles that must use it, and a way to read a code. */
export interface TwoStepTools {
  twoStep: TwoStep;
  roles: readonly Role[];
  readCode: () => Promise<string>;
}

/** `2fa enable|disable|reset <email>`. */
async function runTwoStep(
  args: string[],
  accounts: StaffAccounts,
  out: (text: string) => void,
  tools: TwoStepTools,
  firstAdminEmail: string | undefined,
): Promise<void> {
  const [, action, email] = args;
  if (!action || !['enable', 'disable', 'reset'].includes(action))
    throw new StaffUsageError('2fa takes enable, disable or reset, then an email address.');
  if (!email || email.startsWith('--')) throw new StaffUsageError(`"2fa ${action}" needs an email address.`);
  const address = normalizeEmail(email);
  const isFirstAdmin = !!firstAdminEmail && address === normalizeEmail(firstAdminEmail);
  const account = await accounts.byEmail(address);
  if (!account && !isFirstAdmin) throw new AccountError(`There is no account for ${address}.`);
  const role: Role = account?.role ?? 'admin';
  const required = tools.roles.includes(role);
  const { twoStep } = tools;
  if (action === 'enable') {
    try {
      const { secret, uri } = await twoStep.begin(address);
      const qr = await QRCode.toString(uri, { type: 'terminal', small: true });
      out(
        `Scan this QR code with the authenticator app (or type the key by hand):

${qr}
Key: ${secret}
Address: ${uri}

`,
      );
      const codes = await twoStep.confirm(address, await tools.readCode());
      out(
        `Two-step sign-in is on for ${address}. Recovery codes (each works once; keep them somewhere safe, they are not shown again):
${codes
  .map(
    (c) => `  ${c}
`,
  )
  .join('')}`,
      );
    } catch (error) {
      if (error instanceof TwoStepError) throw new AccountError(error.message);
      throw error;
    }
    return;
  }
  const had = await twoStep.disable(address);
  const again = required
    ? `its role (${role}) must use it, so it sets it up again at its next sign-in`
    : 'it may set it up again from Account in the staff area';
  if (action === 'disable') {
    out(
      had
        ? `Two-step sign-in is off for ${address}; ${again}.
`
        : `${address} had no two-step sign-in.
`,
    );
    return;
  }
  await accounts.endSessions(address, firstAdminEmail);
  out(`Two-step sign-in of ${address} is cleared and its sessions have ended; ${again}.
`);
}

/** Runs one command; throws StaffUsageError (wrong arguments) or AccountError (refused). */
export async function runStaff(
  args: string[],
  accounts: StaffAccounts,
  out: (text: string) => void,
  readPassword: (confirm: boolean) => Promise<string>,
  /** The first administrator's address (ADMIN_EMAIL), which no account may take. */
  firstAdminEmail?: string,
  /** For `2fa` (the command refuses without them). */
  twoStepTools?: TwoStepTools,
): Promise<void> {
  const [command, email] = args;
  if (command === '2fa') {
    if (!twoStepTools) throw new StaffUsageError('2fa is not available here.');
    return runTwoStep(args, accounts, out, twoStepTools, firstAdminEmail);
  }
  if (command === 'list') {
    const list = await accounts.list();
    for (const a of list)
      out(
        `${a.email}\t${a.role}${a.role === 'inbox' ? ` (${a.forms ? a.forms.join(', ') : 'all forms'})` : ''}\t${a.name}\n`,
      );
    out(`${list.length} account(s).\n`);
    return;
  }
  if (!email || email.startsWith('--'))
    throw new StaffUsageError(command ? `"${command}" needs an email address.` : 'Which command?');
  if (command === 'add') {
    const role = option(args, 'role');
    if (!isRole(role)) throw new StaffUsageError(`--role must be one of: ${ROLES.join(', ')}.`);
    if (firstAdminEmail && normalizeEmail(email) === normalizeEmail(firstAdminEmail))
      throw new AccountError(
        `${normalizeEmail(email)} is the first administrator's address (ADMIN_EMAIL): choose another one for this account.`,
      );
    const added = await accounts.add({
      email,
      name: option(args, 'name') ?? '',
      role,
      forms: formsOption(args, role),
      password: await readPassword(true),
    });
    out(`Added ${added.email} (${added.role}${added.forms ? `: ${added.forms.join(', ')}` : ''}).\n`);
    return;
  }
  if (command === 'role') {
    const role = args[2];
    if (!isRole(role)) throw new StaffUsageError(`The new role must be one of: ${ROLES.join(', ')}.`);
    const changed = await accounts.setRole(email, role, formsOption(args, role));
    if (!changed) throw new AccountError(`There is no account for ${email}.`);
    out(
      `${changed.email} is now ${changed.role}${changed.forms ? ` (${changed.forms.join(', ')})` : ''}; its sessions have ended.\n`,
    );
    return;
  }
  if (command === 'passwd') {
    if (!(await accounts.byEmail(email))) throw new AccountError(`There is no account for ${email}.`);
    await accounts.setPassword(email, await readPassword(true));
    out(`New password set for ${email}; its sessions have ended.\n`);
    return;
  }
  if (command === 'remove') {
    if (!(await accounts.remove(email))) throw new AccountError(`There is no account for ${email}.`);
    out(`Removed ${email}.\n`);
    return;
  }
  throw new StaffUsageError(`Unknown command "${command}".`);
}
