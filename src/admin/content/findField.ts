/** Click-to-edit: which value of a block the clicked words come from. */
import type { Segment } from './validation.ts';

function leaves(data: unknown, path: Segment[] = []): { path: Segment[]; text: string }[] {
  if (typeof data === 'string') return [{ path, text: data }];
  if (Array.isArray(data)) return data.flatMap((item, i) => leaves(item, [...path, i]));
  if (data && typeof data === 'object')
    return Object.entries(data).flatMap(([k, v]) => (k === 'type' ? [] : leaves(v, [...path, k])));
  return [];
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The path of the value whose text the clicked element shows: the exact text first, then the
 * longest value contained in it (a heading with an icon), then one that contains it (a paragraph
 * the component split). Pictures are found by their file name.
 */
export function findField(data: unknown, clickedText: string, imageSrc?: string): Segment[] | null {
  const all = leaves(data);
  if (imageSrc) {
    const byImage = all.find((l) => l.text && imageSrc.endsWith(l.text));
    if (byImage) return byImage.path;
  }
  const text = norm(clickedText);
  if (!text) return null;
  const exact = all.find((l) => norm(l.text) === text);
  if (exact) return exact.path;
  const contained = all
    .filter((l) => l.text.length > 2 && text.includes(norm(l.text)))
    .sort((a, b) => b.text.length - a.text.length)[0];
  if (contained) return contained.path;
  const containing = all.find((l) => norm(l.text).includes(text));
  return containing?.path ?? null;
}
