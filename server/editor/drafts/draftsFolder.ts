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
import { existsSync, rmSync } from 'node:fs';
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

/**
 * Drops the commits of the content folder's branch that the shared repository does not have: a
 * Publish's, when its server died between taking the drafts in and sharing them. Its drafts are
 * still on the drafts branch, so nothing is lost; kept, the commit would stop every later Publish
 * here (the branch could no longer follow the shared one). Answers the subjects dropped.
 */
export function dropUnsharedPublish(contentDir: string, remote: string, branch: string): string[] {
  const shared = `refs/remotes/shared/${branch}`;
  if (!succeeds(contentDir, 'fetch', '--quiet', remote, `+refs/heads/${branch}:${shared}`)) return [];
  const unshared = gitSync(contentDir, 'log', '--format=%s', `${shared}..HEAD`);
  if (!unshared) return [];
  gitSync(contentDir, 'reset', '--quiet', '--keep', shared);
  return unshared.split('\n');
}
