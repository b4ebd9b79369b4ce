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
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
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

/** Who wrote a lock folder or a pending-Publish note: a process on a host, started at a moment. */
interface Writer {
  pid?: unknown;
  host?: unknown;
  /** Which start of the machine, and when in it the process started (processStart). */
  start?: unknown;
}

/** This process, as written into a lock folder and a pending-Publish note. */
const thisProcess = (): { pid: number; host: string; start?: string } => {
  const start = processStart(process.pid);
  return { pid: process.pid, host: hostname(), ...(start && { start }) };
};

/**
 * Which process `pid` is, beyond its number: the machine's boot id and the clock ticks since that
 * boot at which the process started, from /proc (undefined where there is none: not Linux). No
 * wall clock is involved, so setting the time or a suspend changes nothing; a pid given again after
 * a restart of the machine has another boot id, one given again in the same boot another start.
 */
export function processStart(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (which may hold spaces, in parentheses); starttime is
    // the 22nd field, the 20th after it.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return boot && ticks && /^\d+$/.test(ticks) ? `${boot}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote `writer` still runs: 'unknown' without a pid (written before
 * pids were) or from another host (its pids say nothing here); 'gone' when a process has its pid
 * but is not the one that wrote it (another boot, or another start).
 */
function writerState({ pid, host, start }: Writer): 'alive' | 'gone' | 'unknown' {
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || host !== hostname()) return 'unknown';
  // Our own pid is an earlier process that had it (pid 1 in a restarted container): this one never
  // looks at a lock while holding one (the wait is synchronous), nor at a note once it publishes.
  if (pid === process.pid) return 'gone';
  try {
    process.kill(pid, 0);
    // A process with that pid runs; if it is not the one that started then, the pid was given
    // again (after a restart of the machine or the container) and the writer is gone.
    const now = typeof start === 'string' ? processStart(pid) : undefined;
    if (now !== undefined && now !== start) return 'gone';
    return 'alive';
  } catch (error) {
    // EPERM: it runs, as another user. Only ESRCH says there is no such process.
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'gone' : 'alive';
  }
}

/** The file in a lock folder naming its holder. */
const HOLDER = 'holder.json';

function holderOf(lock: string): Writer {
  try {
    return JSON.parse(readFileSync(path.join(lock, HOLDER), 'utf8')) as Writer;
  } catch {
    return {}; // not written yet, or by a version before holders were
  }
}

/**
 * Takes the lock folder, its holder already written in it: the folder is made under a name of its
 * own, then renamed into place, so a lock is never seen without its holder (a waiter that read an
 * empty one might take it for abandoned). False when another process holds it.
 */
function tryTake(lock: string): boolean {
  if (existsSync(lock)) return false; // (rename would replace an empty folder: an older version's lock)
  const mine = `${lock}.${process.pid}.${randomUUID()}`;
  mkdirSync(mine);
  writeFileSync(path.join(mine, HOLDER), JSON.stringify(thisProcess()));
  try {
    renameSync(mine, lock);
    return true;
  } catch {
    rmSync(mine, { recursive: true, force: true });
    return false;
  }
}

/**
 * Removes an abandoned lock, if it is still the one judged abandoned: it is first renamed aside
 * (only one waiter can), then its holder compared with `seen`. Another's lock taken meanwhile is
 * put back untouched.
 */
export function takeOverLock(lock: string, seen: Writer): void {
  const aside = `${lock}.abandoned.${process.pid}.${randomUUID()}`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // another waiter took it over first
  }
  const found = holderOf(aside);
  if (found.pid === seen.pid && found.host === seen.host) {
    rmSync(aside, { recursive: true, force: true });
    return;
  }
  try {
    renameSync(aside, lock);
  } catch {
    rmSync(aside, { recursive: true, force: true });
  }
}

/**
 * Runs `task` holding a lock folder, which names its holder. One whose holder still runs on this
 * host is never taken, however old (a long first fetch of the shared repository is not a death);
 * one whose holder has died is taken at once. One without a holder we can ask about (an older
 * version's, or another host's) is taken after a minute, as before holders were written.
 */
function whileHolding<T>(lock: string, task: () => T): T {
  const until = Date.now() + 30_000;
  for (;;) {
    if (tryTake(lock)) break;
    const holder = holderOf(lock);
    const state = writerState(holder);
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (state === 'gone' || (state === 'unknown' && age > 60_000)) takeOverLock(lock, holder);
    else if (Date.now() > until)
      throw new Error(
        state === 'alive'
          ? `${lock} is held by process ${holder.pid}, which is still running; remove it if that is not a server.`
          : `${lock} is held by another process; remove it if none is running.`,
      );
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
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

/**
 * Notes a Publish under way in the repository's git folder, so a restart can take it back. It
 * names this process, so that a second server started on the same folder meanwhile leaves it be.
 */
export function writePending(contentDir: string, pending: PendingPublish): void {
  const file = pendingFile(contentDir);
  writeFileSync(`${file}.tmp`, JSON.stringify({ ...pending, ...thisProcess() }));
  renameSync(`${file}.tmp`, file);
}

export function clearPending(contentDir: string): void {
  rmSync(pendingFile(contentDir), { force: true });
}

/**
 * Takes back what a Publish that never ended left in the content folder (its server died during
 * the build): its commit, unless the shared repository has it already (then it is live there), and
 * any of its files copied but not committed. Its drafts are untouched, so they are still drafts.
 * A Publish whose server still runs (this one was started beside it) is left to that server.
 * Answers what it did, for the log; undefined when there was nothing to do.
 */
export function recoverInterruptedPublish(
  contentDir: string,
  remote?: string,
  branch = 'main',
): string | undefined {
  const file = pendingFile(contentDir);
  if (!existsSync(file)) return undefined;
  let pending: PendingPublish & Writer;
  try {
    pending = JSON.parse(readFileSync(file, 'utf8')) as PendingPublish & Writer;
  } catch {
    rmSync(file, { force: true });
    return undefined;
  }
  // A note without a pid (written before they were) is taken back, as it always was. So is one
  // from another host: a content folder is a local git folder, so that host is most likely this
  // one's past (a container made again gets a new host name), and two servers on one folder from
  // two hosts is not a set-up we support (they share through CONTENT_REMOTE); leaving the note
  // would leave its commit live but never built, at every start.
  if (writerState(pending) === 'alive')
    return `A Publish by another server (process ${pending.pid}) on this content folder is under way: it was left to that server (remove ${file} if that process is not one).`;
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
