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
