// @vitest-environment node
/**
 * Retention that runs by itself, on a real database (SQLite, and PostgreSQL where one answers) with
 * a fake clock: at start it purges what is already past its period, then once a day; what is
 * removed takes its CV and its queued email with it, and everything else stays. With
 * RETENTION_AUTOPURGE=off nothing is deleted. On PostgreSQL, two server instances sharing the
 * database never purge at the same time.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { type Db, openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { FORMS, type FormName, Repository } from '../storage/repository.ts';
import { tempDir } from '../testSupport.ts';
import { type AutoPurge, type Clock, DAY_MS, startAutoPurge } from './autoPurge.ts';
import { retentionPeriods } from './periods.ts';

/** A clock whose time moves only when the test says so, firing the timers that come due. */
class FakeClock implements Clock {
  private timers = new Map<number, { at: number; run: () => void }>();
  private next = 1;
  constructor(private time: number) {}
  now = () => new Date(this.time);
  setTimeout = (run: () => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers.delete(id as number);
  };
  advance(ms: number) {
    this.time += ms;
    for (const [id, t] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > this.time) continue;
      this.timers.delete(id);
      t.run();
    }
  }
}

const NOW = Date.parse('2026-06-15T09:00:00Z');
const months = (n: number) => {
  const d = new Date(NOW);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.getTime();
};
const meta = { ip: '203.0.113.9', userAgent: 'retention test' };
const periods = retentionPeriods({ retentionMonthsApplications: 12 });

interface Backend {
  name: string;
  setup?(): Promise<void>;
  open(): Db;
  cleanup(): Promise<void>;
}
const sqliteDir = tempDir('retention');
const backends: Backend[] = [
  {
    name: 'SQLite',
    open: () => openDb({ dataDir: sqliteDir }),
    cleanup: async () => rmSync(sqliteDir, { recursive: true, force: true }),
  },
];
const pgUrl = process.env.TEST_DATABASE_URL;
// A database of its own, not a schema: Kysely's migrator takes a migration table in any other
// schema of a shared database for its own (leftovers of other test runs break a fresh schema).
const pgDatabase = `retention_${process.pid}_${randomBytes(4).toString('hex')}`;
const adminQuery = async (query: string) => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};
if (pgUrl)
  backends.push({
    name: 'PostgreSQL',
    open: () => {
      const url = new URL(pgUrl);
      url.pathname = `/${pgDatabase}`;
      return openDb({ databaseUrl: url.toString() });
    },
    setup: () => adminQuery(`create database "${pgDatabase}"`),
    cleanup: () => adminQuery(`drop database if exists "${pgDatabase}" with (force)`),
  });
else console.log('PostgreSQL retention tests skipped: TEST_DATABASE_URL is not set and no server answers.');

/** Submissions received at `at`, each queueing a notification email. */
async function submit(db: Db, at: number) {
  const repo = new Repository(db, { notify: new Set(FORMS), now: () => at });
  return {
    application: await repo.addApplication(
      {
        fullName: 'Asha',
        email: 'a@example.com',
        phone: '9876543210',
        coverLetter: 'Hello',
        position: 'Customer Support',
        cv: { name: 'cv.pdf', type: 'pdf', data: Buffer.from(`%PDF-${at}`) },
      },
      meta,
    ),
    demo: await repo.addDemo(
      { name: 'Ravi', phone: '9876543210', email: 'r@example.com', serviceType: 'IoT', query: 'Hi' },
      meta,
    ),
    brochure: await repo.addBrochure({ email: 'b@example.com' }, meta),
    contact: await repo.addContact(
      { name: 'Mina', email: 'm@example.com', mobileNumber: '9876543210', message: 'Hi' },
      meta,
    ),
  } satisfies Record<FormName, number>;
}

