// @vitest-environment node
/**
 * A build that Publish started ends with the server that started it: killed with SIGKILL (no
 * chance to clean up), the server's build stops within seconds instead of building on for minutes,
 * competing for the cores with the instance that replaces it, and writes no finished build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { SITE_FACTS_FILE } from '../../node/siteFacts.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const PARENT = path.join(REPO, 'tests/support/publishBuildParent.ts');
const out = mkdtempSync(path.join(tmpdir(), 'publish-dies-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const p of started) if (p.exitCode === null) p.kill('SIGKILL');
  rmSync(out, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves with the first match of `pattern` in what `stream` prints. */
function waitFor(stream: NodeJS.ReadableStream, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        stream.off('data', onData);
        resolve(match);
      }
    };
    stream.on('data', onData);
  });
}

/** The HTML files under `dir`. */
function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
}

it('stops the build when the server that started it is killed', { timeout: 180_000 }, async () => {
  const routes = readFolder(REPO).model?.routes.length ?? 0;
  expect(routes).toBeGreaterThan(10);
  const parent = spawn(process.execPath, ['--import', 'tsx', PARENT, REPO, path.join(out, 'build')], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(parent);
  const [, pid] = await waitFor(parent.stdout, /CHILD (\d+)/);
  const build = Number(pid);
  // Killed as pre-rendering begins: a step that prints nothing until it ends (minutes, on a large
  // site). A build that only noticed its server had gone at its next line of output (writing to
  // the dead server's pipe fails) would pre-render every page first.
  await waitFor(parent.stdout, /STEP prerender/);
  expect(alive(build)).toBe(true);
  parent.kill('SIGKILL');
  for (let waited = 0; alive(build) && waited < 60_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  expect(alive(build), 'the build still runs after its server was killed').toBe(false);
  expect(htmlFiles(path.join(out, 'build', 'client')).length).toBeLessThan(routes);
  expect(existsSync(path.join(out, 'build', SITE_FACTS_FILE))).toBe(false);
});
