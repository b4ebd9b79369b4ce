/**
 * The staff side's server options from the configuration: notification emails (SMTP_URL,
 * NOTIFY_*) and the inbox password (ADMIN_PASSWORD_HASH, or ADMIN_PASSWORD hashed here once; the
 * plain text is not kept in the options).
 */
import { hashPassword } from './admin/password.ts';
import type { CreateServerOptions } from './app.ts';
import type { ServerConfig } from './config.ts';

export async function staffOptions(
  config: ServerConfig,
  siteUrl: string,
): Promise<Pick<CreateServerOptions, 'mail' | 'admin'>> {
  const { admin } = config;
  const passwordHash =
    admin.passwordHash ?? (admin.password ? await hashPassword(admin.password) : undefined);
  let host = 'localhost';
  try {
    host = new URL(siteUrl).hostname.replace(/^www\./, '');
  } catch {
    // keep localhost
  }
  return {
    admin: {
      ...(passwordHash && { passwordHash }),
      sessionTtlMs: admin.sessionTtlMs,
      loginLimit: admin.loginLimit,
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
  const inbox = options.admin?.passwordHash ? 'inbox at /admin' : 'inbox off (no ADMIN_PASSWORD_HASH)';
  return `${mail}; ${inbox}`;
}
