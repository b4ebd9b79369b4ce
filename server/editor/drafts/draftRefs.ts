/**
 * A ref per page's draft (issue 35): `refs/drafts/<file>`, e.g.
 * `refs/drafts/pages/careers/qa-engineer.yaml`, is one commit on top of what is live whose only
 * change is that page's draft (with the files changed together with it: the pages a Change address
 * updated, its redirects, its pictures). A developer can `git diff main refs/drafts/…`, check one
 * out, or merge it, and see exactly what Publish this page would take live, without another page's
 * draft in it.
 *
 * The editor still saves to the one `drafts` branch (draftsFolder.ts): the preview of a page must
 * show the site with every draft in it (a new page another draft links to), and every write path
 * works in one worktree. The refs are made from that branch after each change to it, in the same
 * write, so they are never a second truth: a ref whose draft has not changed is left as it is (its
 * commit carries a Draft-State line saying what it was made from), one whose draft is gone (published,
 * discarded) is deleted. With CONTENT_REMOTE they are pushed with the branch in one atomic push
 * (sharedRepository.ts), so the shared repository's refs always match its drafts branch.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { type DraftGroup, draftGroups } from './draftChanges.ts';

const run = promisify(execFile);

export const DRAFT_REFS = 'refs/drafts/';
const STATE = 'Draft-State';

/** git with its input and environment, as the refs are made (plumbing commands). */
async function gitWith(
  cwd: string,
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<string> {
  const child = run('git', ['-c', 'core.quotePath=false', ...args], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...options.env },
  });
  if (options.input !== undefined) child.child.stdin?.end(options.input);
  const { stdout } = await child;
  return stdout.replace(/\n$/, '');
}

/**
 * The ref of a draft: named after its page (a new page before a changed one before one removed),
 * else site.yaml, else its first file. A file belongs to one draft, so no two drafts share a name.
 */
export function draftRefOf(group: DraftGroup): string {
  const rank = (change: string) => (change === 'new' ? 0 : change === 'changed' ? 1 : 2);
  const pages = group.files
    .filter((f) => /^pages\/.+\.ya?ml$/.test(f.file))
    .sort((a, b) => rank(a.change) - rank(b.change) || a.file.localeCompare(b.file));
  const key =
    pages[0]?.file ??
    group.files.find((f) => f.file === 'site.yaml')?.file ??
    group.files[0]?.file ??
    'draft';
  return DRAFT_REFS + refPathOf(key);
}

/**
 * `file` as git takes it in a ref name (git check-ref-format), one to one: a byte git refuses, or
 * could misread, is written %XX (% itself too), so two files never share a name and the name
 * reads back to the file. Letters, digits, '-', '_' and '/' stay; a '.' stays except at the start or
 * end of a part, after another '.', or before "lock" at the end.
 */
export function refPathOf(file: string): string {
  const percentOf = (char: string) =>
    [...Buffer.from(char, 'utf8')]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  return file
    .split('/')
    .map((part) =>
      [...part]
        .map((char, i, chars) => {
          if (/[A-Za-z0-9_-]/.test(char)) return char;
          if (char !== '.') return percentOf(char);
          const plain =
            i > 0 && i < chars.length - 1 && chars[i - 1] !== '.' && chars.slice(i + 1).join('') !== 'lock';
          return plain ? char : percentOf(char);
        })
        .join(''),
    )
    .join('/');
}

interface TreeEntry {
  mode: string;
  blob: string;
}

/**
 * Makes the refs of the drafts in worktree folder `draftsDir` match its drafts against the live
 * commit `live`: each draft's ref made or moved when its draft (or what is live) changed, the refs
 * of drafts that are gone deleted. Answers the refs it changed.
 */
