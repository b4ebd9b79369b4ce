/**
 * Tells a staff member that someone keeps failing to sign in as them (server/staff/loginThrottle.ts
 * decides when: 5 failures in 15 minutes, at most once an hour). Sent straight through the mail
 * server of SMTP_URL (not the outbox: it concerns no submission, and a lost alert only means the
 * next one an hour later). Without a mail server, a warning in the log says the same.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface SignInAlertMail {
  smtpUrl: string;
  from: string;
  /** The staff area's address, to change the password from. */
  inboxUrl?: string;
}

export const signInAlertText = {
  subject: 'Repeated failed sign-ins to your staff account',
  body: (email: string, failures: number, minutes: number, adminUrl: string | undefined) =>
    [
      `Someone has failed to sign in to the staff area as ${email} ${failures} times in the last ${minutes} minutes.`,
      '',
      'If this was you, there is nothing to do: wait a few minutes and try again.',
      `If it was not, your password may be under attack: choose a new one (ask an administrator: \`npm run staff -- passwd ${email}\`) and turn on two-step sign-in${adminUrl ? ` at ${adminUrl}` : ''}.`,
      '',
      'Sign-in is slowed down after repeated failures, so guessing takes a long time.',
    ].join('\n'),
  log: 'Repeated failed sign-ins to a staff account (no SMTP_URL: its owner is not emailed)',
} as const;

export interface SignInAlert {
  email: string;
  failures: number;
  minutes: number;
}

/** Sends (or logs) one alert; never throws (a failure is logged). */
export async function sendSignInAlert(
  alert: SignInAlert,
  mail: SignInAlertMail | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!mail) {
    log.warn({ staffEmail: alert.email, failures: alert.failures }, signInAlertText.log);
    return;
  }
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail({
      from: mail.from,
      to: alert.email,
      subject: signInAlertText.subject,
      text: signInAlertText.body(alert.email, alert.failures, alert.minutes, mail.inboxUrl),
    });
    log.info({ failures: alert.failures }, 'sign-in alert sent to a staff account');
  } catch (error) {
    log.error(
      { staffEmail: alert.email, error: error instanceof Error ? error.message : String(error) },
      'sign-in alert could not be sent',
    );
  } finally {
    transport.close();
  }
}
