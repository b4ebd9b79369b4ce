/**
 * The shape of the content the app renders, and the pure functions that derive shared lists and the
 * route table from site.yaml and pages/. Runs in Node (build, tests) and in the browser.
 */
import type {
  CollectionName,
  IconName,
  Image,
  NavSubmenuCollection,
  Page,
  Redirect,
  SiteConfig,
} from './generated/content-types.ts';

export type { CollectionName, IconName, NavSubmenuCollection, Page, Redirect, SiteConfig };
export type Block = Page['blocks'][number];
export type BlockType = Block['type'];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** A page as it appears in a shared list (menu, home cards): from its `listing:` plus its address. */
export interface ListedPage {
  link: string;
  title: string;
  menuLabel: string;
  description?: string;
  icon?: IconName;
  image?: Image;
  expandedImage?: Image;
  years?: string;
  order: number;
}

export type Collections = Record<CollectionName, ListedPage[]>;

export interface RouteEntry {
  /** The address served. */
  path: string;
  /** The page's main address (differs from `path` for an alias). */
  canonicalPath: string;
  /** The page file, e.g. "pages/services/iot.yaml": the key to load its content (title, description...). */
  file: string;
  /** Kept out of search engines and the sitemap. */
  noindex: boolean;
}

export const NOT_FOUND_PATH = '/404';

export function deriveCollections(pages: readonly { page: Page }[]): Collections {
  const collections: Collections = { products: [], services: [], jobs: [] };
  for (const { page } of pages) {
    const l = page.listing;
    if (!l) continue;
    collections[l.collection].push({
      link: page.path,
      title: l.title,
      menuLabel: l.menuLabel ?? l.title,
      ...(l.description !== undefined && { description: l.description }),
      ...(l.icon !== undefined && { icon: l.icon }),
      ...(l.image !== undefined && { image: l.image }),
      ...(l.expandedImage !== undefined && { expandedImage: l.expandedImage }),
      ...(l.years !== undefined && { years: l.years }),
      order: l.order,
    });
  }
  for (const list of Object.values(collections))
    list.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
  return collections;
}

/**
 * What a list with an optional `limit` from YAML shows: its first `limit` entries, or all of them
 * when no limit is set (the default keeps every menu and carousel as it was before limits existed).
 */
export function firstOf<T>(list: readonly T[], limit: number | undefined): readonly T[] {
  return limit === undefined || list.length <= limit ? list : list.slice(0, limit);
}

/** Every address the site answers: each page's path, then its aliases (served by the same page). */
export function deriveRoutes(pages: readonly { file: string; page: Page }[]): RouteEntry[] {
  return pages.flatMap(({ file, page }) =>
    [page.path, ...(page.aliases ?? [])].map((path) => ({
      path,
      canonicalPath: page.path,
      file,
      noindex: page.noindex ?? false,
    })),
  );
}

/** The job title of a career page: its jobTiles block's title (what applications are for). */
export function jobTitleOf(page: Page): string | undefined {
  for (const block of page.blocks) if (block.type === 'jobTiles') return block.title;
  return undefined;
}

/** Every open position on the site, for the server to accept applications to. */
export function openPositions(pages: readonly { page: Page }[]): string[] {
  return pages.map(({ page }) => jobTitleOf(page)).filter((t): t is string => t !== undefined);
}

/**
 * Whether a page is taken down (`unpublished: true`): kept in the repository, on no address, in no
 * list. Asked of a page's data as parsed, valid or not.
 */
export const isTakenDown = (page: { unpublished?: unknown } | null | undefined): boolean =>
  page?.unpublished === true;

/** The browser tab and search result title: site.yaml `titleTemplate` around the page's own title. */
export function fullTitle(
  page: Pick<Page, 'title'>,
  site: Pick<SiteConfig, 'titleTemplate' | 'company'>,
): string {
  return site.titleTemplate.replaceAll('{title}', page.title).replaceAll('{company}', site.company.name);
}
