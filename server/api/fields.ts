/**
 * Turns a request's fields into the values the rule functions check: only the form's own fields
 * (plus the honeypot), text only, trimmed, no control or invisible characters.
 */
import { firstInvisible } from '../../src/forms/characters.ts';
import { HONEYPOT_FIELD } from '../../src/forms/rules.ts';
import { serverMessages } from './messages.ts';

/**
 * The honeypot: a field the forms render hidden from people (off-screen, aria-hidden, tabindex -1,
 * autocomplete off). Bots filling every input give it a value; such a submission is answered 200
 * with the usual success message and stored nowhere.
 */
export { HONEYPOT_FIELD };

export class FieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldError';
  }
}

/** Why a character may not be in a field; undefined when it may. */
export type RefusedKind = 'control' | 'lineBreak' | 'invisible';

/**
 * Besides controls (C0, DEL, C1), invisible characters are refused: what src/forms/characters.ts
 * calls invisible (Default_Ignorable_Code_Point, format characters, fillers, line and paragraph
 * separators). Bidi controls can make an email address or a name read differently in the inbox
 * ("Trojan Source" style); fillers make a name render blank; zero-width characters make
 * equal-looking values differ. The zero-width joiner and non-joiner between visible characters
 * stay: Kannada, Malayalam and Devanagari spellings and emoji sequences need them.
 * Staff read these values in emails, CSV files and the inbox, so none of them is stored.
 */
const isControl = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/**
 * The first reason `value` may not be stored, or undefined. Multiline fields may hold line breaks
 * (\n or \r\n; never a lone \r, a new line to some programs and not to others) and tabs; other
 * fields neither. Unpaired surrogates (not text at all) count as control characters.
 */
export function refusedCharacter(value: string, multiline: boolean): RefusedKind | undefined {
  const control = firstControl(value, multiline);
  const invisible = firstInvisible(value);
  if (control && (invisible === undefined || control.at <= invisible)) return control.kind;
  return invisible === undefined ? undefined : 'invisible';
}

/** The first control character or line break (and its code-point index), if any. */
function firstControl(value: string, multiline: boolean): { kind: RefusedKind; at: number } | undefined {
  let at = 0; // code-point index, comparable with firstInvisible's
  for (let i = 0; i < value.length; i++, at++) {
    const code = value.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) {
      if (!multiline) return { kind: 'lineBreak', at };
      if (code === 0x0d && value.charCodeAt(i + 1) !== 0x0a) return { kind: 'control', at };
      continue;
    }
    if (code === 0x09 && multiline) continue;
    if (isControl(code)) return { kind: 'control', at };
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return { kind: 'control', at };
      i++; // a well-formed pair: one character outside the BMP
    } else if (code >= 0xdc00 && code <= 0xdfff) return { kind: 'control', at };
  }
  return undefined;
}

const MESSAGE_OF: Record<RefusedKind, string> = {
  control: serverMessages.controlCharacters,
  lineBreak: serverMessages.lineBreak,
  invisible: serverMessages.invisibleCharacters,
};

/**
 * Checks a flat record of raw values against the form's field list. `multiline` fields may hold
 * line breaks and tabs. Missing fields become '' (the rule functions then answer "required").
 * Returns trimmed values, and whether the honeypot was filled.
 */
export function cleanFields<F extends string>(
  raw: unknown,
  fields: readonly F[],
  multiline: readonly F[] = [],
): { values: Record<F, string>; bot: boolean } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new FieldError(serverMessages.badRequest);
  const input = raw as Record<string, unknown>;
  const known = new Set<string>([...fields, HONEYPOT_FIELD]);
  for (const key of Object.keys(input))
    if (!known.has(key)) throw new FieldError(serverMessages.unknownField);
  const honeypot = input[HONEYPOT_FIELD];
  if (honeypot !== undefined && typeof honeypot !== 'string') throw new FieldError(serverMessages.notText);
  const values = {} as Record<F, string>;
  for (const f of fields) {
    const v = input[f] ?? '';
    if (typeof v !== 'string') throw new FieldError(serverMessages.notText);
    // Checked after trimming: what trim() removes at the ends (spaces, a stray final newline, a
    // leading U+FEFF) is dropped rather than refused, and is not stored either way.
    const trimmed = v.trim();
    const refused = refusedCharacter(trimmed, multiline.includes(f));
    if (refused) throw new FieldError(MESSAGE_OF[refused]);
    values[f] = trimmed;
  }
  return { values, bot: typeof honeypot === 'string' && honeypot.trim() !== '' };
}
