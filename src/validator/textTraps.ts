/**
 * A `#` after a space starts a comment in YAML, even in the middle of a text written without
 * quotes: `title: Rated #1 in Bangalore` shows "Rated". Nothing fails, so the text is silently cut
 * short; the validator says so where a comment follows a plain text value on the same line of a
 * free-text field (a comment after a name, a number or a path is a real comment).
 */
import { placeOf } from './errorMessages.ts';
import { schemaAt } from './schemaAt.ts';
import type { JsonSchema, SchemaFile } from './schemas.ts';
import type { ContentError } from './types.ts';
import type { CommentedValue, YamlFile } from './yamlFile.ts';

/** A field a writer types words into: text with no fixed form (not a name, a path or a date). */
export function isFreeText(schema: JsonSchema | undefined): boolean {
  const s = schema ?? {};
  if (s.type !== 'string') return false;
  return !['enum', 'const', 'pattern', 'format', 'siteLink', 'siteImage'].some((k) => k in s);
}

export interface CommentTraps {
  /** Texts cut short by a comment (they still validate: a warning). */
  warnings: ContentError[];
  /** The errors of the file, where an empty value is explained by the "#" that emptied it. */
  errors: ContentError[];
}

export function commentTraps(
  yf: YamlFile,
  schemas: readonly SchemaFile[],
  rootSchema: string,
  errors: readonly ContentError[],
): CommentTraps {
  const warnings: ContentError[] = [];
  let explained = [...errors];
  for (const cv of yf.commentedValues) {
    const place = { file: yf.file, line: cv.line, column: cv.column, ...placeOf(cv.segments) };
    const { where } = place;
    if (cv.value === null) {
      const message = emptiedBy(cv);
      const code = 'value-emptied-by-comment';
      const own = explained.filter((e) => e.file === yf.file && e.where === where);
      if (own.length)
        explained = explained.map((e) => (own.includes(e) ? { ...e, ...place, code, message } : e));
      else if (/^\S/.test(cv.comment)) warnings.push({ ...place, code, message });
      continue;
    }
    if (!cv.plain || typeof cv.value !== 'string') continue;
    if (!isFreeText(schemaAt(schemas, rootSchema, yf.data, cv.segments))) continue;
    warnings.push({ ...place, code: 'text-cut-by-comment', message: cutShort(cv, cv.value) });
  }
  return { warnings, errors: explained };
}

function keyOf(cv: CommentedValue): string {
  const last = cv.segments.at(-1);
  return typeof last === 'string' ? `${last}: ` : '- ';
}

function cutShort(cv: CommentedValue, value: string): string {
  const whole = `${value} #${cv.comment}`.trim();
  return `This text ends at " #": YAML reads "#${cv.comment.trim()}" as a comment, so the page shows only "${value}". If it belongs to the text, put the whole text in double quotes: ${keyOf(cv)}"${whole.replace(/"/g, '\\"')}". (A note for editors belongs on a line of its own.)`;
}

/** `- #33f` or `color: #fff`: the value is nothing but a comment. */
function emptiedBy(cv: CommentedValue): string {
  const written = `#${cv.comment.trim()}`;
  return `This value is empty: YAML reads "${written}" as a comment because "#" follows a space. Put the value in double quotes: ${keyOf(cv)}"${written.replace(/"/g, '\\"')}".`;
}
