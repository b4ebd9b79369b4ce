/**
 * What is unpublished: the content files that differ between the drafts branch and what is live,
 * grouped into drafts. A file's draft is the chain of commits since its text was last the live
 * one; files changed by one commit together (Change address: the page, the pages linking to it,
 * redirects.yaml) are one draft, published or discarded as one, and a page's own pictures belong to
 * its draft. Each draft says who made its changes and when the last one was.
 */
import { uploadFolderOf } from '../../../src/content/pictureUse.ts';
import { git } from './gitRun.ts';

/** What git calls the content: the files a build reads. */
export const CONTENT_PATHS = ['site.yaml', 'redirects.yaml', 'pages', 'public'] as const;

export type FileChange = 'new' | 'changed' | 'removed';

export interface DraftFile {
  file: string;
  change: FileChange;
}

export interface DraftGroup {
  files: DraftFile[];
  /** Who made the draft's changes, the latest first. */
  by: string[];
  /** When the latest of them was made (ISO 8601); null when git's log does not reach it. */
  at: string | null;
  /** When the first of them was made (the draft began); null when git's log does not reach it. */
  since: string | null;
}

const NO_BLOB = '0'.repeat(40);
/** How far back the log is read for who made a draft. */
const WINDOW = 2000;
const SEP = '\x1f';

interface Commit {
  name: string;
  date: string;
}

/** The drafts of the worktree folder `draftsDir` against the live commit `live`. */
export async function draftGroups(draftsDir: string, live: string): Promise<DraftGroup[]> {
  const changed = (
    await git(
      draftsDir,
      'diff',
      '--no-renames',
      '--name-only',
      '-z',
      '--relative',
      live,
      'HEAD',
      '--',
      ...CONTENT_PATHS,
    )
  )
    .split('\0')
    .filter(Boolean);
  if (!changed.length) return [];
  const liveBlobs = new Map<string, string>();
  for (const entry of (await git(draftsDir, 'ls-tree', '-r', '-z', live, '--', ...changed)).split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab > 0) liveBlobs.set(entry.slice(tab + 1), entry.slice(0, tab).split(' ')[2] ?? NO_BLOB);
  }
  const draftBlobs = new Set(
    (await git(draftsDir, 'ls-tree', '-r', '-z', '--name-only', 'HEAD', '--', ...changed)).split('\0'),
  );

  // Each file's chain: the commits since its text was last the live one, newest first.
  const chains = new Map<string, Commit[]>(changed.map((f) => [f, []]));
  const pending = new Set(changed);
  const commitFiles = new Map<string, string[]>();
  const log = await git(
    draftsDir,
    'log',
    `-n${WINDOW}`,
    '--no-renames',
    // The drafts branch's own line: a merge of the live branch counts as one change (its texts are
    // live ones, so a file's draft starts after it), never as the commits it brought in.
    '--first-parent',
    '--diff-merges=first-parent',
    '--raw',
    '--no-abbrev',
    '--relative',
    `--format=${SEP}%H${SEP}%an${SEP}%aI`,
    'HEAD',
    '--',
    ...changed,
  );
  let commit: (Commit & { id: string }) | undefined;
  for (const line of log.split('\n')) {
    if (line.startsWith(SEP)) {
      const [, id = '', name = '', date = ''] = line.split(SEP);
      commit = { id, name, date };
      continue;
    }
    const raw = /^:\d+ \d+ ([0-9a-f]+) ([0-9a-f]+) \w+\t(.+)$/.exec(line);
    if (!raw || !commit) continue;
    const [, before = '', after = '', file = ''] = raw;
    if (!pending.has(file)) continue;
    const liveBlob = liveBlobs.get(file) ?? NO_BLOB;
    if (after === liveBlob) {
      pending.delete(file); // from here back, the file was as it is live
      continue;
    }
    chains.get(file)?.push(commit);
    commitFiles.set(commit.id, [...(commitFiles.get(commit.id) ?? []), file]);
    if (before === liveBlob) pending.delete(file);
  }

  // Files changed by one commit are one draft; a page's pictures join the page's draft.
  const parent = new Map(changed.map((f) => [f, f]));
  const find = (f: string): string => {
    const p = parent.get(f) ?? f;
    if (p === f) return f;
    const root = find(p);
    parent.set(f, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  for (const files of commitFiles.values()) for (const f of files.slice(1)) join(f, files[0] as string);
  const pageFiles = changed.filter((f) => f === 'site.yaml' || /^pages\/.+\.ya?ml$/.test(f));
  for (const page of pageFiles) {
    const folder = `${uploadFolderOf(page).folder}/`;
    for (const f of changed) if (f.startsWith(folder)) join(f, page);
  }

  const groups = new Map<string, DraftGroup>();
  for (const file of changed) {
    const key = find(file);
    const group = groups.get(key) ?? { files: [], by: [], at: null, since: null };
    groups.set(key, group);
    group.files.push({
      file,
      change: !liveBlobs.has(file) ? 'new' : draftBlobs.has(file) ? 'changed' : 'removed',
    });
    for (const c of chains.get(file) ?? []) {
      if (!group.by.includes(c.name)) group.by.push(c.name);
      if (!group.at || Date.parse(c.date) > Date.parse(group.at)) group.at = c.date;
      if (!group.since || Date.parse(c.date) < Date.parse(group.since)) group.since = c.date;
    }
  }
  // The newest draft first; `by` as met in the log (newest first) per file, which is close enough.
  const time = (g: DraftGroup) => (g.at ? Date.parse(g.at) : 0);
  return [...groups.values()].sort((a, b) => time(b) - time(a));
}

/** The drafts holding any of `files`; every draft when `files` is undefined. */
export function draftsOf(groups: readonly DraftGroup[], files: readonly string[] | undefined): DraftGroup[] {
  return files === undefined
    ? [...groups]
    : groups.filter((g) => g.files.some((f) => files.includes(f.file)));
}
