// @vitest-environment node
/**
 * A Publish interrupted by its server's death leaves its work folder in DIST_DIR; the next server
 * to start removes it, and leaves alone a Publish that a live server has under way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SitePublisher } from './publish.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'leftovers-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it("removes a dead server's Publish leftovers at start, and keeps a live one's", () => {
  // The pid of a process that has ended.
  const dead = spawnSync(process.execPath, ['-e', 'process.pid'], { encoding: 'utf8' }).pid;
  const live = process.ppid;
  mkdirSync(path.join(dist, 'client'));
  writeFileSync(path.join(dist, 'client', 'index.html'), '<h1>Live</h1>');
  mkdirSync(path.join(dist, `.publish-m1abc-${dead}`, 'client'), { recursive: true });
  writeFileSync(path.join(dist, `.facts-m1abc-${dead}`), '{}');
  mkdirSync(path.join(dist, `.publish-m1abd-${live}`));
  new SitePublisher({ contentDir: dist, distDir: dist, served: () => undefined });
  expect(readdirSync(dist).sort()).toEqual([`.publish-m1abd-${live}`, 'client']);
  expect(existsSync(path.join(dist, 'client', 'index.html'))).toBe(true);
});
