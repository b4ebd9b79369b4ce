// @vitest-environment node
/**
 * `npm run submissions -- export | ...` as staff run it: a real child process whose standard output
 * is a pipe. Every byte must reach the reader (a pipe holds only 64 KiB at a time), and a reader
 * that goes away must give a non-zero exit and a message instead of a silent, cut-short export.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../config.ts';
import { openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { Repository } from '../storage/repository.ts';
import { removeTempDirs, tempDir } from '../testSupport.ts';

const ROWS = 5001;
const dataDir = tempDir('cli-pipe');

beforeAll(async () => {
  const db = openDb({ dataDir });
  await migrate(db);
  await new Repository(db).addContact(
    { name: 'Row 1', email: 'row1@example.com', mobileNumber: '9876543210', message: 'First.' },
    { ip: '10.0.0.1', userAgent: 'test' },
  );
  await db.close();
  // The other rows in one transaction (one commit, not 5,000 fsyncs).
  const sqlite = new Database(path.join(dataDir, 'submissions.sqlite'));
  const insert = sqlite.prepare(
    `INSERT INTO contact_messages (created_at, client_ip, user_agent, name, email, mobile_number, message)
     VALUES (?, '10.0.0.1', 'test', ?, ?, '9876543210', ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 2; i <= ROWS; i++)
      insert.run(
        new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        `Row ${i}`,
        `row${i}@example.com`,
        `Message number ${i}, long enough to make the export large. `.repeat(3),
      );
  })();
  sqlite.close();
});
afterAll(() => removeTempDirs());

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs the staff command with its standard output on a pipe; `readBytes` stops reading early. */
function runCli(args: string[], readBytes = Number.POSITIVE_INFINITY): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'server/cli/submissions.ts'), ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // The reader goes away (as `| head -c N` does): the pipe's read end is closed.
      if (size >= readBytes) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr }));
  });
}

describe('npm run submissions into a pipe', () => {
  it(`export --format json delivers all ${ROWS} rows through a pipe`, async () => {
    const run = await runCli(['export', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(1024 * 1024);
    const rows = JSON.parse(run.stdout.toString('utf8')) as { name: string }[];
    expect(rows).toHaveLength(ROWS);
    expect(rows.map((r) => r.name)).toContain(`Row ${ROWS}`);
  });

  it('export --format csv and list deliver every row through a pipe', async () => {
    const csv = await runCli(['export', '--format', 'csv', '--form', 'contact']);
    expect(csv.code).toBe(0);
    // A header line, then one line per row (no field holds a line break here).
    expect(csv.stdout.toString('utf8').trimEnd().split('\r\n')).toHaveLength(ROWS + 1);

    const list = await runCli(['list']);
    expect(list.code).toBe(0);
    const text = list.stdout.toString('utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(ROWS + 1);
    expect(text.endsWith(`${ROWS} submission(s).\n`)).toBe(true);
  });

  it('a reader that goes away gives a non-zero exit and a message', async () => {
    const run = await runCli(['export', '--format', 'json'], 16 * 1024);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/standard output was closed/i);
    expect(run.stderr).toMatch(/incomplete/i);
    // The message is meant for a person: no stack trace.
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
