/**
 * Content history in git: when the content folder is in a git work tree, every save is a commit
 * of that one file (other changes in the tree are left alone), authored by the staff member.
 * When it is not, saving still works and the history says how to turn it on.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type SimpleGit, simpleGit } from 'simple-git';
import { versionOf } from './contentStore.ts';

export interface Person {
  name: string;
  email: string;
}

/** Who a change is recorded as when the staff member's name or email is not known (a script, a test). */
export const UNNAMED_STAFF: Person = { name: 'Staff member', email: 'staff@localhost' };

export interface Version {
  commit: string;
  name: string;
  email: string;
  date: string;
  subject: string;
  /** The commit's body, line by line: the fields the save changed, with their old and new words. */
  changes: string[];
}

export const HISTORY_OFF_MESSAGE =
  'History is off because the content folder is not a git repository. To keep every saved version, run `git init` in the content folder (and restart the server).';

export interface LastChange {
  name: string;
  date: string;
}

const SEP = '\x1f';
/** Ends each commit in `git log` output: a commit's body has lines of its own. */
const END = '\x1e';

export class ContentHistory {
  private git: SimpleGit;
  private prefix: string | undefined;
  private checked: Promise<boolean> | undefined;

  constructor(private readonly root: string) {
    this.git = simpleGit({ baseDir: root });
  }

  /** Whether the content folder is in a git work tree (asked once). */
  enabled(): Promise<boolean> {
    this.checked ??= (async () => {
      try {
        if (!(await this.git.checkIsRepo())) return false;
        this.prefix = (await this.git.revparse(['--show-prefix'])).trim();
        return true;
      } catch {
        return false;
      }
    })();
    return this.checked;
  }

  /**
   * Commits a file (or several, as one change) as it is now on disk (a file no longer there: its
   * deletion); returns the commit, or null when history is off or nothing changed.
   */
  async commit(file: string | readonly string[], author: Person, subject: string): Promise<string | null> {
    const files = typeof file === 'string' ? [file] : [...file];
    if (!(await this.enabled())) return null;
    const clean = (s: string) => s.replace(/[<>\n\r]/g, '').trim() || 'unknown';
    author = { name: clean(author.name), email: clean(author.email) };
    // The staff member is the author and, since the server commits on their behalf, the committer.
    const git = simpleGit({
      baseDir: this.root,
      config: [`user.name=${author.name}`, `user.email=${author.email}`],
    });
    for (const f of files) {
      if (existsSync(path.join(this.root, f))) await git.add(['--', f]);
      else await git.raw(['rm', '--cached', '--quiet', '--ignore-unmatch', '--', f]);
    }
    const status = await git.raw(['diff', '--cached', '--name-only', '--', ...files]);
    if (!status.trim()) return null; // the text did not change
    try {
      await git.raw([
        'commit',
        '--quiet',
        '--no-verify',
        '-m',
        subject,
        `--author=${author.name} <${author.email}>`,
        '--only',
        '--',
        ...files,
      ]);
    } catch (error) {
      // Not left staged: `git status` would show a change as if on its way in, and a developer's
      // next plain `git commit` would take it in under their name.
      await git.raw(['reset', '--quiet', '--', ...files]).catch(() => undefined);
      throw error;
    }
    return (await git.revparse(['HEAD'])).trim();
  }

  /** git's answer to `args`, run in the content folder (history on: check `enabled` first). */
  raw(args: string[]): Promise<string> {
    return this.git.raw(['-c', 'core.quotePath=false', ...args]);
  }

  /** The commits of `file`, newest first; with `also`, those of these paths too (a page's picture folder). */
  async versions(file: string, limit = 100, also: readonly string[] = []): Promise<Version[]> {
    if (!(await this.enabled())) return [];
    let out: string;
    try {
      out = await this.git.raw([
        'log',
        `-n${limit}`,
        `--format=%H${SEP}%an${SEP}%ae${SEP}%aI${SEP}%s${SEP}%b${END}`,
        '--',
        file,
        ...also,
      ]);
    } catch {
      return []; // no commit yet
    }
    return out
      .split(END)
      .map((record) => record.replace(/^\n+/, ''))
      .filter(Boolean)
      .map((record) => {
        const [commit = '', name = '', email = '', date = '', subject = '', body = ''] = record.split(SEP);
        const changes = body.split('\n').filter((line) => line.trim());
        return { commit, name, email, date, subject, changes };
      });
  }

