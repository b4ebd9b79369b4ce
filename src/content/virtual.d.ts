/** Types of the modules the content plugin (scripts/build/contentPlugin.ts) generates. */
declare module 'virtual:site-content' {
  import type { Collections, Page, RouteEntry, SiteConfig } from './model.ts';
  export const site: SiteConfig;
  export const collections: Collections;
  export const routes: RouteEntry[];
  export const pageLoaders: Record<string, () => Promise<{ default: Page }>>;
  export const imageSizes: Record<string, [number, number]>;
  export const imageVariants: Record<string, { avif: string; webp: string }>;
}
