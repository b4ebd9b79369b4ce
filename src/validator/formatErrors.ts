/** Prints validation errors the way editors and terminals link them: file:line:column. */
import type { ContentError } from './types.ts';

export function formatError(e: ContentError): string {
  return `${e.file}:${e.line}:${e.column}${e.where ? `  ${e.where}` : ''}\n  ${e.message}`;
}

export function formatErrors(errors: readonly ContentError[]): string {
  const n = errors.length;
  return `${errors.map(formatError).join('\n\n')}\n\n${n} problem${n === 1 ? '' : 's'} found in the site content.`;
}

/** Warnings do not fail anything; they are printed so an editor sees them. */
export function formatWarnings(warnings: readonly ContentError[]): string {
  const n = warnings.length;
  return `${warnings.map(formatError).join('\n\n')}\n\n${n} warning${n === 1 ? '' : 's'} (the content is still valid).`;
}

/** One problem as `--format json` prints it. The fields are documented in README, "Validation". */
export interface ProblemRecord {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** The name or line the message proposes ("bulletGrid", "# yaml-language-server: ..."), or null. */
  suggestion: string | null;
}

/** What the message proposes to write, when it proposes one thing. */
export function suggestionOf(message: string): string | null {
  const patterns = [
    /Did you mean "([^"]+)"\?/,
    /(?:Add this as its first line|Change the line to):\n\s*(.+)$/,
    /Write this line as: (.+)$/,
    /Type straight quotes instead: (.+)$/,
    /put the whole text in double quotes: (.+?)\. \(/,
    /Put the value in double quotes: (.+)\.$/,
    /double quotes instead: ("[^\n]*?") \(or/,
    /Change (?:it|the path) to "([^"]+)"/,
    /Use a secure address: "([^"]+)"/,
    /Rename "[^"]+" to "([^"]+)"/,
    /e\.g\. (\d+)\.$/,
    /Write a date that exists, e\.g\. "([^"]+)"/,
    /write (\S+) without quotes/,
  ];
  for (const p of patterns) {
    const m = p.exec(message);
    if (m?.[1]) return m[1];
  }
  return null;
}

export function toProblemRecords(
  errors: readonly ContentError[],
  warnings: readonly ContentError[],
): ProblemRecord[] {
  const record = (e: ContentError, severity: ProblemRecord['severity']): ProblemRecord => ({
    file: e.file,
    line: e.line,
    column: e.column,
    severity,
    code: e.code ?? 'invalid',
    message: e.message,
    suggestion: suggestionOf(e.message),
  });
  return [...errors.map((e) => record(e, 'error')), ...warnings.map((w) => record(w, 'warning'))];
}

/** GitHub Actions escapes: a message may span lines; a property may not contain "," or ":". */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * GitHub Actions workflow commands: a pull request shows each problem on its line. `pathOf` turns
 * a content path into the repository path GitHub knows (they differ when the content is a subfolder).
 */
export function formatGithub(
  errors: readonly ContentError[],
  warnings: readonly ContentError[],
  pathOf: (file: string) => string = (f) => f,
): string {
  const command = (kind: 'error' | 'warning', e: ContentError) =>
    `::${kind} file=${escapeProperty(pathOf(e.file))},line=${e.line},col=${e.column},title=${escapeProperty(e.code ?? 'invalid')}::${escapeData(e.message)}`;
  return [...errors.map((e) => command('error', e)), ...warnings.map((w) => command('warning', w))].join(
    '\n',
  );
}
