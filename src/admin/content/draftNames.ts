/** What a file of a draft is called in the editor: a page by its name, the rest by what it is. */
import type { DraftChange, DraftGroup, PageSummary } from './api.ts';
import { nameOf } from './kinds.ts';

export function draftFileName(file: string, pages: readonly PageSummary[]): string {
  if (file === 'site.yaml') return 'Site settings';
  if (file === 'redirects.yaml') return 'Redirects';
  if (file.startsWith('public/')) return `Picture ${file.split('/').pop() ?? file}`;
  const page = pages.find((p) => p.file === file);
  return page ? nameOf(page) : file;
}

export const changeWords: Record<DraftChange, string> = {
  new: 'new, not on the site yet',
  changed: 'changed',
  removed: 'removed',
};

/** "Home page and 2 more": how a draft is named in a sentence. */
export function draftName(group: DraftGroup, pages: readonly PageSummary[]): string {
  const [first, ...rest] = group.files;
  if (!first) return 'A draft';
  const name = draftFileName(first.file, pages);
  return rest.length ? `${name} and ${rest.length} more` : name;
}
