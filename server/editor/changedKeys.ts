/**
 * Which top-level keys of a file each version in its history changed, so that Site settings lists,
 * for one of its sections, the versions that changed something there (src/admin/content/
 * siteSections.ts maps the keys to sections). Worked out from the texts before and after each
 * version, all read with one git call, and remembered per commit (a commit never changes).
 */
import { parse } from 'yaml';
import type { ContentHistory, Version } from './history.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parsed(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return {};
  try {
    const data = parse(text) as unknown;
    return isObject(data) ? data : data == null ? {} : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The top-level keys whose values differ between two texts of a file (undefined text: no file).
 * When either text cannot be read as YAML, every key of both (the version may have changed any).
 */
export function changedTopLevelKeys(before: string | undefined, after: string | undefined): string[] {
  if (before === after) return [];
  const a = parsed(before);
  const b = parsed(after);
  if (!a || !b) {
    const keys = (text: string | undefined) =>
      [...(text ?? '').matchAll(/^([A-Za-z$][\w$]*):/gm)].map((m) => m[1] ?? '');
    return [...new Set([...keys(before), ...keys(after)])];
  }
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

const remembered = new Map<string, string[]>();
const REMEMBER_AT_MOST = 5000;

/** The versions with `keys`: the top-level keys each one changed in `file`. */
export async function withChangedKeys(
  history: ContentHistory,
  file: string,
  versions: Version[],
): Promise<(Version & { keys: string[] })[]> {
  const id = (commit: string) => `${file}\n${commit}`;
  const unknown = versions.filter((v) => !remembered.has(id(v.commit)));
  if (unknown.length) {
    const texts = await history.textsAt(
      file,
      unknown.flatMap((v) => [v.commit, `${v.commit}^`]),
    );
    unknown.forEach((v, i) => {
      if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
      remembered.set(id(v.commit), changedTopLevelKeys(texts[2 * i + 1], texts[2 * i]));
    });
  }
  return versions.map((v) => ({ ...v, keys: remembered.get(id(v.commit)) ?? [] }));
}
