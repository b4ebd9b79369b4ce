/**
 * Rules across the pages that a schema cannot express: each address leads to one page, each page
 * has its own place in its list, a job posting closes after it is posted, a block goes only on the
 * kinds of page its type declares, a shortened menu leads to a page listing all it leaves out.
 */
import type { Page } from '../content/generated/content-types.ts';
import { kindOfFile, PAGE_KIND_WORDS, type PageKind } from '../content/pageKinds.ts';
import { placeOf } from './errorMessages.ts';
import { isCalendarDate } from './formats.ts';
import type { ContentError } from './types.ts';
import { type Claim, clashes } from './uniqueness.ts';
import type { YamlFile } from './yamlFile.ts';

/** The route a page file must declare: pages/index.yaml -> "/", pages/services/iot.yaml -> "/services/iot". */
export function expectedPathFor(relFile: string): string {
  const inner = relFile.replace(/^pages\//, '').replace(/\.ya?ml$/, '');
  if (inner === 'index') return '/';
  return `/${inner.replace(/\/index$/, '')}`;
}

/** The file that serves an address (the inverse of expectedPathFor): /about → pages/about.yaml. */
export function fileOfPath(route: string): string {
  return `pages/${route === '/' ? 'index' : route.slice(1)}.yaml`;
}

type Where = (string | number)[];

export interface AddressCheck {
  errors: ContentError[];
  /** Every address a page claims, with the page that keeps it. */
  routes: Map<string, string>;
}

/**
 * Paths that do not mirror their file, and addresses claimed twice. A clash is reported on the page
 * that introduced it (see uniqueness.ts), and the fix it names never moves an address that works.
 */
export function checkAddresses(
  pageYaml: ReadonlyMap<string, YamlFile>,
  files: readonly string[],
  changedAt: (file: string) => number | undefined,
): AddressCheck {
  const errors: ContentError[] = [];
  const claims: Claim<Where>[] = [];
  for (const [file, yf] of pageYaml) {
    // An empty file parses to null; the schema check has already said what is missing.
    const page = (yf.data ?? {}) as Page;
    // A path not in the form of an address has its own message from the schema.
    if (typeof page.path !== 'string' || !page.path.startsWith('/')) continue;
    const expected = expectedPathFor(file);
    claims.push({ file, key: page.path, rank: page.path === expected ? 0 : 2, detail: ['path'] });
    const aliases = Array.isArray(page.aliases) ? page.aliases : [];
    aliases.forEach((alias, i) => {
      if (typeof alias === 'string') claims.push({ file, key: alias, rank: 1, detail: ['aliases', i] });
    });
  }
  const lost = clashes(claims, files, changedAt);
  const routes = new Map<string, string>();
  for (const c of claims) if (!lost.some((l) => l.claim === c)) routes.set(c.key, c.file);

  for (const [file, yf] of pageYaml) {
    const page = (yf.data ?? {}) as Page;
    const expected = expectedPathFor(file);
    if (typeof page.path !== 'string' || !page.path.startsWith('/') || page.path === expected) continue;
    const owner = lost.find((l) => l.claim.file === file && l.claim.rank === 2)?.owner.file;
    errors.push({
      ...yf.locate(['path']),
      file,
      ...placeOf(['path']),
      code: owner ? 'duplicate-address' : 'path-mismatch',
      message: owner
        ? `The path "${page.path}" is the address of ${owner} (was this page copied from it?). Change it to "${expected}", the address of this file's place under pages/.`
        : `The path "${page.path}" does not match where the file is: ${fileOfPath(expected)} serves "${expected}". Change the path to "${expected}", or move the file to ${fileOfPath(page.path)}.`,
    });
  }
  for (const { claim, owner } of lost) {
    if (claim.rank === 2) continue; // said above, with the path to write
    const yf = pageYaml.get(claim.file);
    if (!yf) continue;
    const ownerRole = owner.rank === 1 ? 'as an alias' : 'as its path';
    const message =
      claim.rank === 1
        ? `The address "${claim.key}" already leads to ${owner.file} (${ownerRole}), so it cannot lead to this page too. Remove "${claim.key}" from this page's aliases (was it left from the page this one was copied from?).`
        : `${owner.file} and ${claim.file} both serve "${claim.key}". Keep one of the two files.`;
    errors.push({
      ...yf.locate(claim.detail),
      file: claim.file,
      ...placeOf(claim.detail),
      code: 'duplicate-address',
      message,
    });
  }
  return { errors, routes };
}

/** Two pages with the same `listing.order` in one collection would be listed in no fixed order. */
export function checkListingOrder(
  pageYaml: ReadonlyMap<string, YamlFile>,
  files: readonly string[],
  changedAt: (file: string) => number | undefined,
): ContentError[] {
  const claims: Claim<{ collection: string; order: number }>[] = [];
  for (const [file, yf] of pageYaml) {
    const listing = (yf.data as Partial<Page> | null)?.listing;
    if (!listing || typeof listing.collection !== 'string' || !Number.isInteger(listing.order)) continue;
    const detail = { collection: listing.collection, order: listing.order };
    claims.push({ file, key: `${detail.collection}\n${detail.order}`, rank: 0, detail });
  }
  const highest = new Map<string, number>();
  for (const c of claims)
    highest.set(c.detail.collection, Math.max(highest.get(c.detail.collection) ?? 0, c.detail.order));
  return clashes(claims, files, changedAt).flatMap(({ claim, owner }) => {
    const yf = pageYaml.get(claim.file);
    if (!yf) return [];
    const { collection, order } = claim.detail;
    // Each page told to move gets a number of its own, so following every message works.
    const free = (highest.get(collection) ?? order) + 1;
    highest.set(collection, free);
    const where = ['listing', 'order'];
    return [
      {
        ...yf.locate(where),
        file: claim.file,
        ...placeOf(where),
        code: 'duplicate-order',
        message: `Order ${order} is already taken in the ${collection} list by ${owner.file}, so the two would be listed in no fixed order. Give this page a number no other ${collection} page has, e.g. ${free}.`,
      },
    ];
  });
}

interface PostingDates {
  datePosted?: unknown;
  validThrough?: unknown;
}

/** A job posting that closes before it is posted. */
export function checkPostingDates(yf: YamlFile): ContentError[] {
  const blocks = (yf.data as Partial<Page> | null)?.blocks;
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block, i) => {
    const { datePosted, validThrough } = ((block as { posting?: PostingDates }).posting ??
      {}) as PostingDates;
    if (typeof datePosted !== 'string' || typeof validThrough !== 'string') return [];
    if (!isCalendarDate(datePosted) || !isCalendarDate(validThrough) || validThrough >= datePosted) return [];
    const where = ['blocks', i, 'posting', 'validThrough'];
    return [
      {
        ...yf.locate(where),
        file: yf.file,
        ...placeOf(where),
        code: 'posting-dates',
        message: `The posting closes on ${validThrough}, before it is posted (datePosted: ${datePosted}). Set validThrough to the last day applications are accepted, on or after ${datePosted}.`,
      },
    ];
  });
}

