/**
 * What each page carries (issue 34): not the whole site, but the slice of it that its frame and
 * blocks show. A pre-rendered page's data block holds the site settings and its own slice (its
 * content included, so it hydrates without a request); client-side navigation fetches the next
 * page's slice as one JSON file (`pageDataUrl`). The build writes both, the dev server answers
 * both, and the browser merges each slice it receives into what it already has
 * (src/renderer/browserContent.ts).
 *
 * A slice of a shared list is always a prefix of it (lists are in listing order, and menus and
 * cards show their first entries), so slices from different pages agree wherever they overlap, and
 * the longer one wins when they are merged.
 *
 * Because a page's HTML is drawn from exactly its `SiteData` (and the code), the hash of that data
 * is what the incremental build keys the page by: a change that does not reach the slice cannot
 * change the page.
 */
import { collectionUseOf } from './collectionUse.ts';
import type { CollectionName, Collections, Page, RouteEntry, SiteConfig } from './model.ts';

export type ImageSizes = Record<string, [number, number]>;
export type ImageVariants = Record<string, { avif: string; webp: string }>;

/** What one page needs beyond the site settings. */
export interface ContentSlice {
  /** The page's addresses (its path and aliases). */
  routes: RouteEntry[];
  /** The page's content, by file. */
  pages: Record<string, Page>;
  /** The first entries of each list that the page's menus and blocks show. */
  collections: Collections;
  /** Intrinsic sizes of the pictures in the slice (and the site settings), by path. */
  imageSizes: ImageSizes;
  /** AVIF/WebP srcsets of those pictures that are photos (production builds). */
  imageVariants: ImageVariants;
}

/** A pre-rendered page's data block: the site settings and the page's slice. */
export interface SiteData extends ContentSlice {
  site: SiteConfig;
}

/** The whole site, as the build and the dev server hold it. */
export interface WholeSite {
  site: SiteConfig;
  pages: readonly { file: string; page: Page }[];
  routes: readonly RouteEntry[];
  collections: Collections;
  imageSizes: ImageSizes;
  imageVariants: ImageVariants;
}

/** The address of an address's slice: "/" -> "/page-data/page-data.json", "/about" -> "/page-data/about/page-data.json". */
export function pageDataUrl(address: string): string {
  return `/page-data${address === '/' ? '' : address}/page-data.json`;
}

/** How many first entries of each list are shown: a number, or every entry (`Infinity`). */
type Needs = Partial<Record<CollectionName, number>>;

function need(needs: Needs, collection: CollectionName, count: number): void {
  needs[collection] = Math.max(needs[collection] ?? 0, count);
}

/**
 * The header's and footer's menus: each collection submenu shows its first `limit.count` pages,
 * and its "All …" entry appears when the list is longer, so one entry more is carried to tell.
 */
function frameNeeds(site: SiteConfig, needs: Needs): void {
  for (const item of site.navigation) {
    const submenu = item.submenu;
    if (!submenu || Array.isArray(submenu)) continue;
    need(needs, submenu.collection, submenu.limit ? submenu.limit.count + 1 : Number.POSITIVE_INFINITY);
  }
}

function blockNeeds(page: Page, needs: Needs): void {
  for (const block of page.blocks) {
    const use = collectionUseOf(block);
    if (use) need(needs, use.collection, use.limit ?? Number.POSITIVE_INFINITY);
  }
}

function prefixes(collections: Collections, needs: Needs): Collections {
  const out = { products: [], services: [], jobs: [] } as Collections;
  for (const name of Object.keys(out) as CollectionName[]) {
    const count = needs[name] ?? 0;
    out[name] = count >= collections[name].length ? collections[name] : collections[name].slice(0, count);
  }
  return out;
}

/** Every string value in `value` that is a key of `table` (the pictures a slice names). */
function picturesIn(value: unknown, table: ImageSizes | ImageVariants, into: Set<string>): void {
  if (typeof value === 'string') {
    if (Object.hasOwn(table, value)) into.add(value);
  } else if (Array.isArray(value)) for (const item of value) picturesIn(item, table, into);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) picturesIn(item, table, into);
}

/** The entries of `table` whose keys are in `keys`, in key order (so equal slices are equal JSON). */
function pick<T>(table: Record<string, T>, keys: ReadonlySet<string>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of [...keys].sort()) if (Object.hasOwn(table, key)) out[key] = table[key] as T;
  return out;
}

/** The slice of one page (or of none: the built-in 404 page), with or without what the frame shows. */
function sliceOf(
  whole: WholeSite,
  entry: { file: string; page: Page } | undefined,
  withFrame: boolean,
): ContentSlice {
  const needs: Needs = {};
  if (withFrame) frameNeeds(whole.site, needs);
  if (entry) blockNeeds(entry.page, needs);
  const collections = prefixes(whole.collections, needs);
  const named = new Set<string>();
  const shown = { page: entry?.page, collections, site: withFrame ? whole.site : undefined };
  picturesIn(shown, whole.imageSizes, named);
  picturesIn(shown, whole.imageVariants, named);
  return {
    routes: entry ? whole.routes.filter((r) => r.file === entry.file) : [],
    pages: entry ? { [entry.file]: entry.page } : {},
    collections,
    imageSizes: pick(whole.imageSizes, named),
    imageVariants: pick(whole.imageVariants, named),
  };
}

function pageAt(whole: WholeSite, address: string): { file: string; page: Page } | undefined {
  const file = whole.routes.find((r) => r.path === address)?.file;
  return file === undefined ? undefined : whole.pages.find((p) => p.file === file);
}

/**
 * The data block of the page at `address`: the site settings, what its menus show and its own
 * slice. An address no page serves (the built-in 404 page) gets the settings and menus alone.
 */
export function siteDataFor(whole: WholeSite, address: string): SiteData {
  return { site: whole.site, ...sliceOf(whole, pageAt(whole, address), true) };
}

/**
 * What client-side navigation to `address` fetches (`pageDataUrl`): the page's own slice, without
 * the site settings and menus the browser already holds. Undefined when no page serves it.
 */
export function pageSliceFor(whole: WholeSite, address: string): ContentSlice | undefined {
  const entry = pageAt(whole, address);
  return entry ? sliceOf(whole, entry, false) : undefined;
}

/**
 * Adds a slice to what the browser holds, in place: new addresses and pages, the longer prefix of
 * each list, and the pictures' sizes and variants.
 */
export function mergeSlice(into: ContentSlice, slice: ContentSlice): void {
  for (const route of slice.routes)
    if (!into.routes.some((r) => r.path === route.path)) into.routes.push(route);
  Object.assign(into.pages, slice.pages);
  for (const name of Object.keys(slice.collections) as CollectionName[])
    if (slice.collections[name].length > (into.collections[name]?.length ?? 0))
      into.collections[name] = slice.collections[name];
  Object.assign(into.imageSizes, slice.imageSizes);
  Object.assign(into.imageVariants, slice.imageVariants);
}
