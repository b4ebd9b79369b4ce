/**
 * What the API needs from the content, read from the one source of truth at start: the service
 * types of site.yaml and the job titles of the career pages, and the API base path.
 */

import { validateContent } from '../scripts/build/validateFolder.ts';
import { openPositions } from '../src/content/model.ts';
import { formatErrors } from '../src/validator/formatErrors.ts';
import type { FormOptions } from './api/context.ts';
import { normalizeBasePath } from './config.ts';

export interface SiteFacts extends FormOptions {
  /** site.yaml `backend` (default /backend). */
  backend: string;
  /** site.yaml `url`: the public address (notification emails link to its /admin). */
  url: string;
}

export function loadSiteFacts(contentDir: string): SiteFacts {
  const result = validateContent(contentDir);
  if (!result.content)
    throw new Error(`The content in ${contentDir} is not valid:\n${formatErrors(result.errors)}`);
  const { site, pages } = result.content;
  return {
    backend: normalizeBasePath(site.backend ?? '/backend'),
    url: site.url,
    serviceTypes: site.serviceTypes,
    positions: openPositions(pages),
  };
}