/**
 * A block on a kind of page its type does not declare (`pageKinds` in its schema): a job's tiles on
 * a service page, the home page's hero on a product page.
 */
export function checkBlockPlaces(
  yf: YamlFile,
  places: ReadonlyMap<string, readonly PageKind[]>,
): ContentError[] {
  const blocks = (yf.data as Partial<Page> | null)?.blocks;
  if (!Array.isArray(blocks)) return [];
  const kind = kindOfFile(yf.file);
  return blocks.flatMap((block, i) => {
    const type = (block as { type?: unknown } | null)?.type;
    const kinds = typeof type === 'string' ? places.get(type) : undefined;
    if (!kinds || kinds.includes(kind)) return [];
    const fits = [...places].filter(([, k]) => k.includes(kind)).map(([t]) => t);
    const where = ['blocks', i, 'type'];
    return [
      {
        ...yf.locate(where),
        file: yf.file,
        ...placeOf(where),
        code: 'block-not-allowed',
        message: `A "${type}" block cannot go on ${PAGE_KIND_WORDS[kind]}: its schema (schema/blocks/${type}.schema.json) lists "pageKinds": ${JSON.stringify(kinds)}. Use one of the types this page may hold (${fits.join(', ')}), or add "${kind}" to that list if the block suits this kind of page.`,
      },
    ];
  });
}

interface NavItemData {
  name?: unknown;
  submenu?:
    | { collection?: unknown; limit?: { count?: unknown; label?: unknown; link?: unknown } }
    | unknown[];
}

/** The block type a shortened menu's page needs (schema/blocks/collectionList.schema.json). */
const LIST_BLOCK = 'collectionList';

