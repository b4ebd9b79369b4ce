/**
 * Where drafts live (issue 35). The content folder (CONTENT_DIR) stays on the branch the site is
 * published from (main): it is what is live, and only a Publish changes it. Every save of the
 * editor goes to the `drafts` branch of the same repository instead, checked out in a worktree of
 * its own inside the repository's git folder (so the content folder's `git status` never lists
 * it). A page has a draft when its file on `drafts` differs from main; `git log main..drafts`
 * shows a developer every unpublished change, and with CONTENT_REMOTE both branches are in the
 * shared repository, so every instance sees the same drafts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DRAFTS_BRANCH = 'drafts';
/** The worktree's folder name inside the git folder. */
const WORKTREE = 'site-drafts';

function gitSync(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

const succeeds = (cwd: string, ...args: string[]): boolean => {
  try {
    gitSync(cwd, ...args);
    return true;
  } catch {
    return false;
  }
};

/** Whether drafts can be kept for `contentDir`: a git work tree with at least one commit. */
export function draftsPossible(contentDir: string): boolean {
  return existsSync(contentDir) && succeeds(contentDir, 'rev-parse', '--verify', '--quiet', 'HEAD^{commit}');
}

/** The editor's content folder in the drafts worktree of `contentDir` (the same subfolder of it). */
export function draftsFolderOf(contentDir: string): string {
  const common = path.resolve(contentDir, gitSync(contentDir, 'rev-parse', '--git-common-dir'));
  return path.join(common, WORKTREE, gitSync(contentDir, 'rev-parse', '--show-prefix'));
}

/**
 * Makes sure the drafts branch and its worktree exist, and answers the editor's content folder in
 * it. The branch is the shared repository's when it has one; else it starts from what is live
 * (and, with a remote, is pushed there, unless another instance was quicker: then that one's).
 */
export function prepareDraftsFolder(contentDir: string, remote?: string): string {
  const common = path.resolve(contentDir, gitSync(contentDir, 'rev-parse', '--git-common-dir'));
  // Two servers started at once on one content folder (a test, a careless unit) make it one at a time.
  return whileHolding(path.join(common, `${WORKTREE}.lock`), () =>
    makeDraftsFolder(contentDir, common, remote),
  );
}

/** Runs `task` holding a lock folder; one left by a process that died is taken after a minute. */
function whileHolding<T>(lock: string, task: () => T): T {
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > until)
        throw new Error(`${lock} is held by another process; remove it if none is running.`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return task();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function makeDraftsFolder(contentDir: string, common: string, remote: string | undefined): string {
  const worktree = path.join(common, WORKTREE);
  const shared = `refs/remotes/shared/${DRAFTS_BRANCH}`;
  const fetchShared = () =>
    remote !== undefined &&
    succeeds(contentDir, 'fetch', '--quiet', remote, `+refs/heads/${DRAFTS_BRANCH}:${shared}`);
  const hasBranch = () =>
    succeeds(contentDir, 'rev-parse', '--verify', '--quiet', `refs/heads/${DRAFTS_BRANCH}`);
  if (!hasBranch() && fetchShared()) gitSync(contentDir, 'branch', DRAFTS_BRANCH, shared);
  if (!hasBranch()) {
    gitSync(contentDir, 'branch', DRAFTS_BRANCH, 'HEAD');
    if (
      remote !== undefined &&
      !succeeds(contentDir, 'push', '--quiet', remote, `${DRAFTS_BRANCH}:refs/heads/${DRAFTS_BRANCH}`) &&
      fetchShared()
    )
      gitSync(contentDir, 'branch', '--force', DRAFTS_BRANCH, shared);
  }
  if (!existsSync(path.join(worktree, '.git'))) {
    // A worktree removed by hand (or a git folder copied elsewhere) is registered again.
    gitSync(contentDir, 'worktree', 'prune');
    rmSync(worktree, { recursive: true, force: true });
    gitSync(contentDir, 'worktree', 'add', '--quiet', worktree, DRAFTS_BRANCH);
  }
  return path.join(worktree, gitSync(contentDir, 'rev-parse', '--show-prefix'));
}

/** A Publish under way: the live commit before it, its files, and its commit once made. */
export interface PendingPublish {
  before: string;
  files: string[];
  commit?: string;
}

const pendingFile = (contentDir: string) =>
  path.join(
    path.resolve(contentDir, gitSync(contentDir, 'rev-parse', '--git-common-dir')),
    'site-publish-pending.json',
  );

/** Notes a Publish under way in the repository's git folder, so a restart can take it back. */
export function writePending(contentDir: string, pending: PendingPublish): void {
  const file = pendingFile(contentDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(pending));
  renameSync(`${file}.tmp`, file);
}

export function clearPending(contentDir: string): void {
  rmSync(pendingFile(contentDir), { force: true });
}

/**
 * Takes back what a Publish that never ended left in the content folder (its server died during
 * the build): its commit, unless the shared repository has it already (then it is live there), and
 * any of its files copied but not committed. Its drafts are untouched, so they are still drafts.
 * Answers what it did, for the log; undefined when there was nothing to do.
 */
export function recoverInterruptedPublish(
  contentDir: string,
  remote?: string,
  branch = 'main',
): string | undefined {
  const file = pendingFile(contentDir);
  if (!existsSync(file)) return undefined;
  let pending: PendingPublish;
  try {
    pending = JSON.parse(readFileSync(file, 'utf8')) as PendingPublish;
  } catch {
    rmSync(file, { force: true });
    return undefined;
  }
  const { before, files, commit } = pending;
  const head = gitSync(contentDir, 'rev-parse', 'HEAD');
  if (commit && head === commit) {
    const shared = `refs/remotes/shared/${branch}`;
    const sharedHasIt =
      remote !== undefined &&
      succeeds(contentDir, 'fetch', '--quiet', remote, `+refs/heads/${branch}:${shared}`) &&
      succeeds(contentDir, 'merge-base', '--is-ancestor', commit, shared);
    if (sharedHasIt) {
      rmSync(file, { force: true });
      return undefined;
    }
    gitSync(contentDir, 'reset', '--quiet', '--keep', before);
  } else if (head !== before) {
    rmSync(file, { force: true });
    return `A Publish was interrupted, but the content folder has moved on since (${head.slice(0, 12)}): nothing was taken back.`;
  }
  // Files copied in but not committed go back to what they were.
  const present = new Set(
    gitSync(contentDir, 'ls-tree', '-r', '--name-only', before, '--', ...files)
      .split('\n')
      .filter(Boolean),
  );
  const kept = files.filter((f) => present.has(f));
  if (kept.length) gitSync(contentDir, 'checkout', before, '--', ...kept);
  for (const f of files) if (!present.has(f)) rmSync(path.join(contentDir, f), { force: true });
  succeeds(contentDir, 'reset', '--quiet', '--', ...files);
  rmSync(file, { force: true });
  return `A Publish of ${files.length} file${files.length === 1 ? '' : 's'} was interrupted: the content folder is back at ${before.slice(0, 12)}, and its drafts are still drafts.`;
}
