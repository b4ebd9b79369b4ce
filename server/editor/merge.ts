/**
 * The three-way merge of a save made on an older version of a file: `base` is what the user
 * opened, `theirs` the file as it is now, `mine` what the user sends. Field by field:
 *
 * - a field only one side changed takes that side's value, so two people editing different
 *   fields both keep their work, with no question asked;
 * - list items are matched by their content (matchItems, the same matching the YAML writer uses),
 *   not by their position, so a bullet inserted by one person does not shift another's edit;
 *   items either side added are kept, each after the item it followed;
 * - an item one side removed and the other left alone is removed; an item one side removed and
 *   the other edited is kept (nothing anyone wrote is dropped silently);
 * - a field both changed, to different values, is a conflict: the user decides, field by field.
 *   `keepMine` holds the conflicts already decided for the user's value (by `conflictKey`);
 *   an undecided conflict holds their value in `merged`, which is then not to be written.
 *
 * Paths are in the user's data (`mine`): the editor finds the field there to show the choice.
 */
import { isObject, type Json, jsonEqual } from './yaml/json.ts';
import { matchItems } from './yaml/matchItems.ts';

export type FieldPath = (string | number)[];

export interface FieldConflict {
  /** Where the field is in the user's data. */
  path: FieldPath;
  /** The value now in the file (undefined: they removed it). */
  theirs: Json | undefined;
  /** The user's value (undefined: the user removed it). */
  mine: Json | undefined;
}

export interface MergeResult {
  merged: Json;
  /** Fields both sides changed to different values, not yet decided for mine. */
  conflicts: FieldConflict[];
}

/** The one name of a field's place, as the editor sends it back with a decision. */
export const conflictKey = (path: FieldPath): string => JSON.stringify(path);

type Value = Json | undefined;

export function mergeThreeWay(
  base: Json,
  theirs: Json,
  mine: Json,
  keepMine: ReadonlySet<string> = new Set(),
): MergeResult {
  const conflicts: FieldConflict[] = [];
  const merged = mergeValue(base, theirs, mine, [], { keepMine, conflicts });
  return { merged: merged === undefined ? null : merged, conflicts };
}

interface Run {
  keepMine: ReadonlySet<string>;
  conflicts: FieldConflict[];
}

function mergeValue(base: Value, theirs: Value, mine: Value, path: FieldPath, run: Run): Value {
  if (same(theirs, mine)) return theirs;
  if (same(base, theirs)) return mine;
  if (same(base, mine)) return theirs;
  if (isObject(theirs) && isObject(mine) && (base === undefined || isObject(base)))
    return mergeObject(base ?? {}, theirs, mine, path, run);
  if (Array.isArray(theirs) && Array.isArray(mine) && (base === undefined || Array.isArray(base)))
    return mergeList(base ?? [], theirs, mine, path, run);
  if (run.keepMine.has(conflictKey(path))) return mine;
  run.conflicts.push({ path, theirs, mine });
  return theirs;
}

function same(a: Value, b: Value): boolean {
  return a === undefined || b === undefined ? a === b : jsonEqual(a, b);
}

function mergeObject(
  base: { [key: string]: Json },
  theirs: { [key: string]: Json },
  mine: { [key: string]: Json },
  path: FieldPath,
  run: Run,
): Json {
  const out: { [key: string]: Json } = {};
  // Mine's key order first (the editor's), then keys only they have.
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])) {
    const value = mergeValue(base[key], theirs[key], mine[key], [...path, key], run);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function mergeList(base: Json[], theirs: Json[], mine: Json[], path: FieldPath, run: Run): Json[] {
  const theirsFrom = matchItems(base, theirs);
  const mineFrom = matchItems(base, mine);
  const theirsOf = inverse(theirsFrom);
  const mineOf = inverse(mineFrom);

  // Mine's items in mine's order, each merged with their version of it.
  interface Slot {
    value: Json;
  }
  const out: Slot[] = [];
  /** Which slot holds each base item, to place their additions after their neighbours. */
  const slotOfBase = new Map<number, Slot>();
  mine.forEach((item, k) => {
    const b = mineFrom[k];
    if (b === null || b === undefined) {
      out.push({ value: item });
      return;
    }
    const t = theirsOf.get(b);
    const value =
      t === undefined
        ? // They removed it: gone, unless the user changed it.
          jsonEqual(base[b], item)
          ? undefined
          : item
        : mergeValue(base[b], theirs[t], item, [...path, k], run);
    if (value === undefined) return;
    const slot = { value };
    out.push(slot);
    slotOfBase.set(b, slot);
  });

  // Their additions, and items the user removed that they changed: after the item they follow.
  let previous = null as Slot | null;
  const unclaimed = new Set(out.filter((_, k) => mineFrom[k] === null));
  theirs.forEach((item, t) => {
    const b = theirsFrom[t];
    const keptByMine = b !== null && b !== undefined ? slotOfBase.get(b) : undefined;
    if (keptByMine) {
      previous = keptByMine;
      return;
    }
    const removedByMine = b !== null && b !== undefined && !mineOf.has(b);
    if (removedByMine && jsonEqual(base[b], item)) return;
    // Both added the same item: once.
    const twin = [...unclaimed].find((slot) => jsonEqual(slot.value, item));
    if (twin) {
      unclaimed.delete(twin);
      previous = twin;
      return;
    }
    const slot = { value: item };
    const at: number = previous ? out.indexOf(previous) + 1 : 0;
    out.splice(at, 0, slot);
    previous = slot;
  });
  return out.map((slot) => slot.value);
}

function inverse(match: readonly (number | null)[]): Map<number, number> {
  const map = new Map<number, number>();
  match.forEach((from, to) => {
    if (from !== null) map.set(from, to);
  });
  return map;
}
