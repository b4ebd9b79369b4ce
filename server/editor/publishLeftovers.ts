/**
 * What a Publish leaves in DIST_DIR when its server dies mid-way (kill -9, a crash): the build's
 * work folder `.publish-<id>` (`.follow-<id>`: a build another instance published, being fetched)
 * and the copies it was renaming into place (`.next-`, `.old-`,
 * `.facts-`, `.release-`). Each name ends with the pid of the server that made it; a server
 * starting up removes those whose server is gone, so they do not pile up over the months. A live
 * server's (another instance's Publish under way) are left alone.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const LEFTOVER = /^\.(publish|follow|next|old|facts|release|ledger)-[0-9a-z]+-(\d+)$/;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the leftovers of dead servers' Publishes from `distDir`; returns their names. */
export function removePublishLeftovers(distDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(distDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(LEFTOVER.exec(name)?.[2]);
    if (!pid || pid === process.pid || running(pid)) continue;
    rmSync(path.join(distDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
