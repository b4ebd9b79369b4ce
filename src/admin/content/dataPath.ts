/** Reading and replacing one value deep inside the editor's data, without touching the rest. */
import type { Segment } from './validation.ts';

export function valueAt(data: unknown, path: readonly Segment[]): unknown {
  let at = data;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** `data` with the value at `path` replaced (removed when `value` is undefined); a new object. */
export function withValueAt(data: unknown, path: readonly Segment[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (Array.isArray(data) && typeof key === 'number') {
    const copy = [...data];
    const next = withValueAt(copy[key], rest, value);
    if (next === undefined) copy.splice(key, 1);
    else copy[key] = next;
    return copy;
  }
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const next = withValueAt(record[key], rest, value);
  const { [key]: _old, ...others } = record;
  return next === undefined ? others : { ...record, [key]: next };
}

/** JSON equality; an object's key order does not matter (the server writes in the file's order). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b))
    return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && sameData(ra[k], rb[k]));
}
