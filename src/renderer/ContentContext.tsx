/**
 * The content every component reads: site settings, derived lists, the route table and a page
 * loader. Provided once at the root, from the generated module in the app and from fixtures in tests.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { Collections, Page, RouteEntry, SiteConfig } from '../content/model.ts';
import { markWhenFulfilled } from './reactPrivate.ts';

export interface SiteContent {
  site: SiteConfig;
  collections: Collections;
  routes: RouteEntry[];
  /** Intrinsic [width, height] of every image the content uses, by path. */
  imageSizes: Record<string, [number, number]>;
  /** AVIF/WebP srcsets of raster pictures (production builds), by path. */
  imageVariants?: Record<string, { avif: string; webp: string }>;
  /** Loads a page's content by file; the same promise for the same file, as React's `use` needs. */
  loadPage: (file: string) => Promise<Page>;
}

const ContentContext = createContext<SiteContent | null>(null);

export function ContentProvider({ value, children }: { value: SiteContent; children: ReactNode }) {
  return <ContentContext.Provider value={value}>{children}</ContentContext.Provider>;
}

export function useContent(): SiteContent {
  const value = useContext(ContentContext);
  if (!value) throw new Error('useContent() must be used inside <ContentProvider>');
  return value;
}

export function useSite(): SiteConfig {
  return useContent().site;
}

/** Wraps per-page loaders so each page file is fetched once and its promise reused. */
export function cachedPageLoader(
  loaders: Record<string, () => Promise<{ default: Page } | Page>>,
): (file: string) => Promise<Page> {
  const cache = new Map<string, Promise<Page>>();
  return (file) => {
    let promise = cache.get(file);
    if (!promise) {
      const load = loaders[file];
      // Marked once loaded, so a page loaded before rendering (e.g. before hydration) is read by
      // `use` at once instead of suspending.
      promise = markWhenFulfilled(
        load
          ? load().then((m) => ('default' in m ? m.default : m))
          : Promise.reject(new Error(`No page ${file}`)),
      );
      cache.set(file, promise);
    }
    return promise;
  };
}
