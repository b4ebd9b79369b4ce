/**
 * Which characters a form value may hold, decided by Unicode properties rather than a list, and how
 * many characters a visitor can see (for the "at least N characters" rules). Browser-safe: the
 * server's field cleaning (server/api/fields.ts) and the rules (rules.ts) share it.
 *
 * Refused, wherever they stand: every Default_Ignorable_Code_Point (zero-width spaces, word joiners,
 * soft hyphens, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, combining grapheme joiner,
 * Mongolian vowel separator, tags, …), every format character (\p{Cf}: bidi marks, embeddings,
 * overrides and isolates, the interlinear annotation characters U+FFF9–U+FFFB, musical beam
 * controls, …) and the Unicode line and paragraph separators. They make a value render blank or
 * read differently in staff's inbox, emails and CSV files, and make equal-looking values differ.
 *
 * Kept where writing needs them:
 * - the zero-width non-joiner and joiner (U+200C, U+200D) between two visible characters: Kannada,
 *   Malayalam and Devanagari spellings (क्‍ष) and emoji sequences (👨‍👩‍👧, ❤️‍🔥);
 * - a variation selector right after a visible character (❤️, the emoji presentation);
 * - the tag characters of a subdivision flag (🏴 + tags + cancel tag: England, Scotland, Wales).
 */

const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Something a reader sees: a letter, mark, digit, symbol or punctuation that is not ignorable. */
const VISIBLE = /[\p{L}\p{M}\p{N}\p{S}\p{P}]/u;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
const isTag = (code: number): boolean => code >= 0xe0020 && code <= 0xe007e;
const isVariationSelector = (code: number): boolean =>
  (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef);

const isIgnorable = (c: string): boolean => IGNORABLE.test(c);
const isVisible = (c: string | undefined): boolean => c !== undefined && VISIBLE.test(c) && !isIgnorable(c);

/** The length of a well-formed subdivision-flag tag run starting at `i` (tags, then cancel), or 0. */
function flagTagsAt(chars: readonly string[], i: number): number {
  let j = i;
  while (j < chars.length && isTag(chars[j]?.codePointAt(0) ?? 0)) j++;
  return j > i && chars[j]?.codePointAt(0) === CANCEL_TAG ? j - i + 1 : 0;
}

/**
 * The code-point index of the first character of `value` that may not be stored because it is
 * invisible, or undefined when there is none.
 */
export function firstInvisible(value: string): number | undefined {
  const chars = Array.from(value);
  // What the previous character was: a visible one, an accepted variation selector, or neither.
  let previous: 'visible' | 'selector' | 'other' = 'other';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    const code = c.codePointAt(0) ?? 0;
    if (!isIgnorable(c)) {
      previous = isVisible(c) ? 'visible' : 'other';
      if (code === BLACK_FLAG) {
        const tags = flagTagsAt(chars, i + 1);
        i += tags; // the flag's tags belong to it; what follows sees a visible flag before it
      }
      continue;
    }
    if (isVariationSelector(code) && previous === 'visible') {
      previous = 'selector';
      continue;
    }
    if ((code === ZWJ || code === ZWNJ) && previous !== 'other' && isVisible(chars[i + 1])) {
      previous = 'other';
      continue;
    }
    return i;
  }
  return undefined;
}

export const hasInvisible = (value: string): boolean => firstInvisible(value) !== undefined;

/**
 * `value` with every character firstInvisible would refuse taken out, for text the visitor does not
 * type into a form (an uploaded file's name), where refusing would lose the upload over a label.
 */
export function withoutInvisible(value: string): string {
  let chars = Array.from(value);
  for (let i = firstInvisible(chars.join('')); i !== undefined; i = firstInvisible(chars.join(''))) {
    chars = [...chars.slice(0, i), ...chars.slice(i + 1)];
  }
  return chars.join('');
}

/**
 * How many characters a reader sees: code points that are not ignorable (the joiners, selectors and
 * flag tags accepted above add nothing to it; an emoji counts one, a line break one).
 */
export function visibleLength(value: string): number {
  let n = 0;
  for (const c of value.replace(/\r\n/g, '\n')) if (!isIgnorable(c)) n++;
  return n;
}
