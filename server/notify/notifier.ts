/**
 * Sends the notification emails queued in the outbox. A submission's outbox row is written in the
 * same transaction as the submission, so once the visitor has their 200 the email cannot be lost;
 * the email itself is sent afterwards, here, never inside the request. A failed attempt (mail
 * server down, refused) is retried with exponential backoff; an outage delays mail, loses nothing.
 *
 * Erasure wins over sending: the email is composed from the stored row at send time, and the
 * message is only ended (the final "." of SMTP DATA, which is what commits it at the mail server)
 * after a last check that its outbox row still exists. Erasing a submission deletes that row in
 * its own transaction, so a submission erased at any moment before that check is never emailed.
 *
 * Several instances on one PostgreSQL share the outbox, and each email is sent by one of them. An
 * instance takes a notification by holding a session-level advisory lock on it (on one connection
 * of its pool, for the whole attempt) and counting the attempt only if nobody counted it first.
 * Others skip a locked notification. If the instance dies (kill -9, a lost host), PostgreSQL ends
 * its connection and the lock with it, so another instance retries that email at its next check,
 * without waiting out a lease. (SQLite means one process: there the claim is a lease, `leaseMs`.)
 * An instance killed after the mail server accepted the message but before recording it may cause
 * a second delivery; both copies carry the same Message-ID (one per outbox row), which mail
 * clients use to show them as one.
 *
 * Shutdown does not wait on a slow or silent mail server: stop() gives an attempt in progress
 * `stopGraceMs`, then abandons it; its row stays unsent and is due again at the next start.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { REVIEW_OUTBOX } from '../editor/review/reviews.ts';
import type { Db } from '../storage/db.ts';
import type { FormName, OutboxItem, Repository } from '../storage/repository.ts';
import { composeMail, type Mail } from './compose.ts';

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
  /** How long stop() lets an attempt in progress finish before abandoning it. */
  stopGraceMs?: number;
  /** Emails sent at the same time (each on its own SMTP connection). */
  concurrency?: number;
  /**
   * The email of a submission for review (outbox form "review", server/notify/reviewMail.ts):
   * its recipients and message, or undefined when there is nobody to send it to.
   */
  review?: (eventId: number) => Promise<{ to: string; mail: Mail } | undefined>;
}

export const NOTIFIER_DEFAULTS = {
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 30,
  pollMs: 15_000,
  leaseMs: 5 * 60_000,
  // Well inside the 10 s graceful-shutdown budget (shutdown.ts), with room for the rest of it.
  stopGraceMs: 2_000,
  concurrency: 4,
} as const;

/** How long stop() waits, after abandoning an attempt, for it to record that (a database write). */
const ABANDON_WAIT_MS = 1_000;

type Outcome = 'sent' | 'dropped' | 'abandoned' | number;

/**
 * The message as the SMTP connection reads it. Nodemailer pipes this, the last stage of the
 * message, into the connection only once the server has answered DATA, and a Readable is not read
 * before that: so the check that runs when the message has been read to its end runs during DATA,
 * before the final "." that commits the message at the mail server. A "no" errors the stream:
 * nodemailer then drops the connection without ending DATA, and the server discards the message.
 */