export async function refreshDraftRefs(draftsDir: string, live: string): Promise<string[]> {
  const groups = await draftGroups(draftsDir, live);
  const head = await gitWith(draftsDir, ['rev-parse', 'HEAD']);
  const files = groups.flatMap((g) => g.files.map((f) => f.file));
  // Each changed file as it is on the drafts branch, by its path from the repository's top.
  const prefix = await gitWith(draftsDir, ['rev-parse', '--show-prefix']);
  const onDrafts = new Map<string, TreeEntry>();
  if (files.length)
    for (const entry of (
      await gitWith(draftsDir, ['ls-tree', '-r', '-z', '--full-name', head, '--', ...files])
    ).split('\0')) {
      const tab = entry.indexOf('\t');
      if (tab < 0) continue;
      const [mode = '', , blob = ''] = entry.slice(0, tab).split(' ');
      onDrafts.set(entry.slice(tab + 1), { mode, blob });
    }

  const existing = new Map<string, string>(); // ref → the state it was made from
  const listed = await gitWith(draftsDir, [
    'for-each-ref',
    '--format=%(refname)%00%(contents)%00',
    DRAFT_REFS,
  ]);
  for (const record of `${listed}\n`.split('\0\n').filter((r) => r.includes('\0'))) {
    const [ref = '', message = ''] = record.split('\0');
    existing.set(ref, new RegExp(`^${STATE}: (\\S+)$`, 'm').exec(message)?.[1] ?? '');
  }

  const made: string[] = [];
  const wanted = new Set<string>();
  const stream: string[] = [];
  for (const group of groups) {
    const ref = draftRefOf(group);
    wanted.add(ref);
    const entries = group.files
      .map(({ file }) => {
        const full = prefix + file;
        return { full, entry: onDrafts.get(full) };
      })
      .sort((a, b) => a.full.localeCompare(b.full));
    const state = createHash('sha256')
      .update(live)
      .update(
        entries.map(({ full, entry }) => `${full} ${entry ? `${entry.mode} ${entry.blob}` : '-'}`).join('\n'),
      )
      .digest('hex')
      .slice(0, 40);
    if (existing.get(ref) === state) continue;
    stream.push(commitOf(ref, live, entries, group, state));
    made.push(ref);
  }
  // The refs of drafts that are gone first: a new ref may take a name one of them had a folder of.
  const gone = [...existing.keys()].filter((ref) => !wanted.has(ref));
  if (gone.length)
    await gitWith(draftsDir, ['update-ref', '--stdin'], {
      input: gone.map((ref) => `delete ${ref}\n`).join(''),
    });
  // Every ref made in one process (git fast-import), whatever the number of drafts: after a Publish
  // moves what is live, each draft's ref is made again.
  if (stream.length)
    await gitWith(draftsDir, ['fast-import', '--quiet', '--force', '--done'], {
      input: `${stream.join('')}done\n`,
    });
  return [...made, ...gone];
}

/** A path as fast-import reads it: quoted when it holds a quote or a line break. */
const pathOf = (file: string) =>
  /["\n\\]/.test(file) ? `"${file.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"` : file;

/**
 * The fast-import commands of one draft's commit: what is live with only this draft's files, as
 * the drafts branch has them, by the person who made its latest change.
 */
function commitOf(
  ref: string,
  live: string,
  entries: readonly { full: string; entry: TreeEntry | undefined }[],
  group: DraftGroup,
  state: string,
): string {
  const names = entries.map((e) => e.full).join(', ');
  const message = [
    `Draft of ${names.length > 100 ? `${names.slice(0, 99)}…` : names}`,
    '',
    `Unpublished changes by ${group.by.join(', ') || 'the editor'}${group.since ? `, since ${group.since}` : ''}. Publish this page in the editor takes exactly this live.`,
    '',
    `${STATE}: ${state}`,
    '',
  ].join('\n');
  const now = Math.floor(Date.now() / 1000);
  const at = group.at ? Math.floor(Date.parse(group.at) / 1000) : now;
  const who = (group.by[0] ?? 'Site editor').replace(/[<>\n]/g, '');
  return [
    `commit ${ref}`,
    `author ${who} <editor@localhost> ${at} +0000`,
    `committer Site editor <editor@localhost> ${now} +0000`,
    `data ${Buffer.byteLength(message)}`,
    message,
    `from ${live}`,
    ...entries.map(({ full, entry }) =>
      entry ? `M ${entry.mode} ${entry.blob} ${pathOf(full)}` : `D ${pathOf(full)}`,
    ),
    '',
    '',
  ].join('\n');
}
