/**
 * A page's own name, as people call it: its `listing.title` (its card and menu name), else its
 * first heading; never the search title ("Graphic Designer (Remote) | Careers"), which is written
 * for search results. The page list and the history's commit messages use it.
 */
import { parse } from 'yaml';

export interface PageData {
  path?: unknown;
  title?: unknown;
  listing?: { title?: unknown } | null;
  blocks?: unknown;
}

/** The page file's data, or null when it is not YAML of a page (the validator says why). */
export function parsedPage(text: string): PageData | null {
  try {
    const data = parse(text) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as PageData) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function pageNameOf(data: PageData | null): string | undefined {
  if (!data) return undefined;
  const listed = text(data.listing?.title);
  if (listed) return listed;
  if (Array.isArray(data.blocks))
    for (const block of data.blocks as { heading?: unknown; title?: unknown }[]) {
      const heading = text(block?.heading) ?? text(block?.title);
      if (heading) return heading;
    }
  // No listing and no heading: the search title without what the site adds after " | ".
  return text(data.title)?.split(' | ')[0];
}