  async lastChange(file: string): Promise<LastChange | null> {
    const [last] = await this.versions(file, 1);
    return last ? { name: last.name, date: last.date } : null;
  }

  /**
   * The last change of each of `files` (all in `folder`), with one `git log` over the folder's
   * latest `window` commits rather than one per file (the page list asks for about 30). A file
   * last changed before that window is asked for on its own.
   */
  async lastChanges(folder: string, files: string[], window = 2000): Promise<Map<string, LastChange | null>> {
    const found = new Map<string, LastChange | null>();
    if (!(await this.enabled())) return new Map(files.map((f) => [f, null]));
    let out = '';
    try {
      out = await this.git.raw([
        '-c',
        'core.quotePath=false',
        'log',
        `-n${window}`,
        '--relative',
        '--name-only',
        `--format=${SEP}%an${SEP}%aI`,
        '--',
        folder,
      ]);
    } catch {
      // no commit yet: every file is looked up (and found without history) below
    }
    let change: LastChange | undefined;
    let commits = 0;
    for (const line of out.split('\n')) {
      if (line.startsWith(SEP)) {
        const [, name = '', date = ''] = line.split(SEP);
        change = { name, date };
        commits++;
      } else if (line && change && !found.has(line)) found.set(line, change);
    }
    // When the log ended before the window did, a file it did not name has no commit at all.
    const complete = out !== '' && commits < window;
    const wanted = new Map<string, LastChange | null>();
    for (const file of files)
      wanted.set(file, found.get(file) ?? (complete ? null : await this.lastChange(file)));
    return wanted;
  }

  /**
   * The file's text as it was at `version` (contentStore's versionOf: a hash of the bytes), looked
   * for in its last `limit` commits, newest first; undefined when none has it. The version a user
   * opened is usually the newest commit or the one before, so this asks git once or twice.
   */
  async textOfVersion(file: string, version: string, limit = 50): Promise<string | undefined> {
    for (const { commit } of await this.versions(file, limit)) {
      const text = await this.textAt(file, commit);
      if (text !== undefined && versionOf(text) === version) return text;
    }
    return undefined;
  }

  /**
   * The file's text at each of `revisions` (a commit, or a commit followed by `^` for its parent),
   * with one `git cat-file --batch` for all of them; undefined where that revision has no such file.
   */
  async textsAt(file: string, revisions: readonly string[]): Promise<(string | undefined)[]> {
    if (!revisions.length || !(await this.enabled())) return revisions.map(() => undefined);
    if (revisions.some((r) => !/^[0-9a-f]{7,40}\^?$/i.test(r))) return revisions.map(() => undefined);
    const out = await new Promise<Buffer>((resolve, reject) => {
      const child = spawn('git', ['cat-file', '--batch'], { cwd: this.root });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`git cat-file ended with ${code}`)),
      );
      child.stdin.end(revisions.map((r) => `${r}:${this.prefix ?? ''}${file}\n`).join(''));
    });
    const texts: (string | undefined)[] = [];
    let at = 0;
    for (let i = 0; i < revisions.length; i++) {
      const end = out.indexOf(0x0a, at);
      if (end < 0) break;
      const header = out.subarray(at, end).toString('utf8');
      at = end + 1;
      const found = /^\S+ (\w+) (\d+)$/.exec(header);
      if (!found) {
        texts.push(undefined); // "<name> missing"
        continue;
      }
      const size = Number(found[2]);
      texts.push(found[1] === 'blob' ? out.subarray(at, at + size).toString('utf8') : undefined);
      at += size + 1;
    }
    while (texts.length < revisions.length) texts.push(undefined);
    return texts;
  }

  /** The file's text at a commit, or undefined when that commit does not have it. */
  async textAt(file: string, commit: string): Promise<string | undefined> {
    if (!/^[0-9a-f]{7,40}$/i.test(commit) || !(await this.enabled())) return undefined;
    try {
      return await this.git.show([`${commit}:${this.prefix ?? ''}${file}`]);
    } catch {
      return undefined;
    }
  }
}
