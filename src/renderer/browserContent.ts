/**
 * The content the browser renders with: the pre-rendered page's data block (the site settings and
 * that page's slice, src/content/pageData.ts), grown by the slice of each address client-side
 * navigation reaches, fetched once as JSON. Nothing of the content is in the JavaScript bundle, so
 * a content change never changes the code (issue 34).
 */

import type { Page } from '../content/model.ts';
import { type ContentSlice, mergeSlice, pageDataUrl, type SiteData } from '../content/pageData.ts';
import type { SiteContent } from './ContentContext.tsx';
import { fulfilledThenable, markWhenFulfilled } from './reactPrivate.ts';

/** Fetches an address's slice; undefined when no page serves it (404). */
export type FetchSlice = (address: string) => Promise<ContentSlice | undefined>;

export interface BrowserContentOptions {
  /** Absent in the pre-renderer: there, the data holds every address a page renders. */
  fetchSlice?: FetchSlice;
  /** Addresses known to have no page, so rendering them never waits for a request. */
  missing?: readonly string[];
}

export function contentFromData(data: SiteData, options: BrowserContentOptions = {}): SiteContent {
  const held: ContentSlice = {
    routes: [...data.routes],
    pages: { ...data.pages },
    collections: { ...data.collections },
    imageSizes: { ...data.imageSizes },
    imageVariants: { ...data.imageVariants },
  };
  const pages = new Map<string, Promise<Page>>();
  const addresses = new Map<string, Promise<boolean>>();
  for (const address of options.missing ?? []) addresses.set(address, fulfilledThenable(false));
  const { fetchSlice } = options;
  return {
    site: data.site,
    // The same objects as `held`: a merged slice is seen by every later render.
    routes: held.routes,
    collections: held.collections,
    imageSizes: held.imageSizes,
    imageVariants: held.imageVariants,
    loadPage: (file) => {
      let promise = pages.get(file);
      if (!promise) {
        const page = held.pages[file];
        if (!page) return Promise.reject(new Error(`No page ${file}`));
        promise = fulfilledThenable(page);
        pages.set(file, promise);
      }
      return promise;
    },
    ...(fetchSlice && {
      loadAddress: (address: string) => {
        let promise = addresses.get(address);
        if (!promise) {
          promise = markWhenFulfilled(
            fetchSlice(address).then((slice) => {
              if (slice) mergeSlice(held, slice);
              return slice !== undefined;
            }),
          );
          addresses.set(address, promise);
        }
        return promise;
      },
    }),
  };
}

/**
 * The browser's fetch of a slice. A failed request (the network, or a file gone with a new
 * release) loads the address as a whole page instead, which the server always answers.
 */
export const fetchPageSlice: FetchSlice = async (address) => {
  try {
    const response = await fetch(pageDataUrl(address), { headers: { accept: 'application/json' } });
    if (response.status === 404) return undefined;
    if (response.ok) return (await response.json()) as ContentSlice;
  } catch {
    // Offline or interrupted: as below.
  }
  window.location.assign(address);
  return new Promise<never>(() => {});
};
