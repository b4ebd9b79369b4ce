/**
 * Which old list item each new list item continues, so an edit keeps the comments and layout of
 * the items it did not touch: equal items first (longest common subsequence), then items that
 * moved, then changed items paired in order within the stretch between unchanged ones.
 */
import { isObject, type Json, jsonEqual } from './json.ts';

/** For each new item, the index of the old item it continues, or null for a new item. */
export function matchItems(old: readonly Json[], next: readonly Json[]): (number | null)[] {
  const n = old.length;
  const m = next.length;
  // lcs(i, j): length of the longest common subsequence of old[i..] and next[j..].
  const table = new Int32Array((n + 1) * (m + 1));
  const lcs = (i: number, j: number) => table[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * (m + 1) + j] = jsonEqual(old[i], next[j])
        ? lcs(i + 1, j + 1) + 1
        : Math.max(lcs(i + 1, j), lcs(i, j + 1));
  const result: (number | null)[] = new Array(m).fill(null);
  const used = new Set<number>();
  const anchors: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (jsonEqual(old[i], next[j])) {
      result[j] = i;
      used.add(i);
      anchors.push([i, j]);
      i++;
      j++;
    } else if (lcs(i + 1, j) >= lcs(i, j + 1)) i++;
    else j++;
  }
  // Moved items: an equal old item elsewhere.
  for (let j = 0; j < m; j++) {
    if (result[j] !== null) continue;
    for (let i = 0; i < n; i++)
      if (!used.has(i) && jsonEqual(old[i], next[j])) {
        result[j] = i;
        used.add(i);
        break;
      }
  }
  // Changed items: pair leftovers in order within each stretch between anchors.
  const bounds: [number, number][] = [[-1, -1], ...anchors, [n, m]];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const [oa, na] = bounds[k] as [number, number];
    const [ob, nb] = bounds[k + 1] as [number, number];
    const olds: number[] = [];
    for (let i = oa + 1; i < ob; i++) if (!used.has(i)) olds.push(i);
    for (let j = na + 1; j < nb && olds.length; j++) {
      if (result[j] !== null) continue;
      const nj = next[j] as Json;
      let at = olds.findIndex((i) => similar(old[i] as Json, nj));
      if (at < 0) at = olds.findIndex((i) => sameKind(old[i] as Json, nj));
      if (at < 0) continue;
      const i = olds.splice(0, at + 1)[at] as number;
      result[j] = i;
      used.add(i);
    }
  }
  // Changed and moved: any leftover old item of the same kind (a block of the same type).
  for (let j = 0; j < m; j++) {
    if (result[j] !== null) continue;
    for (let i = 0; i < n; i++)
      if (!used.has(i) && similar(old[i] as Json, next[j] as Json)) {
        result[j] = i;
        used.add(i);
        break;
      }
  }
  return result;
}

/** Two items are versions of one another: same kind, and for blocks the same `type`. */
function similar(a: Json, b: Json): boolean {
  if (isObject(a) && isObject(b)) return a.type === b.type;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  return !isObject(a) && !isObject(b);
}

function sameKind(a: Json, b: Json): boolean {
  const kind = (v: Json) => (Array.isArray(v) ? 'list' : isObject(v) ? 'map' : 'scalar');
  return kind(a) === kind(b);
}
