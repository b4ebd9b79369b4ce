/**
 * What the site's components read (src/renderer/ContentContext), built from the texts GET /site
 * gave and the page being edited, so the preview shows menus, cards and links as the site will.
 */
import { parse } from 'yaml';
import {
  deriveCollections,
  deriveRoutes,
  NOT_FOUND_PATH,
  type Page,
  type RouteEntry,
  type SiteConfig,
} from '../../content/model.ts';
import type { SiteContent } from '../../renderer/ContentContext.tsx';
import { fulfilledThenable } from '../../renderer/reactPrivate.ts';
import type { SiteFiles } from './api.ts';
import { sizesWithPictureAddresses, withPictureAddresses } from './pictureAddresses.ts';

export interface ParsedSite {
  site: SiteConfig;
  pages: { file: string; page: Page }[];
  imageSizes: Record<string, [number, number]>;
}

type PictureUrl = (path: string) => string;

function safeParse(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

/**
 * With `pictureUrl` (ContentApi.pictureUrl), the pictures of site.yaml and of the other pages are
 * named by the editor's addresses (pictureAddresses.ts): a picture not yet published shows too.
 */
export function parseSite(files: SiteFiles, pictureUrl?: PictureUrl): ParsedSite {
  const pages: { file: string; page: Page }[] = [];
  for (const [file, { text }] of Object.entries(files.files)) {
    if (!file.startsWith('pages/')) continue;
    const page = safeParse(text) as Page | undefined;
    if (page && typeof page.path === 'string' && Array.isArray(page.blocks)) pages.push({ file, page });
  }
  const site = (safeParse(files.files['site.yaml']?.text ?? '') ?? {}) as SiteConfig;
  const imageSizes: ParsedSite['imageSizes'] = Object.fromEntries(
    files.images.map((i) => [i.path, [i.width, i.height]]),
  );
  if (!pictureUrl) return { site, pages, imageSizes };
  return {
    site: withPictureAddresses(site, pictureUrl),
    pages: pages.map(({ file, page }) => ({ file, page: withPictureAddresses(page, pictureUrl) })),
    imageSizes: sizesWithPictureAddresses(imageSizes, pictureUrl),
  };
}

/** A promise React's `use` reads at once (already settled and marked so). */
function settled<T>(value: T): Promise<T> {
  return fulfilledThenable(value);
}

export function previewContent(
  parsed: ParsedSite,
  file: string,
  page: Page,
  site: SiteConfig = parsed.site,
): { content: SiteContent; route: RouteEntry } {
  const pages = [...parsed.pages.filter((p) => p.file !== file), { file, page }];
  const valid = pages.filter(({ page: p }) => typeof p.path === 'string');
  let collections: SiteContent['collections'];
  try {
    collections = deriveCollections(valid);
  } catch {
    collections = { products: [], services: [], jobs: [] };
  }
  const promise = settled(page);
  return {
    content: {
      site,
      collections,
      routes: deriveRoutes(valid),
      imageSizes: parsed.imageSizes,
      loadPage: () => promise,
    },
    route: {
      path: typeof page.path === 'string' ? page.path : NOT_FOUND_PATH,
      canonicalPath: typeof page.path === 'string' ? page.path : NOT_FOUND_PATH,
      file,
      noindex: page.noindex ?? false,
    },
  };
}