/** A page's blocks as written (possibly invalid): does one list every page of `collection`? */
function listsCollection(yf: YamlFile | undefined, collection: string): boolean {
  const blocks = (yf?.data as Partial<Page> | null | undefined)?.blocks;
  return (
    Array.isArray(blocks) &&
    blocks.some((b) => b?.type === LIST_BLOCK && (b as { collection?: unknown }).collection === collection)
  );
}

/** What to do about a missing list page: point at one that exists, or create one where the block may go. */
function missingPageFix(
  route: string,
  collection: string,
  lister: [string, string] | undefined,
  places: ReadonlyMap<string, readonly PageKind[]>,
): string {
  if (lister) return `Set link to "${lister[0]}": ${lister[1]} lists every ${collection} page.`;
  const block = `a ${LIST_BLOCK} block with collection: ${collection} (README, "How to add a page")`;
  const kind = kindOfFile(fileOfPath(route));
  if (places.get(LIST_BLOCK)?.includes(kind))
    return `Create ${fileOfPath(route)} (path: ${route}) holding ${block}, or set link to the address of a page that has one.`;
  const other = `/all-${collection}`;
  return `A ${LIST_BLOCK} block cannot go on ${PAGE_KIND_WORDS[kind]}, so set link to "${other}" and create ${fileOfPath(other)} (path: ${other}) holding ${block}.`;
}

/**
 * A header menu shortened by `limit` must lead, through its last entry, to a page that lists the
 * whole collection; otherwise the pages past the limit are in no menu. Reported on the entry's
 * `link` in site.yaml, with the fix: the page that already lists them, or the file to create.
 * `routes` is every address a page keeps (checkAddresses); `places` the kinds of page each block
 * type may go on (blockPlaces).
 */
export function checkMenuPages(
  site: YamlFile,
  pageYaml: ReadonlyMap<string, YamlFile>,
  routes: ReadonlyMap<string, string>,
  places: ReadonlyMap<string, readonly PageKind[]>,
): ContentError[] {
  const navigation = (site.data as { navigation?: unknown } | null)?.navigation;
  if (!Array.isArray(navigation)) return [];
  const sizes = new Map<string, number>();
  for (const yf of pageYaml.values()) {
    const collection = (yf.data as Partial<Page> | null)?.listing?.collection;
    if (typeof collection === 'string') sizes.set(collection, (sizes.get(collection) ?? 0) + 1);
  }
  return (navigation as NavItemData[]).flatMap((item, i) => {
    const submenu = item?.submenu;
    if (!submenu || Array.isArray(submenu)) return [];
    const { collection, limit } = submenu;
    const { count, label, link } = limit ?? {};
    // Values wrong in form have their own message from the schema; other links are checked as links.
    if (typeof collection !== 'string' || typeof count !== 'number' || !Number.isInteger(count)) return [];
    if (typeof link !== 'string' || !link.startsWith('/')) return [];
    const size = sizes.get(collection) ?? 0;
    const left = size - count;
    const route = link.split('#')[0] ?? link;
    const target = routes.get(route);
    if (target && (left <= 0 || listsCollection(pageYaml.get(target), collection))) return [];
    const lister = [...routes].find(([, file]) => listsCollection(pageYaml.get(file), collection));
    const menu = `The ${typeof item.name === 'string' ? item.name : collection} menu`;
    const entry = `"${String(label)}", leading to "${link}"`;
    const shown =
      left > 0
        ? `${menu} shows ${count} of the ${size} ${collection} pages, then ${entry}`
        : `${menu} lists all ${size} ${collection} pages today; once there are more than ${count}, it ends with ${entry}`;
    const where = ['navigation', i, 'submenu', 'limit', 'link'];
    const at = { ...site.locate(where), file: site.file, ...placeOf(where) };
    if (target)
      return [
        {
          ...at,
          code: 'menu-page-incomplete',
          message: `${shown} (${target}), which does not list the ${collection} pages: the other ${left} are in no menu. Add a ${LIST_BLOCK} block with collection: ${collection} to ${target}${lister ? `, or set link to "${lister[0]}": ${lister[1]} lists them` : ''}.`,
        },
      ];
    const lost = left > 0 ? `, so the other ${left} are in no menu` : '';
    return [
      {
        ...at,
        code: 'menu-page-missing',
        message: `${shown}, but no page has that address${lost}. ${missingPageFix(route, collection, lister, places)}`,
      },
    ];
  });
}