describe.each(backends)('automatic retention on $name', (backend) => {
  let db: Db;
  let repo: Repository;
  let lines: string[];
  let purge: AutoPurge | undefined;
  const log = { info: (m: string) => lines.push(m), error: (m: string) => lines.push(`ERROR ${m}`) };
  const exists = async (form: FormName, id: number) => (await repo.get(form, id)) !== undefined;
  const queued = async (form: FormName, id: number) =>
    (await repo.outbox()).some((o) => o.form === form && o.submission_id === id);

  beforeAll(async () => {
    await backend.setup?.();
    db = backend.open();
    await migrate(db);
    repo = new Repository(db);
  });
  beforeEach(async () => {
    lines = [];
    for (const form of FORMS) await repo.purge(form, new Date(NOW + 100 * 365 * DAY_MS));
  });
  afterEach(() => purge?.stop());
  afterAll(async () => {
    await db?.close();
    await backend.cleanup();
  });

  it('at start, removes what is past its period with its CV and queued email; the rest stays', async () => {
    const old = await submit(db, months(13)); // applications: past 12 months; the others: within 24
    const older = await submit(db, months(25)); // everything past its period
    const recent = await submit(db, months(1));
    purge = startAutoPurge({ enabled: true, store: db, repo, periods, log, clock: new FakeClock(NOW) });
    await purge.idle();

    expect(await exists('application', old.application)).toBe(false);
    expect(await repo.getCv(old.application)).toBeUndefined();
    expect(await queued('application', old.application)).toBe(false);
    for (const form of ['demo', 'brochure', 'contact'] as const) {
      expect(await exists(form, old[form]), `${form} of 13 months`).toBe(true);
      expect(await queued(form, old[form])).toBe(true);
      expect(await exists(form, older[form]), `${form} of 25 months`).toBe(false);
      expect(await queued(form, older[form])).toBe(false);
    }
    for (const form of FORMS) {
      expect(await exists(form, recent[form]), `recent ${form}`).toBe(true);
      expect(await queued(form, recent[form])).toBe(true);
    }
    expect((await repo.getCv(recent.application))?.data.toString()).toBe(`%PDF-${months(1)}`);
    expect(lines).toEqual([
      'Retention: deleted 1 demo, 1 brochure, 2 application, 1 contact submission(s) past their period (demo 24 months, brochure 24 months, application 12 months, contact 24 months).',
    ]);
  });

  it('does not run at start when nothing is overdue, then purges once a day', async () => {
    const clock = new FakeClock(NOW);
    // 12 months less half a day old: due for deletion during the coming day.
    const almost = await submit(db, months(12) + DAY_MS / 2);
    purge = startAutoPurge({ enabled: true, store: db, repo, periods, log, clock });
    await purge.idle();
    expect(lines).toEqual([]);
    expect(await exists('application', almost.application)).toBe(true);

    clock.advance(DAY_MS - 1);
    await purge.idle();
    expect(lines).toEqual([]);
    clock.advance(1);
    await purge.idle();
    expect(await exists('application', almost.application)).toBe(false);
    expect(await exists('demo', almost.demo)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Retention: deleted 0 demo, 0 brochure, 1 application, 0 contact submission/);

    // And again the next day (nothing left to delete: still one line).
    clock.advance(DAY_MS);
    await purge.idle();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Retention: deleted 0 demo, 0 brochure, 0 application, 0 contact/);
  });

  it('deletes nothing by itself with RETENTION_AUTOPURGE=off', async () => {
    const clock = new FakeClock(NOW);
    const old = await submit(db, months(30));
    purge = startAutoPurge({ enabled: false, store: db, repo, periods, log, clock });
    await purge.idle();
    clock.advance(3 * DAY_MS);
    await purge.idle();
    for (const form of FORMS) expect(await exists(form, old[form])).toBe(true);
    expect(lines).toEqual([
      'Retention: automatic purge is off (RETENTION_AUTOPURGE=off); run `npm run submissions -- purge` to delete old submissions.',
    ]);
  });

  it.runIf(backend.name === 'PostgreSQL')('never purges in two instances at the same time', async () => {
    await submit(db, months(30));
    const second = backend.open();
    try {
      // Each purge holds the table for a while, so that the two instances' runs would overlap.
      let active = 0;
      let most = 0;
      const slow = (r: Repository): Pick<Repository, 'purge'> => ({
        purge: async (form, before) => {
          active++;
          most = Math.max(most, active);
          try {
            await new Promise((resolve) => setTimeout(resolve, 50));
            return await r.purge(form, before);
          } finally {
            active--;
          }
        },
      });
      const clock = new FakeClock(NOW);
      const common = { enabled: true, periods, log, clock };
      const a = startAutoPurge({ ...common, store: db, repo: slow(repo), clock });
      const b = startAutoPurge({ ...common, store: second, repo: slow(new Repository(second)) });
      await Promise.all([a.idle(), b.idle()]);
      // Both found the overdue rows at start; one purged them, the other skipped.
      const results = await Promise.all([a.run(), b.run()]);
      a.stop();
      b.stop();
      expect(most).toBe(1);
      expect(results).toContain('skipped');
      expect(
        lines.filter((l) => l.startsWith('Retention: deleted 1 demo, 1 brochure, 1 application')),
      ).toHaveLength(1);
      expect(lines.filter((l) => l.includes('skipped'))).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});

describe('RETENTION_AUTOPURGE', () => {
  it('is on unless set to off, and refuses anything else with its name', () => {
    expect(loadConfig({}).retentionAutopurge).toBe(true);
    expect(loadConfig({ RETENTION_AUTOPURGE: 'on' }).retentionAutopurge).toBe(true);
    expect(loadConfig({ RETENTION_AUTOPURGE: ' OFF ' }).retentionAutopurge).toBe(false);
    expect(() => loadConfig({ RETENTION_AUTOPURGE: 'no' })).toThrow(
      'RETENTION_AUTOPURGE must be on or off, got "no".',
    );
  });
});
