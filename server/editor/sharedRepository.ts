/**
 * The content folder as a clone of one shared repository (CONTENT_REMOTE, issue 36): every
 * instance of the site has its own clone, and the repository, not a lock in one process's memory,
 * puts saves from several instances in order.
 *
 * A write runs as: bring the clone up to the shared branch, make the change (which reads the file
 * as it is now, merges field by field with what the user opened, writes and commits it), push. A
 * push the repository refuses means another instance pushed first: the commit is undone, the clone
 * brought up to date, and the change made again on top of the other one, so a change to another
 * field merges and only a change to the same field is a conflict. Nothing is ever overwritten.
 *
 * Without a remote everything is local, as before: `write` just makes the change.
 *
 * Refs made from the branch (the drafts' refs, drafts/draftRefs.ts) can be kept beside it: they are
 * made again after each change and fetched with the branch. They are pushed after the branch, on
 * their own: a shared repository that refuses them (a hook, a service that takes only branches)
 * never costs a save, only the refs. Their push names the branch too, atomically, at the commit
 * they were made from, so refs made from an older branch never overwrite newer ones.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How often a write is tried again after another instance pushed first. */
const ATTEMPTS = 8;

export const sharedRepositoryMessages = {
  unreachable: (remote: string, why: string) =>
    `The shared content repository (${remote}) cannot be reached, so nothing was saved: ${why}. Try again in a moment; if it goes on, ask whoever runs the site to check CONTENT_REMOTE and the server's access to it.`,
  busy: 'Not saved: others saved to this site at the same moment several times in a row. Save again.',
  diverged: (root: string, why: string) =>
    `The content folder (${root}) holds changes the shared repository does not have, so it cannot take the latest saves and nothing was saved: ${why}. Whoever runs the site should look at \`git status\` and \`git log\` there, then push those changes or remove them.`,
};

export class SharedRepositoryError extends Error {}

export interface SharedRepositoryOptions {
  /** The clone (the content folder). */
  root: string;
  /** The shared repository's address as git takes it (a URL or a path); undefined: no remote. */
  remote?: string;
  /** The branch every instance saves to. */
  branch?: string;
}

/** Refs made from the branch after each change to it, and shared with it. */
export interface DerivedRefs {
  /** Where they live, e.g. 'refs/drafts/'. */
  prefix: string;
  /** Makes them match the branch as it is now. */
  refresh(): Promise<unknown>;
  /** Told when the shared repository refused them (the branch's change is shared all the same). */
  refused?(why: string): void;
}

export class SharedRepository {
  private readonly branch: string;
  private derived: DerivedRefs | undefined;
  private pendingCatchUp: Promise<void> | undefined;
  /** Writes through this instance, one at a time (one git index per clone). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SharedRepositoryOptions) {
    this.branch = options.branch ?? 'main';
  }

  /** Keeps `refs` beside the branch from now on (see the top of this file). */
  keepRefs(refs: DerivedRefs): void {
    this.derived = refs;
  }

