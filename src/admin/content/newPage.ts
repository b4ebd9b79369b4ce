/** A new page starts as a copy of a page of the same kind, at an address made from its title. */
import type { Data } from './document.ts';

/** "Fleet Tracking & GPS!" -> "fleet-tracking-gps" (the characters an address may hold). */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The folder of a page's address: "/services/iot" -> "/services"; "/about" -> "". */
export function folderOf(path: string): string {
  return path.replace(/\/[^/]*$/, '');
}

export function addressFor(sourcePath: string, title: string): string {
  return `${folderOf(sourcePath)}/${slugOf(title)}`;
}

/** What the address box does, truthfully: follow the title, or keep what the user typed. */
export function addressHint(path: string, typed: boolean): string {
  if (typed)
    return `The page will be at ${path}. You typed this address; empty the box to make it follow the title again.`;
  return path
    ? `The address follows the title: the page will be at ${path}.`
    : 'The address follows the title.';
}

export function fileFor(path: string): string {
  return `pages${path}.yaml`;
}

const ADDRESS = /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)$/;

/** Why the address cannot be used, or null. `taken` holds every path and alias of the site. */
export function addressProblem(path: string, taken: ReadonlyMap<string, string>): string | null {
  if (!ADDRESS.test(path))
    return 'An address starts with / and holds only lower-case letters, digits and hyphens (e.g. /services/fleet-tracking).';
  const owner = taken.get(path);
  if (owner) return `The address "${path}" is already used by ${owner}. Choose another.`;
  return null;
}

/**
 * The copy: new address and title, no aliases (they belong to the original). Its listing takes the
 * title too and drops the original's shorter menu name, or the menu would show the original's name
 * twice (the menu falls back to the listing's title). It goes to the end of its list (`nextOrder`):
 * the validator refuses two pages of one list with the same `order`.
 */
export function copyPage(source: Data, path: string, title: string, nextOrder?: number): Data {
  const { aliases: _aliases, ...rest } = source;
  const copy: Data = { ...rest, path, title };
  if (copy.listing && typeof copy.listing === 'object') {
    const { menuLabel: _menuLabel, ...listing } = copy.listing as Data;
    copy.listing = { ...listing, title, ...(nextOrder !== undefined && { order: nextOrder }) };
  }
  return copy;
}

/** One more than the largest `listing.order` among the pages of `collection` (1 for an empty list). */
export function nextOrderIn(pages: readonly Data[], collection: unknown): number {
  let max = 0;
  for (const page of pages) {
    const listing = page.listing as Data | undefined;
    const order = listing?.order;
    if (listing?.collection === collection && typeof order === 'number') max = Math.max(max, order);
  }
  return max + 1;
}
