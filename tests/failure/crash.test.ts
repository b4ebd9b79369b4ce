// @vitest-environment node
/**
 * Crash suite: the server (a child process) is killed with SIGKILL twice while 1,000 submissions
 * (all four forms, one in five an application with its CV) arrive 20 at a time, and is started
 * again on the same data each time. Every submission answered 200 must be in the database with its
 * CV intact, and the database must pass its own integrity checks. SQLite always; PostgreSQL when
 * there is one (tests/findPostgres.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE } from '../../server/storage/db.ts';
import { TABLE_OF } from '../../server/storage/repository.ts';
import { testSiteFacts } from '../../server/testSupport.ts';
import { type ChildServer, type Submission, startChild, submission } from './crashSupport.ts';

const TOTAL = 1_000;
const CONCURRENCY = 20;
/** Kill points, as numbers of acknowledged submissions (randomised around them each run). */
const KILLS = [300, 650];

interface Stored {
  email: string;
  cvSha256?: string;
  cvSize?: number;
}

interface Backend {
  name: string;
  env: Record<string, string>;
  rows(form: Submission['form']): Promise<Stored[]>;
  intact(): Promise<string[]>;
  cleanup(): Promise<void>;
}

const facts = testSiteFacts();
const lists = { serviceTypes: facts.serviceTypes, positions: facts.positions };

function sqliteBackend(): Backend {
  const dir = mkdtempSync(path.join(tmpdir(), 'triune-crash-'));
  const open = () => new Sqlite(path.join(dir, SQLITE_FILE), { readonly: true });
  return {
    name: 'SQLite',
    env: { CRASH_DATA_DIR: dir },
    async rows(form) {
      const db = open();
      try {
        const select =
          form === 'application'
            ? 'select email, cv_sha256 as cvSha256, length(cv_data) as cvSize from applications'
            : `select email from ${TABLE_OF[form]}`;
        return db.prepare(select).all() as Stored[];
      } finally {
        db.close();
      }
    },
    async intact() {
      const db = open();
      try {
        const integrity = db.pragma('integrity_check', { simple: true });
        const problems = integrity === 'ok' ? [] : [`integrity_check: ${String(integrity)}`];
        for (const row of db.pragma('foreign_key_check') as unknown[]) problems.push(JSON.stringify(row));
        return problems;
      } finally {
        db.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(url: string): Backend {
  const schema = `test_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const query = async <T>(text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    env: { CRASH_DATABASE_URL: url, CRASH_PG_SCHEMA: schema },
    async rows(form) {
      const select =
        form === 'application'
          ? `select email, cv_sha256 as "cvSha256", length(cv_data) as "cvSize" from "${schema}".applications`
          : `select email from "${schema}".${TABLE_OF[form]}`;
      return query<Stored>(select);
    },
    async intact() {
      // Every row readable in full (a torn page would fail here), and each outbox row, when there
      // is one, pointing at a submission.
      const problems: string[] = [];
      for (const table of Object.values(TABLE_OF))
        await query(`select * from "${schema}".${table}`).catch((e: Error) =>
          problems.push(`${table}: ${e.message}`),
        );
      return problems;
    },
    cleanup: async () => {
      await query(`drop schema if exists "${schema}" cascade`);
    },
  };
}

const backends: Backend[] = [sqliteBackend()];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) backends.push(postgresBackend(pgUrl));
else
  console.log(
    'Crash suite on PostgreSQL skipped: TEST_DATABASE_URL is not set and none answers on 127.0.0.1:5432.',
  );

describe.each(backends)('kill -9 during 1,000 submissions on $name', (backend) => {
  afterAll(() => backend.cleanup());

  it('loses no acknowledged submission and leaves the database intact', async () => {
    const run = randomBytes(3).toString('hex');
    const started = Date.now();
    let server: ChildServer = await startChild({ ...backend.env, CRASH_FORMS: JSON.stringify(lists) });
    let up = Promise.resolve();
    const acknowledged: Submission[] = [];
    let failed = 0;
    let next = 0;
    const killAt = KILLS.map((n) => n + Math.floor(Math.random() * 100) - 50);

    async function worker(): Promise<void> {
      for (;;) {
        const i = next++;
        if (i >= TOTAL) return;
        await up;
        const item = submission(i, run, lists);
        try {
          const res = await item.send(server.api, AbortSignal.timeout(15_000));
          await res.arrayBuffer();
          if (res.status === 200) acknowledged.push(item);
          else throw new Error(`HTTP ${res.status}`);
        } catch {
          // Cut off by the kill: not acknowledged, so it may or may not have been stored.
          failed++;
        }
      }
    }

    async function killer(): Promise<void> {
      for (const target of killAt) {
        while (acknowledged.length < target && next < TOTAL) await new Promise((r) => setTimeout(r, 2));
        if (next >= TOTAL) return;
        let restarted!: () => void;
        up = new Promise((resolve) => {
          restarted = resolve;
        });
        server.process.kill('SIGKILL');
        await server.exited;
        server = await startChild({ ...backend.env, CRASH_FORMS: JSON.stringify(lists) });
        restarted();
      }
    }

    await Promise.all([killer(), ...Array.from({ length: CONCURRENCY }, worker)]);
    server.process.kill('SIGKILL');
    await server.exited;

    const missing: string[] = [];
    const damagedCvs: string[] = [];
    for (const form of ['demo', 'brochure', 'application', 'contact'] as const) {
      const stored = new Map((await backend.rows(form)).map((r) => [r.email, r]));
      for (const item of acknowledged.filter((s) => s.form === form)) {
        const row = stored.get(item.email);
        if (!row) missing.push(`${form} ${item.email}`);
        else if (
          form === 'application' &&
          (row.cvSha256 !== item.cvSha256 || Number(row.cvSize) !== item.cvSize)
        )
          damagedCvs.push(item.email);
      }
    }
    const problems = await backend.intact();
    console.log(
      `Crash suite (${backend.name}): ${TOTAL} submissions, ${KILLS.length} kill -9, ${acknowledged.length} acknowledged, ` +
        `${failed} cut off, ${missing.length} acknowledged missing, ${damagedCvs.length} CVs damaged, ` +
        `integrity ${problems.length ? 'FAILED' : 'ok'}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(acknowledged.length).toBeGreaterThan(TOTAL / 2);
    expect(acknowledged.filter((s) => s.form === 'application').length).toBeGreaterThan(TOTAL / 10);
    expect(missing).toEqual([]);
    expect(damagedCvs).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);
});
