/**
 * Turns a request's fields into the values the rule functions check: only the form's own fields
 * (plus the honeypot), text only, trimmed, no control characters.
 */
import { HONEYPOT_FIELD } from '../../src/forms/rules.ts';
import { serverMessages } from './messages.ts';

/**
 * The honeypot: a field the forms render hidden from people (off-screen, aria-hidden, tabindex -1,
 * autocomplete off). Bots filling every input give it a value; such a submission is answered 200
 * with the usual success message and stored nowhere.
 */
export { HONEYPOT_FIELD };

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: single-line fields refuse line breaks too
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f]/;

export class FieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldError';
  }
}

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
    const pattern = multiline.includes(f) ? CONTROL : CONTROL_OR_NEWLINE;
    const trimmed = v.trim();
    if (pattern.test(trimmed)) throw new FieldError(serverMessages.controlCharacters);
    values[f] = trimmed;
  }
  return { values, bot: typeof honeypot === 'string' && honeypot.trim() !== '' };
}
