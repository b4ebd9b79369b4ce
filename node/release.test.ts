// @vitest-environment node
/**
 * A release is named by its content commit and its code's hash: a save moves the first, a code
 * change the second, and neither moves the other.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeVersion, contentCommit, readRelease, writeRelease } from './release.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A project with code, content and a git history of one commit. */
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src'));
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'src', 'app.ts'), 'export const app = 1;\n');
  writeFileSync(path.join(dir, 'site.yaml'), 'company: {}\n');
  writeFileSync(path.join(dir, 'pages', 'index.yaml'), 'title: Home\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd: dir });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'First');
  return dir;
}

describe('release', () => {
  it('changes its code hash with the code only', () => {
    const dir = project();
    const before = codeVersion(dir);
    writeFileSync(path.join(dir, 'pages', 'index.yaml'), 'title: Home, edited\n');
    writeFileSync(path.join(dir, 'src', 'app.test.ts'), 'it.todo("a test is not the site");\n');
    expect(codeVersion(dir)).toBe(before);
    writeFileSync(path.join(dir, 'src', 'app.ts'), 'export const app = 2;\n');
    expect(codeVersion(dir)).not.toBe(before);
    expect(codeVersion(dir)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('names the content commit, and says when content files differ from it', () => {
    const dir = project();
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
    expect(contentCommit(dir)).toBe(head);
    writeFileSync(path.join(dir, 'src', 'app.ts'), 'export const app = 3;\n');
    expect(contentCommit(dir)).toBe(head);
    writeFileSync(path.join(dir, 'pages', 'index.yaml'), 'title: Home, unsaved\n');
    expect(contentCommit(dir)).toBe(`${head}+changes`);
    // The redirects are content too: a new, uncommitted redirects.yaml is a change as well.
    const other = project();
    const otherHead = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: other, encoding: 'utf8' }).trim();
    writeFileSync(path.join(other, 'redirects.yaml'), 'redirects:\n  - { from: /old, to: / }\n');
    expect(contentCommit(other)).toBe(`${otherHead}+changes`);
    const noGit = mkdtempSync(path.join(tmpdir(), 'no-git-'));
    dirs.push(noGit);
    expect(contentCommit(noGit)).toBeNull();
  });

  it('is read back as written, and not at all from a build without one', () => {
    const dir = project();
    expect(readRelease(dir)).toBeUndefined();
    const release = { content: null, code: '0123456789abcdef', builtAt: '2026-11-27T12:00:00.000Z' };
    writeRelease(dir, release);
    expect(readRelease(dir)).toEqual(release);
  });
});
