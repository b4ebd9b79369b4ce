// @vitest-environment node
import { readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { Repository } from '../storage/repository.ts';
import { PDF_BYTES, removeTempDirs, tempDir } from '../testSupport.ts';
import { olderThan, runSubmissions, toCsv, UsageError } from './commands.ts';

const dir = tempDir('cli');
const db = openDb({ dataDir: dir });
const repo = new Repository(db);
const meta = { ip: '10.1.2.3', userAgent: 'ua' };

async function run(...args: string[]): Promise<string> {
  let out = '';
  await runSubmissions(args, repo, (s) => {
    out += s;
  });
  return out;
}

beforeAll(async () => {
  await migrate(db);
  await repo.addContact(
    { name: 'Asha', email: 'a@b.co', mobileNumber: '9876543210', message: 'Hi, "quoted", =1+1' },
    meta,
  );
  await repo.addApplication(
    {
      fullName: 'Ravi',
      email: 'r@b.co',
      phone: '1234567',
      coverLetter: 'Line 1\nLine 2',
      position: 'Customer Support',
      cv: { name: 'ravi.pdf', type: 'pdf', data: PDF_BYTES },
    },
    meta,
  );
});
afterAll(async () => {
  await db.close();
  removeTempDirs();
});

describe('npm run submissions', () => {
  it('lists submissions, filtered by form and date', async () => {
    const all = await run('list');
    expect(all).toContain('contact #1');
    expect(all).toContain('application #1');
    expect(all).toContain('2 submission(s).');
    expect(await run('list', '--form', 'contact')).toContain('1 submission(s).');
    expect(await run('list', '--since', '2999-01-01')).toBe('0 submission(s).\n');
  });

  it('exports JSON and CSV (quoted, formula-safe)', async () => {
    const json = JSON.parse(await run('export', '--format', 'json', '--form=application')) as Record<
      string,
      unknown
    >[];
    expect(json).toEqual([
      expect.objectContaining({ form: 'application', fullName: 'Ravi', cvName: 'ravi.pdf' }),
    ]);
    const csv = await run('export', '--format', 'csv', '--form', 'contact');
    expect(csv.split('\r\n')[0]).toBe(
      'form,id,createdAt,clientIp,userAgent,handledAt,name,email,mobileNumber,message',
    );
    expect(csv).toContain('"Hi, ""quoted"", =1+1"');
    expect(
      toCsv([
        {
          form: 'brochure',
          id: 1,
          createdAt: 'x',
          clientIp: 'y',
          userAgent: 'z',
          handledAt: null,
          fields: { email: '=cmd' },
        },
      ]),
    ).toContain("'=cmd");
  });

  it('exports a header row even when there is nothing to export yet', async () => {
    const csv = await run('export', '--format', 'csv', '--form', 'brochure', '--since', '2999-01-01');
    expect(csv).toBe('form,id,createdAt,clientIp,userAgent,handledAt,email\r\n');
    expect(toCsv([]).split('\r\n')[0]).toContain('handledAt,name,phone,email,serviceType,query,fullName');
  });

  it('writes a stored CV to a file only its owner can read', async () => {
    const out = path.join(dir, 'out.pdf');
    expect(await run('cv', '1', out)).toContain('ravi.pdf');
    expect(readFileSync(out).equals(PDF_BYTES)).toBe(true);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it('refuses to overwrite a file (or write through a link) unless --force', async () => {
    const out = path.join(dir, 'existing.pdf');
    writeFileSync(out, 'keep me', { mode: 0o644 });
    await expect(run('cv', '1', out)).rejects.toThrow(
      `${out} already exists. Choose another file, or add --force to overwrite it.`,
    );
    await expect(run('cv', '1', out)).rejects.toBeInstanceOf(UsageError);
    expect(readFileSync(out, 'utf8')).toBe('keep me');

    const target = path.join(dir, 'target.txt');
    writeFileSync(target, 'not a CV');
    const link = path.join(dir, 'link.pdf');
    symlinkSync(target, link);
    await expect(run('cv', '1', link)).rejects.toThrow(/already exists/);
    expect(readFileSync(target, 'utf8')).toBe('not a CV');

    // --force replaces the file, and narrows its mode to the owner's.
    expect(await run('cv', '1', out, '--force')).toContain('Wrote');
    expect(readFileSync(out).equals(PDF_BYTES)).toBe(true);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(await run('cv', '--force', '1', out)).toContain('Wrote');
  });

  it('purges applications older than the retention period, by default RETENTION_MONTHS_APPLICATIONS', async () => {
    const now = new Date();
    const later = (months: number) => {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() + months);
      return d;
    };
    const purge = async (args: string[], at: Date, months = 12) => {
      let out = '';
      await runSubmissions(
        ['purge', ...args],
        repo,
        (s) => {
          out += s;
        },
        {
          retentionMonthsApplications: months,
          now: () => at,
        },
      );
      return out;
    };
    // Today nothing is 12 months old; 6 months from now, a 3-month limit catches the application
    // but never the contact message (only applications are purged by default).
    expect(await purge([], now)).toMatch(/^Deleted 0 application submission\(s\) received before /);
    expect(await purge([], later(6), 12)).toMatch(/^Deleted 0 /);
    expect(await purge(['--older-than', '90d'], now)).toMatch(/^Deleted 0 /);
    expect(await purge([], later(6), 3)).toMatch(/^Deleted 1 application submission\(s\)/);
    expect(await repo.getCv(1)).toBeUndefined();
    expect(await repo.count('contact')).toBe(1);
    expect(await purge(['--older-than', '1m', '--form', 'contact'], later(2))).toMatch(/^Deleted 1 contact/);
    expect(olderThan('12m', new Date('2025-03-31T00:00:00Z')).toISOString()).toBe('2024-03-31T00:00:00.000Z');
    expect(olderThan('30d', new Date('2025-03-31T00:00:00Z')).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    await expect(purge(['--older-than', 'a year'], now)).rejects.toThrow(/--older-than must be/);
  });

  it('explains wrong usage', async () => {
    await expect(run('export', '--format', 'xml')).rejects.toBeInstanceOf(UsageError);
    await expect(run('list', '--form', 'nope')).rejects.toThrow(/--form must be one of/);
    await expect(run('cv', '99', 'x')).rejects.toThrow(/no application #99/);
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command/);
  });
});
