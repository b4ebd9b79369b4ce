// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  demo,
  emptyValues,
  FORM_DEFINITIONS,
  FORMS,
  storedFields,
} from '../../src/forms/definitions/index.ts';
import { databaseBackends } from './databaseTestSupport.ts';
import type { Db } from './db.ts';
import { MIGRATION_NAMES, migrate } from './migrations.ts';
import { Repository, truncateIp } from './repository.ts';

const COMMON_COLUMNS = ['id', 'created_at', 'client_ip', 'user_agent', 'handled_at'];

/** A table's columns, as the database has them. */
async function columnsOf(db: Db, table: string): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db.db);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = ${db.pgSchema ?? 'public'} and table_name = ${table}`.execute(db.db);
  return rows.rows.map((r) => r.column_name);
}

const meta = { ip: '203.0.113.77', userAgent: 'Mozilla/5.0 test' };

const backends = databaseBackends('storage');

describe.each(backends)('storage on $name', (backend) => {
  let db: Db;
  let repo: Repository;

  beforeAll(async () => {
    db = backend.open();
    repo = new Repository(db);
  });
  afterAll(async () => {
    await db?.close();
    await backend.cleanup();
  });

  it('runs the migrations once, and again as a no-op', async () => {
    // The released ones first; a migration added later (a form's new column) runs after them.
    expect(MIGRATION_NAMES.slice(0, 4)).toEqual([
      '0001_submissions',
      '0002_staff',
      '0003_session_password',
      '0004_staff_users',
    ]);
    expect(await migrate(db)).toEqual(MIGRATION_NAMES);
    expect(await migrate(db)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      db.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(MIGRATION_NAMES);
  });

  it.runIf(backend.name === 'SQLite')(
    'commits durably: WAL journal with synchronous=FULL on the connection that writes',
    async () => {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.db);
      expect(sync.rows[0]?.synchronous).toBe(2); // 2 = FULL (1 would be NORMAL)
    },
  );

  it.runIf(backend.name === 'PostgreSQL')('commits durably: synchronous_commit is on', async () => {
    const r = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db.db);
    expect(r.rows[0]?.synchronous_commit).toBe('on');
  });

  // The definitions (src/forms/definitions/) name the columns the repository reads and writes;
  // the tables are written out by hand in migrations.ts: every column but the common ones is a
  // field of its form's definition, and the reverse.
  it.each(FORMS)('finds exactly the %s definition’s columns in its table', async (form) => {
    const definition = FORM_DEFINITIONS[form];
    const columns = await columnsOf(db, definition.table);
    expect(columns, `table ${definition.table}`).toEqual(expect.arrayContaining(COMMON_COLUMNS));
    const own = columns.filter((c) => !COMMON_COLUMNS.includes(c)).sort();
    expect(own).toEqual(
      storedFields(definition)
        .map((f) => f.column)
        .sort(),
    );
  });

  it('stores and lists every form with its time, truncated IP and user agent', async () => {
    await repo.addDemo(
      { name: 'Asha', phone: '9876543210', email: 'a@b.co', serviceType: 'Telematics', query: 'Hi' },
      meta,
    );
    await repo.addBrochure({ email: 'b@b.co' }, meta);
    await repo.addContact(
      { name: 'Asha', email: 'c@b.co', mobileNumber: '9876543210', message: 'Hello there!' },
      meta,
    );
    const rows = await repo.list();
    expect(rows.map((r) => r.form).sort()).toEqual(['brochure', 'contact', 'demo']);
    for (const r of rows) {
      expect(r.clientIp).toBe('203.0.113.0');
      expect(r.userAgent).toBe('Mozilla/5.0 test');
      expect(Date.now() - Date.parse(r.createdAt)).toBeLessThan(60_000);
    }
    // Every field of the definition comes back: those sent as sent, any other one empty.
    expect((await repo.list({ form: 'demo' }))[0]?.fields).toEqual({
      ...emptyValues(demo),
      name: 'Asha',
      phone: '9876543210',
      email: 'a@b.co',
      serviceType: 'Telematics',
      query: 'Hi',
    });
  });

  it('stores an application with its CV bytes, type, size and SHA-256', async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(100_000)]);
    const id = await repo.addApplication(
      {
        fullName: 'Ravi',
        email: 'r@b.co',
        phone: '1234567',
        coverLetter: 'Hello',
        position: 'Customer Support',
        cv: { name: 'cv.pdf', type: 'pdf', data },
      },
      meta,
    );
    const cv = await repo.getCv(id);
    expect(cv).toMatchObject({ name: 'cv.pdf', type: 'pdf', size: data.length });
    expect(cv?.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(cv?.data.equals(data)).toBe(true);
    const [row] = await repo.list({ form: 'application' });
    expect(row?.fields).not.toHaveProperty('cvData');
    expect(await repo.getCv(id + 1000)).toBeUndefined();
    expect(await repo.count('application')).toBe(1);
  });

  it('filters by date', async () => {
    expect(await repo.list({ since: new Date(Date.now() + 60_000) })).toEqual([]);
    expect((await repo.list({ since: new Date('2000-01-01') })).length).toBe(4);
  });

  it('queues a notification in the submission’s transaction and hands each attempt out once', async () => {
    let clock = Date.now();
    const staff = new Repository(db, { notify: new Set(['demo']), now: () => clock });
    const id = await staff.addDemo(
      { name: 'Asha', phone: '9876543210', email: 'a@b.co', serviceType: 'Telematics', query: 'Hi' },
      meta,
    );
    await staff.addBrochure({ email: 'not-notified@b.co' }, meta);
    const [item] = await staff.dueNotifications(5);
    expect(item).toMatchObject({ form: 'demo', submissionId: id, attempts: 0 });
    if (!item) return;
    expect(await staff.claimNotification(item, 60_000)).toBe(true);
    expect(await staff.claimNotification(item, 60_000)).toBe(false);
    expect(await staff.dueNotifications(5)).toEqual([]);
    await staff.notificationFailed(item.id, 'connection refused', 1000);
    clock += 1001;
    const [again] = await staff.dueNotifications(5);
    expect(again).toMatchObject({ id: item.id, attempts: 1 });
    expect(await staff.dueNotifications(1)).toEqual([]);
    if (!again) return;
    expect(await staff.claimNotification(again, 60_000)).toBe(true);
    await staff.notificationSent(again.id);
    clock += 120_000;
    expect(await staff.dueNotifications(5)).toEqual([]);
    expect((await staff.outbox()).map((r) => [r.form, r.attempts, r.last_error])).toEqual([
      ['demo', 2, null],
    ]);
  });

  it('writes a submission and its outbox row in one transaction: neither without the other', async () => {
    const staff = new Repository(db, { notify: new Set(['brochure']) });
    const before = await repo.count('brochure');
    await sql`alter table outbox rename to outbox_away`.execute(db.db);
    try {
      await expect(staff.addBrochure({ email: 'rolled-back@b.co' }, meta)).rejects.toThrow();
    } finally {
      await sql`alter table outbox_away rename to outbox`.execute(db.db);
    }
    expect(await repo.count('brochure')).toBe(before);
    const id = await staff.addBrochure({ email: 'queued@b.co' }, meta);
    expect((await staff.outbox()).filter((r) => r.form === 'brochure').map((r) => r.submission_id)).toEqual([
      id,
    ]);
    expect(await repo.remove('brochure', id)).toBe(true);
    expect((await staff.outbox()).filter((r) => r.form === 'brochure')).toEqual([]);
  });

  it('pages newest first, searches literally and case-insensitively, marks handled and erases', async () => {
    const ids: number[] = [];
    for (const [name, message] of [
      ['Zara', 'Discount of 100% please'],
      ['Zeno', 'Discount of 1000 please'],
      ['ZOË', 'under_score'],
    ] as const)
      ids.push(
        await repo.addContact({ name, email: `${name}@b.co`, mobileNumber: '9876543210', message }, meta),
      );
    const all = await repo.page({ form: 'contact', pageSize: 2 });
    expect(all.total).toBe(4);
    expect(all.items.map((r) => r.fields.name)).toEqual(['ZOË', 'Zeno']);
    expect(
      (await repo.page({ form: 'contact', pageSize: 2, page: 2 })).items.map((r) => r.fields.name),
    ).toEqual(['Zara', 'Asha']);
    expect((await repo.page({ form: 'contact', q: '100%' })).items.map((r) => r.fields.name)).toEqual([
      'Zara',
    ]);
    expect((await repo.page({ form: 'contact', q: 'zeno discount' })).items.map((r) => r.id)).toEqual([
      ids[1],
    ]);
    expect((await repo.page({ form: 'contact', q: 'r_s' })).total).toBe(1);
    expect((await repo.page({ form: 'contact', q: 'e_s' })).total).toBe(0); // "please" if _ were a wildcard
    expect((await repo.page({ form: 'contact', q: 'ZEN' })).total).toBe(1);
    const target = ids[0] ?? 0;
    expect(await repo.setHandled('contact', target, true)).toBe(true);
    expect((await repo.get('contact', target))?.handledAt).toMatch(/^\d{4}-/);
    expect((await repo.page({ form: 'contact', status: 'handled' })).items.map((r) => r.id)).toEqual([
      target,
    ]);
    expect((await repo.page({ form: 'contact', status: 'open' })).total).toBe(3);
    expect(await repo.setHandled('contact', target, false)).toBe(true);
    expect((await repo.page({ form: 'contact', status: 'handled' })).total).toBe(0);
    expect(await repo.setHandled('contact', 999_999, true)).toBe(false);
    expect(await repo.remove('contact', target)).toBe(true);
    expect(await repo.get('contact', target)).toBeUndefined();
    expect(await repo.remove('contact', target)).toBe(false);
  });

  it('purges submissions received before a date, with their CVs', async () => {
    const longAgo = Date.now() - 2 * 365 * 24 * 3600_000;
    const old = new Repository(db, { now: () => longAgo });
    const id = await old.addApplication(
      {
        fullName: 'Old',
        email: 'o@b.co',
        phone: '1234567',
        coverLetter: 'Hello',
        position: 'Customer Support',
        cv: { name: 'cv.pdf', type: 'pdf', data: Buffer.from('%PDF-old') },
      },
      meta,
    );
    expect(await repo.count('application')).toBe(2);
    expect(await repo.purge('application', new Date(Date.now() - 365 * 24 * 3600_000))).toBe(1);
    expect(await repo.getCv(id)).toBeUndefined();
    expect(await repo.count('application')).toBe(1);
  });
});

describe('truncateIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:198.51.100.9', '198.51.100.0'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['not an ip', 'unknown'],
  ])('keeps %s as %s', (ip, kept) => {
    expect(truncateIp(ip)).toBe(kept);
  });
});
