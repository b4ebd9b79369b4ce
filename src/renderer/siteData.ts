/**
 * The site's facts the browser needs from the start (site.yaml and the page's slice of the site:
 * its addresses, content, the first entries of the lists it shows, image sizes and variants;
 * src/content/pageData.ts), carried by each pre-rendered page as a JSON data block rather than in
 * the JavaScript entry: JSON is not code to parse and compile, and it keeps the first-load
 * JavaScript within its budget (issue 23: about 7 KB gzip of the entry was this data). A data
 * block is not executed, so the Content-Security-Policy needs no hash for it (server/static.ts).
 * The pre-renderer writes it (scripts/build/prerender.ts), the dev server too
 * (scripts/build/contentPlugin.ts), and src/entry-client.tsx reads it.
 */
import type { SiteData } from '../content/pageData.ts';
import { jsonLdText } from './structuredData.ts';

export const SITE_DATA_ID = 'site-data';

export type { SiteData };

/** The data block to put into a page (any "<" escaped, so no text in it can close the element). */
export function siteDataScript(data: SiteData): string {
  return `<script type="application/json" id="${SITE_DATA_ID}">${jsonLdText(data)}</script>`;
}

/** The page's data block, parsed. */
export function readSiteData(doc: Document): SiteData {
  const text = doc.getElementById(SITE_DATA_ID)?.textContent;
  if (!text) throw new Error(`The page has no <script id="${SITE_DATA_ID}"> with the site's data.`);
  return JSON.parse(text) as SiteData;
}
