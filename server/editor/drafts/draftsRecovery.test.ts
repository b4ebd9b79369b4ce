// @vitest-environment node
/**
 * A Publish cut short, and the drafts worktree's lock, with a second server on the same content
 * folder: the pending-Publish note and the lock folder name their writer (pid and host), so what
 * a process still running holds is left to it, and what a dead one left is taken back at once.
 * "Alive" is a real child process; "dead" is one that has exited.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentCopy, removeContentCopies, STAFF } from '../editorTestSupport.ts';
import { localDrafts } from './drafts.ts';
import {
  draftsFolderOf,
  prepareDraftsFolder,
  processStart,
  recoverInterruptedPublish,
  takeOverLock,
} from './draftsFolder.ts';

const ABOUT = 'pages/about.yaml';
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const children: ChildProcess[] = [];
/** A process that runs until killed (or its `script` ends): a writer still alive. */
function aliveProcess(script = 'setTimeout(() => {}, 60000)'): {
  pid: number;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('The child process did not start.');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { pid: child.pid, exited };
}
/** The pid of a process that has exited: a writer that died. */
function deadPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['-e', '']);
  expect(status).toBe(0);
  return pid;
}
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill();
        }),
    ),
  );
});
afterAll(() => removeContentCopies());

describe('a Publish cut short, taken back at the next start', () => {
  let live: string;
  let note: string;
  beforeAll(() => {
    live = contentCopy({ git: true });
    note = path.join(live, '.git', 'site-publish-pending.json');
  });

  /** A Publish of a fresh draft of ABOUT whose build never ends: the live commit before it. */
  async function publishCutShort(title: string): Promise<string> {
    const drafts = localDrafts(live);
    const file = path.join(drafts.folder, ABOUT);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${title}`));
    git(drafts.folder, '-c', 'user.name=Staff', '-c', 'user.email=s@example.com', 'commit', '-qam', title);
    const before = git(live, 'rev-parse', 'HEAD');
    await drafts.prepare([ABOUT], STAFF);
    expect(git(live, 'rev-parse', 'HEAD')).not.toBe(before);
    return before;
  }
  const readNote = () => JSON.parse(readFileSync(note, 'utf8')) as Record<string, unknown>;
  const rewriteNote = (change: (n: Record<string, unknown>) => void) => {
    const n = readNote();
    change(n);
    writeFileSync(note, JSON.stringify(n));
  };
  const expectTakenBack = (before: string) => {
    expect(recoverInterruptedPublish(live)).toMatch(
      /^A Publish of 1 file was interrupted: the content folder is back at /,
    );
    expect(git(live, 'rev-parse', 'HEAD')).toBe(before);
    expect(git(live, 'status', '--porcelain')).toBe('');
    expect(() => readFileSync(note)).toThrow();
  };

  it('names the process and host that publish in the note', async () => {
    const before = await publishCutShort('Named in the note');
    expect(readNote()).toMatchObject({ pid: process.pid, host: hostname(), before, files: [ABOUT] });
    expectTakenBack(before);
  });

  it('leaves alone a Publish whose server still runs on this host, and takes it back once it has died', async () => {
    const before = await publishCutShort('Published by a server still running');
    const published = git(live, 'rev-parse', 'HEAD');
    const writer = aliveProcess();
    const { pid } = writer;
    rewriteNote((n) => {
      n.pid = pid;
      n.start = processStart(pid);
    });
    expect(recoverInterruptedPublish(live)).toBe(
      `A Publish by another server (process ${pid}) on this content folder is under way: it was left to that server (remove ${note} if that process is not one).`,
    );
    expect(git(live, 'rev-parse', 'HEAD')).toBe(published);
    expect(readNote()).toMatchObject({ pid, commit: published });
    // Its server dies: the next start takes it back.
    process.kill(pid);
    await writer.exited;
    expectTakenBack(before);
  });

  it('takes back a Publish whose pid now belongs to a process started after it (a restarted machine)', async () => {
    const before = await publishCutShort('Published before a restart');
    const writer = aliveProcess();
    rewriteNote((n) => {
      n.pid = writer.pid;
      // The note's writer started before the process that has its pid now (here, at an earlier
      // tick of the same boot).
      const [boot, ticks] = (processStart(writer.pid) ?? 'boot:1000').split(':');
      n.start = `${boot}:${Number(ticks) - 100}`;
    });
    try {
      expectTakenBack(before);
    } finally {
      process.kill(writer.pid);
      await writer.exited;
    }
  });

  it('takes back a Publish whose server has died', async () => {
    const before = await publishCutShort('Published by a server that died');
    const pid = deadPid();
    rewriteNote((n) => {
      n.pid = pid;
    });
    expectTakenBack(before);
  });

  it('takes back a Publish noted without a pid, as notes were before', async () => {
    const before = await publishCutShort('Noted without a pid');
    rewriteNote((n) => {
      delete n.pid;
      delete n.host;
    });
    expectTakenBack(before);
  });

  it('takes back a Publish noted on another host, whatever its pid says there', async () => {
    const before = await publishCutShort('Noted on another host');
    const { pid } = aliveProcess();
    rewriteNote((n) => {
      n.pid = pid;
      n.host = `not-${hostname()}`;
    });
    expectTakenBack(before);
  });
});

describe('the drafts worktree lock', () => {
  let live: string;
  let lock: string;
  beforeAll(() => {
    live = contentCopy({ git: true });
    lock = path.join(live, '.git', 'site-drafts.lock');
  });
  afterEach(() => rmSync(lock, { recursive: true, force: true }));

  /** A lock folder left as another process would: `holder` in it (none: no file), `ageMs` old. */
  function leaveLock(holder: object | undefined, ageMs: number) {
    mkdirSync(lock);
    if (holder) writeFileSync(path.join(lock, 'holder.json'), JSON.stringify(holder));
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(lock, at, at);
  }
  /** prepareDraftsFolder, and how long it waited for the lock. */
  function timedPrepare(): number {
    const start = Date.now();
    expect(prepareDraftsFolder(live)).toBe(draftsFolderOf(live));
    return Date.now() - start;
  }
  /** A running process that removes the lock after `ms`, exiting 0 only if the lock was still there. */
  const holderReleasingAfter = (ms: number) =>
    aliveProcess(
      `setTimeout(() => require('node:fs').rmSync(${JSON.stringify(lock)}, { recursive: true }), ${ms})`,
    );

  it('names its holder, this process on this host, while it is held', () => {
    // git runs post-checkout when the worktree is added, inside the lock: the hook copies the holder.
    const seen = path.join(live, 'holder-seen.json');
    const hook = path.join(live, '.git', 'hooks', 'post-checkout');
    mkdirSync(path.dirname(hook), { recursive: true });
    writeFileSync(hook, `#!/bin/sh\ncp '${path.join(lock, 'holder.json')}' '${seen}'\n`, { mode: 0o755 });
    try {
      timedPrepare();
    } finally {
      rmSync(hook);
    }
    // With its start, as /proc tells it, so a later process given the same pid is told apart.
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
      start: processStart(process.pid),
    });
    expect(processStart(process.pid)).toMatch(/^[0-9a-f-]{36}:\d+$/);
  });

  it('is never taken from a holder still running on this host, however old', async () => {
    const holder = holderReleasingAfter(1500);
    leaveLock({ pid: holder.pid, host: hostname() }, 10 * 60_000);
    expect(timedPrepare()).toBeGreaterThanOrEqual(1000);
    // The holder found its lock still there when it let go.
    expect(await holder.exited).toBe(0);
  });

  it('is taken at once from a holder that has died, however new', () => {
    leaveLock({ pid: deadPid(), host: hostname() }, 0);
    expect(timedPrepare()).toBeLessThan(1000);
  });

  it('without a holder, is taken after a minute, and waited for before', async () => {
    leaveLock(undefined, 2 * 60_000);
    expect(timedPrepare()).toBeLessThan(1000);
    const holder = holderReleasingAfter(1500);
    leaveLock(undefined, 0);
    expect(timedPrepare()).toBeGreaterThanOrEqual(1000);
    expect(await holder.exited).toBe(0);
  });

  it("held on another host, keeps the minute's rule: its pid says nothing here", () => {
    leaveLock({ pid: aliveProcess().pid, host: `not-${hostname()}` }, 2 * 60_000);
    expect(timedPrepare()).toBeLessThan(1000);
  });

  it('taking over a dead holder’s lock leaves alone a lock another waiter took meanwhile', () => {
    const dead = { pid: deadPid(), host: hostname() };
    // Judged abandoned (its holder dead), but by the time of the take-over a live process holds it.
    const live = { pid: aliveProcess().pid, host: hostname() };
    leaveLock(live, 0);
    takeOverLock(lock, dead);
    expect(JSON.parse(readFileSync(path.join(lock, 'holder.json'), 'utf8'))).toEqual(live);
    // The one judged, still there: removed.
    rmSync(lock, { recursive: true, force: true });
    leaveLock(dead, 0);
    takeOverLock(lock, dead);
    expect(existsSync(lock)).toBe(false);
  });
});
