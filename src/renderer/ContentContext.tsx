/**
 * The content every component reads: site settings, derived lists, the known addresses and a page
 * loader. Provided once at the root: in the browser from the page's data block, grown on client-side
 * navigation (browserContent.ts); in the pre-renderer from each page's data; in tests from the
 * whole site or fixtures.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { Collections, Page, RouteEntry, SiteConfig } from '../content/model.ts';

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
  /**
   * Fetches what an address not among `routes` needs (the browser: client-side navigation), adding
   * it to the lists above; resolves whether a page serves it. Absent where `routes` is every address.
   */
  loadAddress?: (address: string) => Promise<boolean>;
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
