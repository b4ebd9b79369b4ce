/**
 * The staff side's server options from the configuration: notification emails (SMTP_URL,
 * NOTIFY_*) and the inbox password (ADMIN_PASSWORD_HASH, or ADMIN_PASSWORD hashed here once).
 */
import { hashPassword, isLongEnoughPassword, PASSWORD_MIN_LENGTH } from './admin/password.ts';
import type { CreateServerOptions } from './app.ts';
import type { ServerConfig } from './config.ts';

/**
 * Hashes ADMIN_PASSWORD (when there is no ADMIN_PASSWORD_HASH), then forgets the plain text: it is
 * removed from `config` and from `env` (the process environment), so nothing started or loaded
 * later (a child process, a library, an error report dumping process.env) can read it. The copy
 * the operating system keeps of the environment the process started with (/proc/<pid>/environ,
 * readable by the same user and root) cannot be erased from here: ADMIN_PASSWORD_HASH avoids it.
 * Throws when the password is shorter than PASSWORD_MIN_LENGTH.
 */
export async function staffOptions(
  config: ServerConfig,
  siteUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Pick<CreateServerOptions, 'mail' | 'admin'>> {
  const { admin } = config;
  const plain = admin.passwordHash ? undefined : admin.password;
  delete admin.password;
  delete env.ADMIN_PASSWORD;
  if (plain !== undefined && !isLongEnoughPassword(plain))
    throw new Error(
      `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters long (or set ADMIN_PASSWORD_HASH, made with \`npm run submissions -- hash-password\`).`,
    );
  const passwordHash = admin.passwordHash ?? (plain ? await hashPassword(plain) : undefined);
  let host = 'localhost';
  try {
    host = new URL(siteUrl).hostname.replace(/^www\./, '');
  } catch {
    // keep localhost
  }
  return {
    admin: {
      ...(passwordHash && { passwordHash }),
      ...(admin.adminEmail && { adminEmail: admin.adminEmail }),
      sessionTtlMs: admin.sessionTtlMs,
      loginLimit: admin.loginLimit,
      twoStepRoles: admin.twoStepRoles,
    },
    ...(config.mail && {
      mail: {
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from ?? `Website <no-reply@${host}>`,
        recipients: config.mail.recipients,
        inboxUrl: `${siteUrl.replace(/\/+$/, '')}/admin`,
      },
    }),
  };
}

/** One line for the start message: what the staff side does. */
export function staffSummary(options: Pick<CreateServerOptions, 'mail' | 'admin'>): string {
  const forms = Object.keys(options.mail?.recipients ?? {});
  const mail = options.mail
    ? forms.length
      ? `emails for ${forms.join(', ')}`
      : 'SMTP_URL set but no NOTIFY_* address: no emails'
    : 'no emails (SMTP_URL unset)';
  const inbox = options.admin?.passwordHash
    ? `staff area at /admin (first administrator: ${options.admin.adminEmail ?? 'admin@localhost'})`
    : 'staff area at /admin for the accounts of `npm run staff` (no ADMIN_PASSWORD_HASH)';
  return `${mail}; ${inbox}`;
}
