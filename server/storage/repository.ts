/**
 * The storage interface of the four forms, one implementation for both databases (Kysely).
 * The CV is stored in the same row, hence the same transaction, as its application: one backup
 * holds everything and no file can be orphaned.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { FORM_DEFINITIONS, FORMS, type FormName, storedFields } from '../../src/forms/definitions/index.ts';
import type { ApplicationValues, BrochureValues, ContactValues, DemoValues } from '../../src/forms/rules.ts';
import type { Database, Db } from './db.ts';

export { FORMS, type FormName };

/** The tables of the four forms (written out in db.ts and migrations.ts). */
export type FormTable = 'demo_requests' | 'brochure_requests' | 'applications' | 'contact_messages';
/** A column of some form's table. */
type FormColumn = { [T in FormTable]: keyof Database[T] & string }[FormTable];

/** Each form's table, from its definition (src/forms/definitions/); a test checks both agree. */
export const TABLE_OF = Object.fromEntries(
  FORMS.map((form) => [form, FORM_DEFINITIONS[form].table]),
) as Record<FormName, FormTable>;

/** A value as stored: text, a number (a CV's size) or bytes (the CV). */
export type StoredValue = string | number | Buffer;

/** What an application stores of its CV, by field (src/forms/definitions/application.ts). */
export function cvValues(cv: CvInput): Record<string, StoredValue> {
  return {
    cv: cv.data,
    cvName: cv.name,
    cvType: cv.type,
    cvSize: cv.data.length,
    cvSha256: createHash('sha256').update(cv.data).digest('hex'),
  };
}

/** Who sent a submission, as much as we keep of it. */
export interface ClientMeta {
  /** Raw client IP; stored truncated. */
  ip: string;
  userAgent: string;
}

/** What each form stores, by field: the text fields of its definition (src/forms/definitions/). */
export type DemoInput = DemoValues;
export type BrochureInput = BrochureValues;
export type ContactInput = ContactValues;
export interface CvInput {
  /** Cleaned original file name (metadata only). */
  name: string;
  /** Detected type: pdf, doc or docx. */
  type: string;
  data: Buffer;
}
export type ApplicationInput = Omit<ApplicationValues, 'cv'> & { cv: CvInput };

/** One stored submission as listed or exported (never the CV bytes). */
export interface SubmissionRow {
  form: FormName;
  id: number;
  createdAt: string;
  clientIp: string;
  userAgent: string;
  /** When staff marked it handled (null: still open). */
  handledAt: string | null;
  fields: Record<string, string | number>;
}

/** One page of the staff inbox. */
export interface InboxQuery {
  form: FormName;
  /** Words to find in any text field (case-insensitive). */
  q?: string;
  status?: 'all' | 'open' | 'handled';
  /** 1-based. */
  page?: number;
  pageSize?: number;
}
export interface InboxPage {
  items: SubmissionRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** A notification waiting in the outbox. */
export interface OutboxItem {
  id: number;
  /** The form of the submission, or "review" for a submission for review (server/notify/reviewMail.ts). */
  form: FormName | 'review';
  submissionId: number;
  attempts: number;
}

export interface RepositoryOptions {
  /** Forms whose submissions queue a notification email (in the same transaction). */
  notify?: ReadonlySet<FormName>;
  /** The clock (tests). */
  now?: () => number;
  /** Called after each submission is committed (the notifier checks its outbox). */
  afterInsert?: (form: FormName) => void;
}

/**
 * The stored columns of each form, by the field names the API and exports use: every field of
 * its definition with a column, but the CV's bytes (never listed or exported).
 */
export const FIELD_COLUMNS = Object.fromEntries(
  FORMS.map((form) => [
    form,
    Object.fromEntries(
      storedFields(FORM_DEFINITIONS[form])
        .filter((f) => f.inbox.export !== false)
        .map((f) => [f.key, f.column]),
    ),
  ]),
) as Record<FormName, Record<string, FormColumn>>;

/** Columns the inbox search looks in. */
const SEARCH_COLUMNS = Object.fromEntries(
  FORMS.map((form) => [
    form,
    storedFields(FORM_DEFINITIONS[form])
      .filter((f) => f.inbox.search)
      .map((f) => f.column),
  ]),
) as unknown as Record<FormName, readonly FormColumn[]>;

const COMMON_COLUMNS = ['id', 'created_at', 'client_ip', 'user_agent', 'handled_at'] as const;

export const PAGE_SIZE_MAX = 100;

/** A LIKE pattern matching `text` anywhere, with % _ \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface StoredCv {
  id: number;
  name: string;
  type: string;
  size: number;
  sha256: string;
  data: Buffer;
}

export const USER_AGENT_MAX = 512;

/**
 * Privacy: the client IP is stored truncated, never whole: IPv4 to its /24 (203.0.113.0), IPv6 to
 * its /48 (2001:db8:1::). Enough to see abuse from a network, not to identify a household.
 */
export function truncateIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v = mapped ?? ip;
  if (isIPv4(v)) return v.replace(/\.\d+$/, '.0');
  if (isIPv6(v)) {
    const [head = '', tail = ''] = v.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = v.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
    const kept = groups.slice(0, 3).map((g) => Number.parseInt(g || '0', 16).toString(16));
    return `${kept.join(':')}::`;
  }
  return 'unknown';
}

