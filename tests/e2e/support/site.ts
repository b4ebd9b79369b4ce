/**
 * What the browser suite knows about the site: the routes to visit (read from the content, so a new
 * page is tested without touching this suite, plus the specification's route table, asserted on
 * its own), the server the global setup started, and the browser to drive.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { type Content, readFolder } from '../../../node/folderSource.ts';
import { deriveRoutes, fullTitle, NOT_FOUND_PATH, type RouteEntry } from '../../../src/content/model.ts';
import { formatErrors } from '../../../src/validator/formatErrors.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The specification's route table (section 2), aliases included: 29 addresses (plus #contactus, tested with the frame). */
export const SPEC_ROUTES: readonly string[] = [
  '/',
  '/about',
  '/products',
  '/products/triunetransitshield',
  ...['foriegnlan', 'edufeemaster', 'triuneerp', 'summercamp', 'triunematrimony'].map(
    (s) => `/products/${s}`,
  ),
  '/services',
  ...[
    'school-management',
    'mobile-app',
    'magazine-brochure',
    'fee-portal-website',
    'computer-lab-equipment',
    'staff-recruitment',
    'background-verification',
    'emerging-tech-training',
    'foreign-language-lab',
    'psychometric-counselling',
    'digital-marketing',
    'consulting',
    'iot',
  ].map((s) => `/services/${s}`),
  '/careers',
  ...['customer-support', 'business-executive', 'digital-marketing', 'graphic-designer', 'app-developer'].map(
    (s) => `/careers/${s}`,
  ),
];

let contentCache: Content | undefined;

/** The site's content, validated exactly as the build does. */
export function siteContent(): Content {
  if (contentCache) return contentCache;
  const result = readFolder(REPO_ROOT);
  if (!result.content) throw new Error(`The content is not valid:\n${formatErrors(result.errors)}`);
  contentCache = result.content;
  return contentCache;
}

/** A route to visit; `title` is the page's <title> when the content has the route. */
export interface RouteToVisit {
  path: string;
  title?: string;
}

/** Every route of the content (each alias too, not the 404 page), then any spec route it lacks. */
export function routesToVisit(): RouteToVisit[] {
  const { pages } = siteContent();
  const fromContent: RouteEntry[] = deriveRoutes(pages).filter((r) => r.path !== NOT_FOUND_PATH);
  const { site } = siteContent();
  const titleOf = new Map(pages.map((p) => [p.file, fullTitle(p.page, site)]));
  const known = new Set(fromContent.map((r) => r.path));
  return [
    ...fromContent.map((r) => ({ path: r.path, title: titleOf.get(r.file) })),
    ...SPEC_ROUTES.filter((p) => !known.has(p)).map((p) => ({ path: p })),
  ];
}

/** The 404 page's <title>, from pages/404.yaml. */
export function notFoundTitle(): string {
  const { pages, site } = siteContent();
  const page = pages.find((p) => p.page.path === NOT_FOUND_PATH);
  if (!page) throw new Error(`The content has no ${NOT_FOUND_PATH} page.`);
  return fullTitle(page.page, site);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The site and its API, e.g. http://127.0.0.1:40123 */
    baseUrl: string;
    /** The SQLite file of that server. */
    dbFile: string;
    /** The same site behind a server allowing one submission per form per minute. */
    limitedUrl: string;
  }
}

export const baseUrl = (): string => inject('baseUrl');
export const dbFile = (): string => inject('dbFile');
export const limitedUrl = (): string => inject('limitedUrl');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Debian's chromium (or CHROME_PATH); never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const WIDTHS = { mobile: 375, desktop: 1280 } as const;

export function newContext(browser: Browser, width: number): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
}
