/**
 * The preview follows the form: which field has the keyboard (from its rjsf id), and which element
 * of the preview shows that field's words or picture, so the preview can scroll to it and outline
 * it. The reverse of findField.ts (click in the preview, focus the field).
 */
import type { Segment } from './validation.ts';

/** The field of a block that has the keyboard; `path` is null for a block's own buttons. */
export interface PreviewFocus {
  blockKey: string;
  path: Segment[] | null;
}

/** The block field an element of the form belongs to (its id is `<block key>_<path>`, validation.ts fieldId). */
export function focusOfElement(target: Element | null): PreviewFocus | null {
  const holder = target?.closest('[data-block-key]');
  const blockKey = holder?.getAttribute('data-block-key');
  if (!target || !blockKey) return null;
  const id = target.id;
  if (!id.startsWith(`${blockKey}_`)) return { blockKey, path: null };
  const path = id
    .slice(blockKey.length + 1)
    .split('_')
    .map((part): Segment => (/^\d+$/.test(part) ? Number(part) : part));
  return { blockKey, path };
}

/** A stable text of a focus, to compare two. */
export function focusName(focus: PreviewFocus | null): string {
  return focus ? `${focus.blockKey}:${focus.path?.join('.') ?? ''}` : '';
}

function valueAt(data: unknown, path: readonly Segment[]): unknown {
  let value: unknown = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const PICTURE = /\.(svg|png|jpe?g|webp|avif|gif)$/i;

/** The deepest element under `holder` whose words contain `text` (the first, of equals). */
function deepestWith(holder: Element, text: string): HTMLElement | null {
  let best = null as HTMLElement | null;
  let bestLength = Number.POSITIVE_INFINITY;
  for (const el of holder.querySelectorAll<HTMLElement>('*')) {
    if (el.closest('svg, style, script')) continue;
    const words = norm(el.textContent ?? '');
    const smaller = words.length < bestLength || (words.length === bestLength && best?.contains(el));
    if (smaller && words.includes(text)) {
      best = el;
      bestLength = words.length;
    }
  }
  return best;
}

/**
 * The element of a block's preview (`holder`, its `[data-block-key]` wrapper) that shows the value
 * at `path` of the block's `data`: the picture of a picture's address, the image of an alternative
 * text, else the smallest element holding the words (or, for words the component split, their
 * start). Null where nothing shows it (an empty box, a colour, a choice): the caller shows the block.
 */
export function previewElementFor(
  holder: Element,
  data: unknown,
  path: readonly Segment[],
): HTMLElement | null {
  const value = valueAt(data, path);
  if (typeof value !== 'string' || !value.trim()) return null;
  if (PICTURE.test(value.trim())) {
    const name = value.trim();
    for (const img of holder.querySelectorAll<HTMLImageElement>('img')) {
      const src = img.getAttribute('src') ?? '';
      let decoded = src;
      try {
        decoded = decodeURIComponent(src);
      } catch {
        // an address with a stray %: compared as it is
      }
      if (decoded.includes(name)) return img;
    }
    return null;
  }
  const text = norm(value);
  const inWords = deepestWith(holder, text);
  if (inWords) return inWords;
  for (const img of holder.querySelectorAll<HTMLImageElement>('img[alt]'))
    if (norm(img.alt) === text) return img;
  return startOf(holder, text);
}

/** Words the component split into parts (paragraphs, lines): the longest part that starts them. */
function startOf(holder: Element, text: string): HTMLElement | null {
  let best = null as HTMLElement | null;
  let bestLength = 7;
  for (const el of holder.querySelectorAll<HTMLElement>('*')) {
    const words = norm(el.textContent ?? '');
    const longer = words.length > bestLength || (words.length === bestLength && best?.contains(el));
    if (longer && text.startsWith(words)) {
      best = el;
      bestLength = words.length;
    }
  }
  return best;
}
