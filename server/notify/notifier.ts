/**
 * Sends the notification emails queued in the outbox. A submission's outbox row is written in the
 * same transaction as the submission, so once the visitor has their 200 the email cannot be lost;
 * the email itself is sent afterwards, here, never inside the request. A failed attempt (mail
 * server down, refused) is retried with exponential backoff; an outage delays mail, loses nothing.
 * The email is composed at send time from the stored row, so a submission erased meanwhile is
 * never sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FormName, OutboxItem, Repository } from '../storage/repository.ts';
import { composeMail } from './compose.ts';

export interface NotifierOptions {
  smtpUrl: string;
  /** Sender address, e.g. "Website <no-reply@example.com>". */
  from: string;
  /** Recipient(s) per form; a form without one is not emailed. */
  recipients: Partial<Record<FormName, string>>;
  /** Link to the staff inbox, added to each email. */
  inboxUrl?: string;
  /** First retry delay; doubles per attempt up to `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Attempts before giving up (the row stays in the outbox with its last error). */
  maxAttempts?: number;
  /** How often the outbox is checked when nothing calls kick(). */
  pollMs?: number;
  /** How long an attempt may take before another process may retry it. */
  leaseMs?: number;
}

export const NOTIFIER_DEFAULTS = {
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 30,
  pollMs: 15_000,
  leaseMs: 5 * 60_000,
} as const;

export class Notifier {
  private readonly transport: Transporter;
  private readonly o: Required<Omit<NotifierOptions, 'inboxUrl'>> & { inboxUrl?: string };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** When to look again: the next poll, or sooner when a retry is due before it. */
  private nextCheckMs: number = NOTIFIER_DEFAULTS.pollMs;

  constructor(
    private readonly repo: Repository,
    options: NotifierOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.o = { ...NOTIFIER_DEFAULTS, ...options };
    this.transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  /** The forms that queue an email. */
  get forms(): ReadonlySet<FormName> {
    return new Set(Object.keys(this.o.recipients) as FormName[]);
  }

  backoff(attempts: number): number {
    return Math.min(this.o.backoffBaseMs * 2 ** Math.max(attempts - 1, 0), this.o.backoffMaxMs);
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Checks the outbox now (called after each committed submission). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.runOnce()
      .then(
        () => undefined,
        (error: unknown) => this.log?.error({ err: error }, 'outbox check failed'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.schedule(this.nextCheckMs);
      });
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), ms);
    this.timer.unref();
  }

  /** Sends every notification due now; returns how many were sent. */
  async runOnce(): Promise<number> {
    let sent = 0;
    let nextRetry = Number.POSITIVE_INFINITY;
    for (;;) {
      const due = await this.repo.dueNotifications(this.o.maxAttempts);
      if (!due.length) break;
      let progressed = false;
      for (const item of due) {
        if (!(await this.repo.claimNotification(item, this.o.leaseMs))) continue;
        progressed = true;
        const result = await this.deliver(item);
        if (result === 'sent') sent++;
        else if (typeof result === 'number') nextRetry = Math.min(nextRetry, result);
      }
      if (!progressed) break;
    }
    this.nextCheckMs = Math.min(nextRetry, this.o.pollMs);
    return sent;
  }

  /** 'sent', 'dropped', or the delay before the next attempt. */
  private async deliver(item: OutboxItem): Promise<'sent' | 'dropped' | number> {
    const to = this.o.recipients[item.form];
    const row = await this.repo.get(item.form, item.submissionId);
    if (!to || !row) {
      await this.repo.dropNotification(item.id);
      return 'dropped';
    }
    const cv = item.form === 'application' ? await this.repo.getCv(item.submissionId) : undefined;
    const mail = composeMail(row, cv, this.o.inboxUrl);
    try {
      await this.transport.sendMail({ from: this.o.from, to, ...mail });
      await this.repo.notificationSent(item.id);
      this.log?.info({ outbox: item.id, form: item.form }, 'notification sent');
      return 'sent';
    } catch (error) {
      const attempts = item.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const delay = this.backoff(attempts);
      await this.repo.notificationFailed(item.id, message, delay);
      const last = attempts >= this.o.maxAttempts;
      this.log?.[last ? 'error' : 'warn'](
        { outbox: item.id, form: item.form, attempts, error: message },
        last ? 'notification failed; giving up' : 'notification failed; will retry',
      );
      return delay;
    }
  }

  /** Stops polling, waits for an attempt in progress, closes the SMTP connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }
}
