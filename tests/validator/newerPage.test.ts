// @vitest-environment node
/**
 * Two pages claiming one address on disk: the page added later is told to change, even in a fresh
 * clone where every file has the same modification time (git says which page came first).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/minimal-site');
const ORIGINAL = 'pages/services/iot.yaml';
/** Sorts before the original, so the order of files alone would pick the wrong page. */
const COPY = 'pages/services/fleet.yaml';
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function commit(dir: string, message: string, date: string): void {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '-A'], { cwd: dir, env });
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', message], {
    cwd: dir,
    env,
  });
}

/** The fixture with iot.yaml copied to fleet.yaml, its path changed but its alias left in. */
function siteWithCopy(committed: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'newer-page-'));
  made.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  commit(dir, 'site', '2026-01-01T10:00:00Z');
  const copy = readFileSync(path.join(dir, ORIGINAL), 'utf8')
    .replace('path: /services/iot', 'path: /services/fleet')
    .replace(/order: \d+/, 'order: 9');
  writeFileSync(path.join(dir, COPY), copy);
  if (committed) commit(dir, 'fleet page', '2026-02-01T10:00:00Z');
  // As after a fresh clone (or an editor saving the old page): the original looks newest on disk.
  const later = new Date('2030-01-01T00:00:00Z');
  utimesSync(path.join(dir, ORIGINAL), later, later);
  return dir;
}

describe('an alias left in a copied page', () => {
  it.each([
    ['committed, in a fresh clone', true],
    ['not committed yet', false],
  ])('is reported on the copy (%s)', (_name, committed) => {
    const dir = siteWithCopy(committed);
    const errors = readFolder(dir).errors;
    expect(errors.map((e) => [e.file, e.code])).toEqual([[COPY, 'duplicate-address']]);
    expect(errors[0]?.message).toContain(`Remove "/services" from this page's aliases`);
  });
});
