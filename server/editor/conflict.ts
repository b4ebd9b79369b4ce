/**
 * A save made on an older version of a file (its version is not the file's now). With the text
 * the user opened (the base: sent by the editor, or found in the history), the save is merged
 * field by field (merge.ts): what only one side changed is kept, and the merged value is written.
 * Only fields both sides changed, to different values, stop it: 409 with each such field, their
 * value and the user's, for the user to decide field by field (then sent back as `keepMine`).
 * Without the base nothing can be merged: 409 with every place where the file and the user's
 * edit differ. A restore over a newer save is reported the same way (never merged).
 */
import { parse } from 'yaml';
import { conflictKey, type FieldConflict, mergeThreeWay } from './merge.ts';
import { changedPaths, type Json } from './yaml/json.ts';

export interface ConflictReport {
  message: string;
  current: { text: string; version: string };
  /** Dotted paths someone else changed since the base (or, when `threeWay` is false, every difference). */
  changed: string[];
  /** Fields both sides changed, to different values, at their place in the user's data. */
  conflicts: FieldConflict[];
  /** Whether the base was found, so that `changed` holds only the other person's changes. */
  threeWay: boolean;
}

const what = (file: string) => (file === 'site.yaml' ? 'the site settings' : 'this page');

export const conflictMessages = {
  /** The base is unknown: the user is told what differs. */
  differs: (file: string) =>
    `Someone else saved ${what(file)} since you opened it. Review their changes, then save again.`,
  elsewhere: (file: string) =>
    `Someone else saved ${what(file)} since you opened it. They changed other fields than you did. Review their changes, then save again.`,
  sameFields: (file: string, n: number) =>
    `Someone else saved ${what(file)} since you opened it and changed ${n === 1 ? 'a field' : `${n} fields`} that you changed too. Choose, for ${n === 1 ? 'it' : 'each'}, whose words to keep.`,
};

function parsed(text: string): Json | undefined {
  try {
    return parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The user's decisions, valid only for the version they were made against. */
export interface Decisions {
  /** The file's version the user saw the conflicts of. */
  seen: string;
  /** conflictKey of each field decided for the user's value ("Keep mine"). */
  keepMine: readonly string[];
}

export type MergeOutcome = { merged: Json } | { report: ConflictReport };

/** The value to write for a save made on an older version, or the report that refuses it. */
export function mergeOrReport(
  file: string,
  current: { text: string; version: string },
  mine: Json,
  baseText: string | undefined,
  decisions?: Decisions,
): MergeOutcome {
  const base = baseText === undefined ? undefined : parsed(baseText);
  const theirs = parsed(current.text);
  if (base === undefined || theirs === undefined)
    return { report: conflictReport(file, current, mine, baseText) };
  const keepMine = new Set(decisions?.seen === current.version ? decisions.keepMine : []);
  const { merged, conflicts } = mergeThreeWay(base, theirs, mine, keepMine);
  if (!conflicts.length) return { merged };
  return {
    report: {
      message: conflictMessages.sameFields(file, conflicts.length),
      current,
      changed: changedPaths(base, theirs),
      conflicts,
      threeWay: true,
    },
  };
}

/** What differs, without merging (a restore over a newer save, or no base to merge from). */
export function conflictReport(
  file: string,
  current: { text: string; version: string },
  mine: Json,
  baseText: string | undefined,
): ConflictReport {
  const theirs = parsed(current.text);
  const base = baseText === undefined ? undefined : parsed(baseText);
  if (base === undefined || theirs === undefined) {
    return {
      message: conflictMessages.differs(file),
      current,
      changed: theirs === undefined ? [] : changedPaths(theirs, mine),
      conflicts: [],
      threeWay: false,
    };
  }
  const { conflicts } = mergeThreeWay(base, theirs, mine);
  return {
    message: conflicts.length
      ? conflictMessages.sameFields(file, conflicts.length)
      : conflictMessages.elsewhere(file),
    current,
    changed: changedPaths(base, theirs),
    conflicts,
    threeWay: true,
  };
}

export { conflictKey };
