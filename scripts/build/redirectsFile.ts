/**
 * Writes the site's redirects (redirects.yaml) into the client folder in the form static hosts read
 * (`_redirects`, node/redirects.ts), so a site served without `npm start` redirects as the server
 * does. The server reads the same file from the build it serves.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REDIRECTS_FILE_NAME, redirectsFileText } from '../../node/redirects.ts';
import type { Redirect } from '../../src/content/model.ts';

export { REDIRECTS_FILE_NAME, redirectsFileText };

/** Writes client/_redirects, also with no redirects (the file then says so, and a host keeps none). */
export function writeRedirectsFile(
  clientDir: string,
  redirects: readonly Pick<Redirect, 'from' | 'to'>[],
): string {
  const file = path.join(clientDir, REDIRECTS_FILE_NAME);
  writeFileSync(file, redirectsFileText(redirects));
  return file;
}
