/**
 * `mkdir -p` once per folder and build: a build writes thousands of files into a few hundred
 * folders, and asking the file system again for each file cost 2.4 s of a 5 s one-word Publish at
 * 1,031 pages (issue 34). Only for folders nothing removes while the build runs.
 */
import { mkdirSync } from 'node:fs';

const made = new Set<string>();

export function ensureFolder(dir: string): void {
  if (made.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  made.add(dir);
}
