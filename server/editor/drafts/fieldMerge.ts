/**
 * When a commit reaches the live branch some other way (a developer's commit on main) and git
 * cannot merge it into the drafts line by line, the editor's field-level merge (merge.ts) is tried
 * on each file both changed: a draft that changed the heading and a commit that changed the
 * description merge cleanly, as two saves of one page do. Only a field both changed, differently,
 * is a real conflict; it is named by the form's labels, and the person publishing decides it: the
 * live words (the default: nothing is written over them unasked) or the draft's (`keepDraft`).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { fieldName } from '../changeSummary.ts';
import { conflictKey, mergeThreeWay } from '../merge.ts';
import type { Json } from '../yaml/json.ts';
import { writeYaml } from '../yaml/writeYaml.ts';
import { git } from './gitRun.ts';

/** A field both the drafts and the live branch changed, differently. */
export interface FieldClash {
  file: string;
  /** The field by the form's labels ("Heading in Page hero"). */
  field: string;
  /** Its key for a decision (merge.ts conflictKey; '' for a whole file, which no decision settles). */
  key: string;
  /** Its words on the live branch and in the draft. */
  live: string;
  draft: string;
}

/** The draft's words chosen over the live branch's, per file, by field key (a person decided). */
export type KeepDraft = Record<string, readonly string[]>;

const words = (value: unknown): string =>
  value === undefined || value === null
    ? '(empty)'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
const wholeFile = (file: string): FieldClash => ({
  file,
  field: 'the whole file',
  key: '',
  live: '',
  draft: '',
});

const stage = async (dir: string, n: 1 | 2 | 3, file: string): Promise<string | undefined> =>
  git(dir, 'show', `:${n}:${file}`).catch(() => undefined);

/**
 * Resolves a merge stopped by conflicts in `dir`, field by field. Answers the clashes left (none:
 * every conflicted file was written merged and added, and the merge may be committed).
 */
export async function resolveByFields(
  dir: string,
  keepDraft: KeepDraft = {},
  /** Clashes a person settled for the live words (the merge takes them for any clash). */
  keepLive: readonly FieldClash[] = [],
): Promise<FieldClash[]> {
  const conflicted = (await git(dir, 'diff', '--name-only', '--diff-filter=U')).split('\n').filter(Boolean);
  const clashes: FieldClash[] = [];
  for (const file of conflicted) {
    const [base, draft, live] = [
      await stage(dir, 1, file),
      await stage(dir, 2, file),
      await stage(dir, 3, file),
    ];
    // A file added, deleted or not YAML on one side: not something fields can settle.
    if (base === undefined || draft === undefined || live === undefined || !file.endsWith('.yaml')) {
      clashes.push(wholeFile(file));
      continue;
    }
    let merged: Json;
    try {
      const kept = new Set(keepDraft[file] ?? []);
      const result = mergeThreeWay(parse(base) as Json, parse(live) as Json, parse(draft) as Json, kept);
      const settled = new Set(keepLive.filter((c) => c.file === file).map((c) => c.key));
      const open = result.conflicts.filter((c) => !settled.has(conflictKey(c.path)));
      if (open.length) {
        const data = parse(draft) as unknown;
        for (const c of open)
          clashes.push({
            file,
            field: fieldName(file, data, c.path),
            key: conflictKey(c.path),
            live: words(c.theirs),
            draft: words(c.mine),
          });
        continue;
      }
      merged = result.merged;
    } catch {
      clashes.push(wholeFile(file));
      continue;
    }
    // Written into the draft's text, so its comments and layout stay and only the merged fields differ.
    writeFileSync(path.join(dir, file), writeYaml(draft, merged));
    await git(dir, 'add', '--', file);
  }
  return clashes;
}

/** The words of the clashes, for a refusal: "Heading in Page hero (pages/about.yaml)". */
export const clashWords = (clashes: readonly FieldClash[]): string =>
  clashes.map((c) => `${c.field} (${c.file})`).join('; ');
