/**
 * What a refused save (409: the file changed since it was opened) tells the user, three-way: from
 * the version they opened (the base), what someone else changed (`changed`), and which of those
 * places they changed too, to something else (`conflicts`). Without the base (not sent, not in the
 * history) it falls back to every place where the saved file and the user's edit differ.
 * Paths are dotted ("blocks.2.heading"); list items are compared by position.
 */
import { parse } from 'yaml';
import { changedPaths, isObject, type Json, jsonEqual } from './yaml/json.ts';

export interface ConflictReport {
  message: string;
  current: { text: string; version: string };
  /** Paths someone else changed since the base (or, when `threeWay` is false, every difference). */
  changed: string[];
  /** Paths both sides changed, to different values. */
  conflicts: string[];
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
    `Someone else saved ${what(file)} since you opened it and changed ${n === 1 ? 'a field' : `${n} fields`} that you changed too. Review their changes, then save again.`,
};

function parsed(text: string): Json | undefined {
  try {
    return parse(text) as Json;
  } catch {
    return undefined;
  }
}

function valueAt(value: Json | undefined, path: string): Json | undefined {
  let at: Json | undefined = value;
  for (const key of path ? path.split('.') : []) {
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isObject(at)) at = at[key];
    else return undefined;
  }
  return at;
}

/** One path lies within the other (or they are the same place). */
const overlaps = (a: string, b: string) =>
  a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`) || a === '' || b === '';

export function conflictReport(
  file: string,
  current: { text: string; version: string },
  mine: Json,
  baseText: string | undefined,
): ConflictReport {
  const theirs = parsed(current.text);
  const base = baseText === undefined ? undefined : parsed(baseText);
  if (base === undefined) {
    return {
      message: conflictMessages.differs(file),
      current,
      changed: theirs === undefined ? [] : changedPaths(theirs, mine),
      conflicts: [],
      threeWay: false,
    };
  }
  const changed = changedPaths(base, theirs);
  const mineChanged = changedPaths(base, mine);
  const conflicts = changed.filter(
    (path) =>
      mineChanged.some((m) => overlaps(path, m)) && !jsonEqual(valueAt(theirs, path), valueAt(mine, path)),
  );
  return {
    message: conflicts.length
      ? conflictMessages.sameFields(file, conflicts.length)
      : conflictMessages.elsewhere(file),
    current,
    changed,
    conflicts,
    threeWay: true,
  };
}
