// @vitest-environment node
/**
 * `npm run validate` as CI and the pre-commit hook run it: its output formats and exit codes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProblemRecord } from '../../src/validator/formatErrors.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(REPO, 'tests/fixtures/minimal-site');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');
const VALIDATE = path.join(REPO, 'scripts/validate.ts');
const PAGE = 'pages/services/iot.yaml';
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture site, with the page's block type misspelt when `broken`. */
function site(broken: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'validate-cli-'));
  made.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  if (broken) {
    const file = path.join(dir, PAGE);
    writeFileSync(file, readFileSync(file, 'utf8').replace('type: bulletGrid', 'type: bulletList'));
  }
  return dir;
}

function validate(args: string[], cwd = REPO) {
  const run = spawnSync(TSX, [VALIDATE, ...args], { cwd, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const lineOfType = (dir: string) =>
  readFileSync(path.join(dir, PAGE), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes('type: bulletList')) + 1;

describe('npm run validate for CI', () => {
  it('--format github prints a workflow command per problem, on its line, and exits 1', () => {
    const dir = site(true);
    const run = validate([dir, '--format', 'github'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `::error file=${PAGE},line=${lineOfType(dir)},col=11,title=unknown-block-type::Unknown block type "bulletList". Did you mean "bulletGrid"?\n`,
    );
  });

  it('--format json prints the documented list of problems', () => {
    const dir = site(true);
    const run = validate([dir, '--format=json']);
    expect(run.status).toBe(1);
    // (The copy's schema lines lead nowhere from the temporary folder: warnings, left aside here.)
    const problems = (JSON.parse(run.stdout) as ProblemRecord[]).filter((p) => p.severity === 'error');
    expect(problems).toEqual([
      {
        file: PAGE,
        line: lineOfType(dir),
        column: 11,
        severity: 'error',
        code: 'unknown-block-type',
        message: 'Unknown block type "bulletList". Did you mean "bulletGrid"?',
        suggestion: 'bulletGrid',
      },
    ]);
  });

  it('exits 0 on valid content, warnings included, and lists the warnings in json', () => {
    const dir = site(false);
    const file = path.join(dir, PAGE);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^# yaml-language-server.*\n/, ''));
    const run = validate([dir, '--format', 'json']);
    expect(run.status).toBe(0);
    const problems = (JSON.parse(run.stdout) as ProblemRecord[]).filter((p) => p.file === PAGE);
    expect(problems.map((p) => [p.file, p.line, p.column, p.severity, p.code])).toEqual([
      [PAGE, 1, 1, 'warning', 'schema-line-missing'],
    ]);
    expect(problems[0]?.suggestion).toMatch(/^# yaml-language-server: \$schema=/);
  });

  it('exits 2 on a usage mistake, saying how to use it', () => {
    for (const args of [['--format', 'xml'], ['--frmat', 'json'], [path.join(REPO, 'schema')]]) {
      const run = validate(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm run validate');
    }
  });
});

describe('the pre-commit check (--staged)', () => {
  /** A git repository holding the fixture site, everything committed. */
  function repository(): string {
    const dir = site(false);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'site');
    return dir;
  }

  it('checks the staged text of staged YAML files, and reports nothing about the others', () => {
    const dir = repository();
    const file = path.join(dir, PAGE);
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('type: bulletGrid', 'type: bulletList'));
    expect(validate(['--staged'], dir).status, 'a broken page not staged').toBe(0);

    execFileSync('git', ['add', PAGE], { cwd: dir });
    writeFileSync(file, good); // fixed on disk, but the commit would hold the staged mistake
    const run = validate(['--staged'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${PAGE}:`);
    expect(run.stderr).toContain('Unknown block type "bulletList". Did you mean "bulletGrid"?');
  });
});