function checkedAtTheEnd(input: Readable, stillWanted: () => Promise<boolean>): Readable {
  async function* bytes() {
    for await (const chunk of input) yield chunk as Buffer;
    if (!(await stillWanted())) throw new Error('The submission was erased while its email was being sent.');
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** One Message-ID per outbox row, so a repeated delivery is recognisably the same message. */
export function messageIdOf(item: Pick<OutboxItem, 'id' | 'form' | 'submissionId'>, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${item.form}-${item.submissionId}.outbox-${item.id}@${domain}>`;
}

export class Notifier {
  private readonly o: Required<Omit<NotifierOptions, 'inboxUrl' | 'review'>> &
    Pick<NotifierOptions, 'inboxUrl' | 'review'>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Aborts the SMTP conversation of an attempt that stop() abandons. */
  private abandon = new AbortController();
  /** When to look again: the next poll, or sooner when a retry is due before it. */
  private nextCheckMs: number = NOTIFIER_DEFAULTS.pollMs;

  constructor(
    private readonly repo: Repository,
    options: NotifierOptions,
    private readonly log?: FastifyBaseLogger,
    /** The database, when PostgreSQL: notifications are then taken with advisory locks. */
    private readonly db?: Db,
  ) {
    this.o = { ...NOTIFIER_DEFAULTS, ...options };
  }

  /**
   * A transport for one attempt (without a pool, nodemailer opens a connection per message
   * anyway), whose message ends only if `stillWanted()` says so at the end of DATA.
   */
  private transportFor(stillWanted: () => Promise<boolean>): Transporter {
    // Bounds for an attempt while running (a hung attempt holds up the emails behind it); at
    // shutdown, stop() does not wait for them.
    const transport = nodemailer.createTransport({
      url: this.o.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transport.use('stream', (mail, done) => {
      mail.message.processFunc((input) => checkedAtTheEnd(input, stillWanted));
      done();
    });
    return transport;
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
    this.abandon = new AbortController();
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
      let next = 0;
      // A few at a time: one slow mail server conversation does not hold up the others, and a busy
      // day's emails keep pace with the submissions.
      const worker = async () => {
        for (let item = due[next++]; item; item = due[next++]) {
          // Once stop() has given up on this run, take no further notification.
          if (this.abandon.signal.aborted) return;
          const current = item;
          const result = await this.claimed(current, () => this.deliver(current));
          if (result === undefined) continue;
          progressed = true;
          if (result === 'sent') sent++;
          else if (typeof result === 'number') nextRetry = Math.min(nextRetry, result);
        }
      };
      await Promise.all(Array.from({ length: this.o.concurrency }, worker));
      if (this.abandon.signal.aborted) return sent;
      if (!progressed) break;
    }
    this.nextCheckMs = Math.min(nextRetry, this.o.pollMs);
    return sent;
  }

  /** Runs `attempt` if this process takes the notification; undefined when another one has it. */
  private async claimed(item: OutboxItem, attempt: () => Promise<Outcome>): Promise<Outcome | undefined> {
    const db = this.db;
    if (db?.dialect !== 'postgres') {
      if (!(await this.repo.claimNotification(item, this.o.leaseMs))) return undefined;
      return attempt();
    }
    const space = sql`hashtext(${`triune:outbox:${db.pgSchema ?? ''}`})`;
    return db.db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        got: boolean;
      }>`select pg_try_advisory_lock(${space}, ${item.id}) as got`.execute(conn);
      if (!rows[0]?.got) return undefined;
      try {
        // No lease: the lock hides it from the others for exactly as long as this process lives.
        if (!(await this.repo.claimNotification(item, 0))) return undefined;
        return await attempt();
      } finally {
        await sql`select pg_advisory_unlock(${space}, ${item.id})`.execute(conn);
      }
    });
  }

  /** The recipients and message of an outbox row; undefined when it is no longer to be sent. */
  private async compose(item: OutboxItem): Promise<{ to: string; mail: Mail } | undefined> {
    if (item.form === REVIEW_OUTBOX) return this.o.review?.(item.submissionId);
    const to = this.o.recipients[item.form];
    const row = await this.repo.get(item.form, item.submissionId);
    if (!to || !row) return undefined;
    const cv = item.form === 'application' ? await this.repo.getCv(item.submissionId) : undefined;
    return { to, mail: composeMail(row, cv, this.o.inboxUrl) };
  }

  private async deliver(item: OutboxItem): Promise<Outcome> {
    const composed = await this.compose(item);
    if (!composed) {
      await this.repo.dropNotification(item.id);
      return 'dropped';
    }
    const { to, mail } = composed;
    let erased = false;
    const transport = this.transportFor(async () => {
      erased = !(await this.repo.notificationPending(item.id));
      return !erased;
    });
    try {
      await transport.sendMail({
        from: this.o.from,
        to,
        ...mail,
        messageId: messageIdOf(item, this.o.from),
        signal: this.abandon.signal,
      });
      await this.repo.notificationSent(item.id);
      this.log?.info({ outbox: item.id, form: item.form }, 'notification sent');
      return 'sent';
    } catch (error) {
      return this.failed(item, error, erased);
    } finally {
      transport.close();
    }
  }

  private async failed(item: OutboxItem, error: unknown, erased: boolean): Promise<Outcome> {
    if (erased) {
      // Its outbox row went with the submission: nothing left to record.
      this.log?.info({ outbox: item.id, form: item.form }, 'submission erased while sending; email not sent');
      return 'dropped';
    }
    if (this.abandon.signal.aborted) {
      // Due again at once: the next start sends it (it was claimed, so the attempt still counts).
      await this.repo.notificationFailed(item.id, 'Interrupted by shutdown', 0);
      this.log?.info(
        { outbox: item.id, form: item.form },
        'notification interrupted by shutdown; will retry',
      );
      return 'abandoned';
    }
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

  /**
   * Stops polling. An attempt in progress gets `stopGraceMs` to
   * finish; then its SMTP connection is dropped and its row left due for the next start (a message
   * whose DATA had not ended is discarded by the mail server; one that had, but was not yet
   * acknowledged, may arrive twice). Returns within about stopGraceMs + 1 s whatever the mail
   * server does.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const running = this.running;
    if (running) {
      const finished = await Promise.race([
        running.then(() => true),
        sleep(this.o.stopGraceMs, false, { ref: false }),
      ]);
      if (!finished) {
        this.abandon.abort();
        await Promise.race([running, sleep(ABANDON_WAIT_MS, undefined, { ref: false })]);
      }
    }
  }
}
