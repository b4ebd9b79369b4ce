/**
 * What the forms API needs from the content: the service types of site.yaml, the job titles of the
 * career pages, the API base path and the public address.
 *
 * Under `npm start` they come from the build being served, not from the content folder: every
 * build writes them beside its client folder (DIST_DIR/site-facts.json, `writeSiteFacts`), and
 * Publish hands the new build's facts to the forms when it switches builds
 * (server/editor/publish.ts). The content folder may hold saved but unpublished drafts, which the
 * forms must not accept yet. `npm run dev` and the tests read a content folder directly.
 * Beside, not inside, client/: the file is for the server, not a page of the site.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPositions } from '../src/content/model.ts';
import { formatErrors } from '../src/validator/formatErrors.ts';
import { normalizeBasePath } from './basePath.ts';
import { type Content, readFolder } from './folderSource.ts';

export interface SiteFacts {
  /** The demo form's service types (site.yaml `serviceTypes`). */
  serviceTypes: readonly string[];
  /** The job titles of the career pages (`openPositions`). */
  positions: readonly string[];
  /** site.yaml `backend` (default /backend). */
  backend: string;
  /** site.yaml `url`: the public address (notification emails link to its /admin). */
  url: string;
}

/** The facts file of a build: DIST_DIR/site-facts.json, beside (not inside) the public client folder. */
export const SITE_FACTS_FILE = 'site-facts.json';

/** The one derivation of the facts from valid content (the build and the dev server use it). */
export function siteFactsOf({ site, pages }: Content): SiteFacts {
  return {
    backend: normalizeBasePath(site.backend ?? '/backend'),
    url: site.url,
    serviceTypes: site.serviceTypes,
    positions: openPositions(pages),
  };
}

/** The facts of a content folder (`npm run dev`, tests); throws with the validator's messages. */
export function loadSiteFacts(contentDir: string): SiteFacts {
  const result = readFolder(contentDir);
  if (!result.content)
    throw new Error(`The content in ${contentDir} is not valid:\n${formatErrors(result.errors)}`);
  return siteFactsOf(result.content);
}

/** Writes a build's facts beside its client folder (`outDir`: the folder holding client/). */
export function writeSiteFacts(outDir: string, content: Content): void {
  const file = path.join(outDir, SITE_FACTS_FILE);
  // Written whole, then renamed over the old one: a reader never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(siteFactsOf(content), null, 2)}\n`);
  renameSync(temp, file);
}

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The facts a build wrote (`buildDir`: the folder holding client/); undefined for a build without them. */
export function loadBuildFacts(buildDir: string): SiteFacts | undefined {
  const file = path.join(buildDir, SITE_FACTS_FILE);
  if (!existsSync(file)) return undefined;
  let data: Partial<Record<keyof SiteFacts, unknown>>;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as typeof data;
  } catch (error) {
    throw new Error(`${file} is not readable JSON (${error instanceof Error ? error.message : error}).`);
  }
  const { backend, url, serviceTypes, positions } = data ?? {};
  if (
    typeof backend !== 'string' ||
    typeof url !== 'string' ||
    !isTextList(serviceTypes) ||
    !isTextList(positions)
  )
    throw new Error(`${file} does not hold the site's facts: build the site again (npm run build).`);
  return { backend, url, serviceTypes, positions };
}
