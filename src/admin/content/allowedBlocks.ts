/**
 * Which block types a page may hold: those pages of its kind already use (a career page takes a
 * job's blocks, the home page its hero...). Pages of no particular kind take any block used on
 * more than one kind of page. Derived from the site itself, so a new block type becomes available
 * where it is first placed by a developer.
 */
import type { PageKind } from './api.ts';
import { kindOfFile } from './kinds.ts';
import { blockTypes } from './schemaForms.ts';

const TYPE_LINE = /^\s*-\s+type:\s*["']?([A-Za-z]+)/gm;

export function allowedBlockTypes(files: ReadonlyMap<string, string>, kind: PageKind): string[] {
  const kindsOf = new Map<string, Set<PageKind>>();
  for (const [file, text] of files) {
    if (!file.startsWith('pages/')) continue;
    const k = kindOfFile(file);
    for (const m of text.matchAll(TYPE_LINE)) {
      const type = m[1] ?? '';
      if (!kindsOf.has(type)) kindsOf.set(type, new Set());
      kindsOf.get(type)?.add(k);
    }
  }
  return blockTypes.filter((t) => {
    const kinds = kindsOf.get(t);
    if (!kinds) return false;
    return kinds.has(kind) || (kind === 'other' && kinds.size > 1);
  });
}
