/**
 * The content layer's one answer to "which pages exist, at which addresses, of which kind, listed
 * where, holding what": `readSite` checks a site through a ContentSource (the validator) and, when
 * it is valid, returns its model. The build, `npm run validate`, the dev server and the server read
 * a site through here (node/folderSource.ts gives the files of a folder); the staff editor reads
 * single page files, valid or not, through pageEntry.ts, which this model is made of too.
 */

import type { SchemaFile } from '../validator/schemas.ts';
import {
  type Content,
  type ContentSource,
  type PageFile,
  type ValidateOptions,
  type ValidationResult,
  validateSite,
} from '../validator/validateSite.ts';
import {
  type Collections,
  deriveCollections,
  deriveRoutes,
  type Redirect,
  type RouteEntry,
  type SiteConfig,
} from './model.ts';
import { type PageEntry, pageEntryOf } from './pageEntry.ts';

/** A valid page: what the staff tools know of it, and its content. */
export interface SitePage extends PageEntry, PageFile {}

export interface SiteModel {
  site: SiteConfig;
  /** In the order of their files. */
  pages: SitePage[];
  /** Every address served: each page's path, then its aliases. */
  routes: RouteEntry[];
  /** The pages of each collection, as menus and cards list them. */
  collections: Collections;
  /** Old addresses that lead to a page's address (redirects.yaml): answered with 301, never pages. */
  redirects: Redirect[];
}

export interface SiteReading extends ValidationResult {
  /** Present only when there are no errors. */
  model?: SiteModel;
}

/** The model of valid content (the validator's `content`). */
export function modelOf(content: Content, schemas: readonly SchemaFile[]): SiteModel {
  return {
    site: content.site,
    pages: content.pages.map((p) => ({ ...pageEntryOf(p.file, p.page, schemas), ...p })),
    routes: deriveRoutes(content.pages),
    collections: deriveCollections(content.pages),
    redirects: content.redirects,
  };
}

/** Checks the site a source holds; with no errors, returns its model too. */
export function readSite(source: ContentSource, options: ValidateOptions = {}): SiteReading {
  const result = validateSite(source, options);
  return result.content ? { ...result, model: modelOf(result.content, source.schemas) } : result;
}
