// @vitest-environment node
/**
 * The CI workflow, checked by a workflow validator from npm (@action-validator/cli), and the
 * pre-commit hook a content editor turns on with `npm run hooks`, run by git itself.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const REPO = path.resolve(import.meta.dirname, '../..');
const WORKFLOW = path.join(REPO, '.github/workflows/ci.yml');
const ACTION_VALIDATOR = path.join(REPO, 'node_modules/.bin/action-validator');
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-'));
  made.push(dir);
  return dir;
}

describe('.github/workflows/ci.yml', () => {
  it('is a valid GitHub Actions workflow', () => {
    const run = spawnSync(ACTION_VALIDATOR, [WORKFLOW], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
  });

  it('would be caught by the validator if it were broken', () => {
    const broken = path.join(tempDir(), 'ci.yml');
    writeFileSync(broken, readFileSync(WORKFLOW, 'utf8').replace('runs-on:', 'run-on:'));
    expect(spawnSync(ACTION_VALIDATOR, [broken], { encoding: 'utf8' }).status).not.toBe(0);
  });

  it('runs on pull requests: validation with annotations, typecheck, lint, unit and browser tests', () => {
    const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as {
      on: Record<string, unknown>;
      jobs: Record<string, { steps: { run?: string }[] }>;
    };
    expect(Object.keys(workflow.on)).toContain('pull_request');
    const commands = Object.values(workflow.jobs).flatMap((j) => j.steps.map((s) => s.run ?? ''));
    const order = [
      'npm run validate -- --format github',
      'npm run typecheck',
      'npm run lint',
      'npm run test:unit',
      'apt-get install -y -qq chromium',
      'npm run test:e2e',
    ].map((c) => commands.findIndex((run) => run.includes(c)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('the pre-commit hook (npm run hooks)', () => {
  /** A git repository with the fixture site and this repository's tools, the hook turned on. */
  function repository(): string {
    const dir = tempDir();
    cpSync(path.join(REPO, 'tests/fixtures/minimal-site'), dir, { recursive: true });
    for (const shared of ['node_modules', 'scripts', 'src', 'schema', '.githooks', 'package.json'])
      symlinkSync(path.join(REPO, shared), path.join(dir, shared));
    writeFileSync(
      path.join(dir, '.gitignore'),
      'node_modules\nscripts\nsrc\nschema\n.githooks\npackage.json\n',
    );
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('config', 'user.name', 'Editor');
    git('config', 'user.email', 'editor@example.com');
    execFileSync('npm', ['run', '--silent', 'hooks'], { cwd: dir, stdio: 'pipe' });
    git('add', '.');
    git('commit', '-qm', 'site');
    return dir;
  }

  // Three real commits through git's hook, each running `npm run validate`: over 20 s on a machine
  // also running the browser suite.
  it('stops a commit of a broken page, saying where and what to do, and lets the fixed page through', {
    timeout: 90_000,
  }, () => {
    const dir = repository();
    const page = path.join(dir, 'pages/services/iot.yaml');
    const good = readFileSync(page, 'utf8');
    writeFileSync(page, good.replace('type: bulletGrid', 'type: bulletList'));
    execFileSync('git', ['add', '-A'], { cwd: dir });
    const refused = spawnSync('git', ['commit', '-qm', 'new block'], { cwd: dir, encoding: 'utf8' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('pages/services/iot.yaml:');
    expect(refused.stderr).toContain('Unknown block type "bulletList". Did you mean "bulletGrid"?');

    writeFileSync(page, good.replace('heading: What we do', 'heading: What we do best'));
    execFileSync('git', ['add', '-A'], { cwd: dir });
    const accepted = spawnSync('git', ['commit', '-qm', 'new heading'], { cwd: dir, encoding: 'utf8' });
    // (The fixture's schema lines lead nowhere from the temporary folder: warnings, which pass.)
    expect(accepted.stderr).not.toContain('problem');
    expect(accepted.status).toBe(0);
  });
});