const meta = (m: ClientMeta, now: number) => ({
  created_at: new Date(now).toISOString(),
  client_ip: truncateIp(m.ip),
  user_agent: m.userAgent.slice(0, USER_AGENT_MAX),
});

const iso = (v: string | Date): string => (v instanceof Date ? v.toISOString() : v);

export class Repository {
  private readonly notify: ReadonlySet<FormName>;
  private readonly now: () => number;
  private readonly afterInsert: (form: FormName) => void;

  constructor(
    private readonly store: Db,
    options: RepositoryOptions = {},
  ) {
    this.notify = options.notify ?? new Set();
    this.now = options.now ?? Date.now;
    this.afterInsert = options.afterInsert ?? (() => {});
  }

  private get db() {
    return this.store.db;
  }

  /** Inserts a submission and, when its form notifies, its outbox row: one transaction. */
  private async insert(
    form: FormName,
    write: (trx: Transaction<Database> | Kysely<Database>) => Promise<number>,
  ): Promise<number> {
    if (!this.notify.has(form)) return write(this.db);
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await write(trx);
      const now = new Date(this.now()).toISOString();
      await trx
        .insertInto('outbox')
        .values({ form, submission_id: id, created_at: now, next_attempt_at: now })
        .execute();
      return id;
    });
    this.afterInsert(form);
    return id;
  }

  /**
   * Stores one submission: each value under its field's column (the form's definition), plus who
   * sent it and when. The route has checked every value against the form's rules.
   */
  async add(form: FormName, values: Readonly<Record<string, StoredValue>>, m: ClientMeta): Promise<number> {
    const row: Record<string, StoredValue> = { ...meta(m, this.now()) };
    for (const field of storedFields(FORM_DEFINITIONS[form])) {
      // A text field the visitor may leave out is stored empty; anything else must be there.
      const optional = !field.required && field.input !== 'stored' && field.input !== 'file';
      const value = values[field.key] ?? (optional ? '' : undefined);
      if (value === undefined) throw new Error(`${form}: no value for ${field.key}`);
      row[field.column] = value;
    }
    return this.insert(form, async (db) => {
      const inserted = await db
        .insertInto(TABLE_OF[form])
        // The columns come from the definition, which a test matches against each table.
        .values(row as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
  }

  addDemo(v: DemoInput, m: ClientMeta): Promise<number> {
    return this.add('demo', { ...v }, m);
  }

  addBrochure(v: BrochureInput, m: ClientMeta): Promise<number> {
    return this.add('brochure', { ...v }, m);
  }

  /** An application with its CV: the file's bytes, cleaned name, type, size and SHA-256. */
  addApplication(v: ApplicationInput, m: ClientMeta): Promise<number> {
    const { cv, ...text } = v;
    return this.add('application', { ...text, ...cvValues(cv) }, m);
  }

  addContact(v: ContactInput, m: ClientMeta): Promise<number> {
    return this.add('contact', { ...v }, m);
  }

  private select(form: FormName) {
    const columns = [...COMMON_COLUMNS, ...Object.values(FIELD_COLUMNS[form])];
    return this.db.selectFrom(TABLE_OF[form]).select(columns);
  }

  private toRow(form: FormName, r: Record<string, unknown>): SubmissionRow {
    const fields: Record<string, string | number> = {};
    for (const [field, column] of Object.entries(FIELD_COLUMNS[form]))
      fields[field] = r[column] as string | number;
    const handled = r.handled_at as string | Date | null | undefined;
    return {
      form,
      id: Number(r.id),
      createdAt: iso(r.created_at as string | Date),
      clientIp: r.client_ip as string,
      userAgent: r.user_agent as string,
      handledAt: handled ? iso(handled) : null,
      fields,
    };
  }

  /** Submissions oldest first, of one form or all, optionally since a date (inclusive). */
  async list(options: { form?: FormName; since?: Date } = {}): Promise<SubmissionRow[]> {
    const forms = options.form ? [options.form] : FORMS;
    const since = options.since?.toISOString();
    const out: SubmissionRow[] = [];
    for (const form of forms) {
      let q = this.select(form).orderBy('id');
      if (since) q = q.where('created_at', '>=', since);
      out.push(...(await q.execute()).map((r) => this.toRow(form, r)));
    }
    return out.sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.form.localeCompare(b.form) || a.id - b.id,
    );
  }

  /** One page of a form's submissions, newest first, optionally searched and filtered by status. */
  async page(query: InboxQuery): Promise<InboxPage> {
    const { form } = query;
    const pageSize = Math.min(Math.max(Math.trunc(query.pageSize ?? 20), 1), PAGE_SIZE_MAX);
    const page = Math.max(Math.trunc(query.page ?? 1), 1);
    const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
    // The same condition for the count and the page: status, then every word in some column.
    const filter = (eb: ExpressionBuilder<Database, FormTable>) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.status === 'open') conditions.push(eb('handled_at', 'is', null));
      if (query.status === 'handled') conditions.push(eb('handled_at', 'is not', null));
      for (const word of words) {
        const pattern = containsPattern(word);
        conditions.push(
          sql<SqlBool>`(${sql.join(
            SEARCH_COLUMNS[form].map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
            sql` or `,
          )})`,
        );
      }
      return eb.and(conditions);
    };
    const total = await this.db
      .selectFrom(TABLE_OF[form])
      .select((eb) => eb.fn.countAll().as('n'))
      .where(filter)
      .executeTakeFirstOrThrow();
    const rows = await this.select(form)
      .where(filter)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { items: rows.map((r) => this.toRow(form, r)), total: Number(total.n), page, pageSize };
  }

  async get(form: FormName, id: number): Promise<SubmissionRow | undefined> {
    const r = await this.select(form).where('id', '=', id).executeTakeFirst();
    return r ? this.toRow(form, r) : undefined;
  }

  /** Marks a submission handled (now) or open again; false when there is no such submission. */
  async setHandled(form: FormName, id: number, handled: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable(TABLE_OF[form])
      .set({ handled_at: handled ? new Date(this.now()).toISOString() : null })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Erases a submission (an application with its CV, which lives in the same row) and any email
   * still waiting for it. SQLite overwrites the freed pages (secure_delete) and the WAL is
   * checkpointed, so the bytes are gone from the files too. PostgreSQL only marks the row dead:
   * its bytes (a CV in the TOAST table) stay in the data files until VACUUM reuses the space
   * (VACUUM FULL rewrites the table), and in WAL archives and backups until those expire.
   * False when there was nothing.
   */
  async remove(form: FormName, id: number): Promise<boolean> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('outbox').where('form', '=', form).where('submission_id', '=', id).execute();
      const result = await trx.deleteFrom(TABLE_OF[form]).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
    await this.store.checkpoint();
    return deleted > 0;
  }

  /** Deletes a form's submissions received before `before` (retention); returns how many. */
  async purge(form: FormName, before: Date): Promise<number> {
    const cutoff = before.toISOString();
    const deleted = await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('outbox')
        .where('form', '=', form)
        .where(
          'submission_id',
          'in',
          trx.selectFrom(TABLE_OF[form]).select('id').where('created_at', '<', cutoff),
        )
        .execute();
      const result = await trx.deleteFrom(TABLE_OF[form]).where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
    await this.store.checkpoint();
    return deleted;
  }

  async count(form: FormName): Promise<number> {
    const row = await this.db
      .selectFrom(TABLE_OF[form])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async getCv(id: number): Promise<StoredCv | undefined> {
    const r = await this.db
      .selectFrom('applications')
      .select(['id', 'cv_name', 'cv_type', 'cv_size', 'cv_sha256', 'cv_data'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) return undefined;
    return {
      id: r.id,
      name: r.cv_name,
      type: r.cv_type,
      size: r.cv_size,
      sha256: r.cv_sha256,
      data: Buffer.from(r.cv_data),
    };
  }

  // Outbox -----------------------------------------------------------------------------------

  /** Notifications due now (unsent, under `maxAttempts`), oldest first. */
  async dueNotifications(maxAttempts: number, limit = 20): Promise<OutboxItem[]> {
    const now = new Date(this.now()).toISOString();
    const rows = await this.db
      .selectFrom('outbox')
      .select(['id', 'form', 'submission_id', 'attempts'])
      .where('sent_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      form: r.form as FormName | 'review',
      submissionId: r.submission_id,
      attempts: r.attempts,
    }));
  }

  /**
   * Takes a notification for one attempt: counts the attempt and hides it for `leaseMs` (another
   * server process polling the same database skips it). False when someone else took it first.
   */
  async claimNotification(item: OutboxItem, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('outbox')
      .set({
        attempts: item.attempts + 1,
        next_attempt_at: new Date(this.now() + leaseMs).toISOString(),
      })
      .where('id', '=', item.id)
      .where('attempts', '=', item.attempts)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async notificationSent(id: number): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ sent_at: new Date(this.now()).toISOString(), last_error: null })
      .where('id', '=', id)
      .execute();
  }

  async notificationFailed(id: number, error: string, retryInMs: number): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({
        last_error: error.slice(0, 500),
        next_attempt_at: new Date(this.now() + retryInMs).toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Whether a notification is still to be sent: false once it was sent, or once its submission was
   * erased (remove() and purge() delete its outbox row in the same transaction).
   */
  async notificationPending(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('outbox')
      .select('id')
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async dropNotification(id: number): Promise<void> {
    await this.db.deleteFrom('outbox').where('id', '=', id).execute();
  }

  /** Every outbox row (tests, diagnostics). */
  async outbox() {
    return this.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  }
}