  /** Makes the kept refs again and shares them, with no change to the branch (a server's start). */
  refreshRefs(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.derived) return;
      if (this.options.remote === undefined) {
        await this.derived.refresh();
        return;
      }
      await this.sync();
      const before = await this.refsNow();
      await this.derived.refresh();
      if ((await this.refsNow()) !== before) await this.pushRefs();
    });
  }

  private refsNow(): Promise<string> {
    return this.derived
      ? this.git('for-each-ref', '--format=%(refname) %(objectname)', this.derived.prefix)
      : Promise.resolve('');
  }

  /**
   * Shares the kept refs (those gone deleted), with the branch at the commit they were made from in
   * the same atomic push: when another instance's change has reached the branch meanwhile, nothing
   * is pushed (that instance shares the refs of it). Any other refusal is told, never thrown.
   */
  private async pushRefs(): Promise<void> {
    const { remote } = this.options;
    if (!this.derived || remote === undefined) return;
    const refs = `+${this.derived.prefix}*:${this.derived.prefix}*`;
    try {
      await this.git(
        'push',
        '--quiet',
        '--atomic',
        '--prune',
        remote,
        `HEAD:refs/heads/${this.branch}`,
        refs,
      );
    } catch (error) {
      if (!isRejected(error)) this.derived.refused?.(gitReason(error));
    }
  }

  get shared(): boolean {
    return this.options.remote !== undefined;
  }

  private async git(...args: string[]): Promise<string> {
    const { stdout } = await run('git', args, { cwd: this.options.root, maxBuffer: 64 * 1024 * 1024 });
    return stdout.trim();
  }

  /**
   * Brings the clone up to the shared branch, for a read: every instance then lists the same pages
   * and versions. It waits for this instance's writes under way (one git index per clone), and
   * reads that arrive while one is waiting share it.
   */
  catchUp(): Promise<void> {
    if (this.options.remote === undefined) return Promise.resolve();
    this.pendingCatchUp ??= this.enqueue(() => {
      this.pendingCatchUp = undefined;
      return this.sync();
    });
    return this.pendingCatchUp;
  }

  /** Brings the clone up to the shared branch (a fast-forward: a clone never keeps a commit it has not pushed). */
  async sync(): Promise<void> {
    const { remote } = this.options;
    if (remote === undefined) return;
    try {
      const refs = this.derived ? [`+${this.derived.prefix}*:${this.derived.prefix}*`] : [];
      await this.git(
        'fetch',
        '--quiet',
        ...(refs.length ? ['--prune'] : []),
        remote,
        `+refs/heads/${this.branch}:refs/remotes/shared/${this.branch}`,
        ...refs,
      );
    } catch (error) {
      throw new SharedRepositoryError(sharedRepositoryMessages.unreachable(remote, gitReason(error)));
    }
    try {
      await this.git('merge', '--quiet', '--ff-only', `refs/remotes/shared/${this.branch}`);
    } catch (error) {
      throw new SharedRepositoryError(sharedRepositoryMessages.diverged(this.options.root, gitReason(error)));
    }
  }

  /**
   * Shares a commit made on the clone outside `write` (a Publish's, made under the publish lock,
   * which no save to this branch competes with). A refusal is said as it is.
   */
  async push(): Promise<void> {
    const { remote } = this.options;
    if (remote === undefined) return;
    try {
      await this.git('push', '--quiet', remote, `HEAD:refs/heads/${this.branch}`);
    } catch (error) {
      throw new SharedRepositoryError(sharedRepositoryMessages.unreachable(remote, gitReason(error)));
    }
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Makes `change` and shares it: the change reads and writes the clone and commits (through
   * ContentHistory); its answer is returned once the commit is in the shared repository. A change
   * that commits nothing (the text did not change, or it answers a conflict) pushes nothing.
   * Writes through one instance run one at a time; across instances the repository orders them.
   */
  write<T>(change: () => Promise<T>): Promise<T> {
    return this.enqueue(() => this.shareOnce(change));
  }

  private async shareOnce<T>(change: () => Promise<T>): Promise<T> {
    const { remote } = this.options;
    if (remote === undefined) {
      const before = this.derived && (await this.git('rev-parse', 'HEAD'));
      const result = await change();
      if (this.derived && (await this.git('rev-parse', 'HEAD')) !== before) await this.followRefs();
      return result;
    }
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      await this.sync();
      const before = await this.git('rev-parse', 'HEAD');
      const result = await change();
      if ((await this.git('rev-parse', 'HEAD')) === before) return result;
      try {
        await this.git('push', '--quiet', remote, `HEAD:refs/heads/${this.branch}`);
      } catch (error) {
        // Undo the commit (keeping anything else in the folder) and make the change again on top
        // of what the other instance pushed. A push refused for another reason is said as it is.
        await this.git('reset', '--quiet', '--keep', before);
        if (!isRejected(error))
          throw new SharedRepositoryError(sharedRepositoryMessages.unreachable(remote, gitReason(error)));
        continue;
      }
      // The change is shared: the refs follow it, and nothing they do can undo it.
      await this.followRefs();
      return result;
    }
    throw new SharedRepositoryError(sharedRepositoryMessages.busy);
  }

  /** Makes the kept refs again and shares them; a failure is told, never thrown. */
  private async followRefs(): Promise<void> {
    if (!this.derived) return;
    try {
      await this.derived.refresh();
    } catch (error) {
      this.derived.refused?.(error instanceof Error ? error.message : String(error));
      return;
    }
    await this.pushRefs();
  }
}

/** A push refused because the branch moved on (someone else pushed first). */
function isRejected(error: unknown): boolean {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === 'string' ? stderr : String(error);
  return /\[rejected\]|non-fast-forward|fetch first|failed to update ref|cannot lock ref|stale info|integrate the remote changes/i.test(
    text,
  );
}

function gitReason(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text =
    typeof stderr === 'string' && stderr.trim()
      ? stderr
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(-3)
      .join(' ')
      // The messages put their own full stop after git's reason.
      .replace(/[.\s]+$/, '')
  );
}

/**
 * Makes `root` a clone of the shared repository when it does not exist yet (or is empty): a new
 * instance needs nothing but CONTENT_REMOTE. A folder already there is used as it is.
 */
export function prepareClone(root: string, remote: string, branch = 'main'): void {
  if (existsSync(root) && readdirSync(root).length > 0) return;
  try {
    execFileSync('git', ['clone', '--quiet', '--branch', branch, remote, root], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    throw new SharedRepositoryError(
      `CONTENT_DIR (${root}) could not be cloned from CONTENT_REMOTE (${remote}), branch ${branch}: ${gitReason(error)}`,
    );
  }
}
