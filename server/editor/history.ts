/**
 * Content history in git: when the content folder is in a git work tree, every save is a commit
 * of that one file (other changes in the tree are left alone), authored by the staff member.
 * When it is not, saving still works and the history says how to turn it on.
 */
import { type SimpleGit, simpleGit } from 'simple-git';
import { versionOf } from './contentStore.ts';

export interface Person {
  name: string;
  email: string;
}

export interface Version {
  commit: string;
  name: string;
  email: string;
  date: string;
  subject: string;
}

export const HISTORY_OFF_MESSAGE =
  'History is off because the content folder is not a git repository. To keep every saved version, run `git init` in the content folder (and restart the server).';

const SEP = '\x1f';

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

  /** Commits one file as it is now on disk; returns the commit, or null when history is off. */
  async commit(file: string, author: Person, subject: string): Promise<string | null> {
    if (!(await this.enabled())) return null;
    const clean = (s: string) => s.replace(/[<>\n\r]/g, '').trim() || 'unknown';
    author = { name: clean(author.name), email: clean(author.email) };
    // The staff member is the author and, since the server commits on their behalf, the committer.
    const git = simpleGit({
      baseDir: this.root,
      config: [`user.name=${author.name}`, `user.email=${author.email}`],
    });
    await git.add(['--', file]);
    const status = await git.raw(['diff', '--cached', '--name-only', '--', file]);
    if (!status.trim()) return null; // the text did not change
    await git.raw([
      'commit',
      '--quiet',
      '--no-verify',
      '-m',
      subject,
      `--author=${author.name} <${author.email}>`,
      '--only',
      '--',
      file,
    ]);
    return (await git.revparse(['HEAD'])).trim();
  }

  async versions(file: string, limit = 100): Promise<Version[]> {
    if (!(await this.enabled())) return [];
    let out: string;
    try {
      out = await this.git.raw([
        'log',
        `-n${limit}`,
        `--format=%H${SEP}%an${SEP}%ae${SEP}%aI${SEP}%s`,
        '--',
        file,
      ]);
    } catch {
      return []; // no commit yet
    }
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [commit = '', name = '', email = '', date = '', subject = ''] = line.split(SEP);
        return { commit, name, email, date, subject };
      });
  }

  async lastChange(file: string): Promise<{ name: string; date: string } | null> {
    const [last] = await this.versions(file, 1);
    return last ? { name: last.name, date: last.date } : null;
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
