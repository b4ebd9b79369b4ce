/** How the page list groups pages: the kinds the server reports, in the order staff think of them. */
import type { PageKind, PageSummary } from './api.ts';

export const KIND_GROUPS: { kind: PageKind; heading: string }[] = [
  { kind: 'home', heading: 'Home' },
  { kind: 'product', heading: 'Products' },
  { kind: 'service', heading: 'Services' },
  { kind: 'career', heading: 'Careers' },
  { kind: 'other', heading: 'Other pages' },
];

/** What people call a page: its own name (src/content/pageEntry.ts). */
export const nameOf = (page: PageSummary): string => page.name;

/** The pages whose name, search title or address holds every word typed (any case, any order). */
export function matchingPages(pages: readonly PageSummary[], query: string): PageSummary[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...pages];
  return pages.filter((page) => {
    const haystack = [nameOf(page), page.title, page.path, page.file].join(' ').toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export function groupByKind(
  pages: readonly PageSummary[],
): { kind: PageKind; heading: string; pages: PageSummary[] }[] {
  return KIND_GROUPS.map((g) => ({
    ...g,
    pages: pages.filter((p) => p.kind === g.kind).sort((a, b) => nameOf(a).localeCompare(nameOf(b))),
  })).filter((g) => g.pages.length > 0);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "24 Nov 2026, 14:05" in the reader's time (the text as is when it is no time). */
export function dateTimeText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** "Priya, 24 Nov 2026, 14:05" — or a plain note when the server keeps no history. */
export function describeChange(change: PageSummary['lastChange']): string {
  if (!change) return 'No recorded change';
  return `${change.name}, ${dateTimeText(change.date)}`;
}
