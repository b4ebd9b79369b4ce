/**
 * The site's redirects as a build writes them into its client folder: `_redirects`, one
 * `/from /to 301` per line, the form static hosts read (Netlify, Cloudflare Pages). The build writes
 * it (scripts/build/redirectsFile.ts) from redirects.yaml; the server reads it from the build it
 * serves (server/static.ts), so a Publish switches the redirects together with the pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Redirect } from '../src/content/model.ts';

/** The file's name in the client folder; server/static.ts answers its redirects and never serves it. */
export const REDIRECTS_FILE_NAME = '_redirects';

/** The file's text: one permanent redirect per line (the validator allows no spaces in an address). */
export function redirectsFileText(redirects: readonly Pick<Redirect, 'from' | 'to'>[]): string {
  const lines = redirects.map(({ from, to }) => `${from} ${to} 301\n`);
  return `# Written by the build from redirects.yaml: change that file, not this one.\n${lines.join('')}`;
}

/** The redirects of a client folder, old address → new one (none for a build without the file). */
export function readRedirectsFile(clientDir: string): Map<string, string> {
  const file = path.join(clientDir, REDIRECTS_FILE_NAME);
  const redirects = new Map<string, string>();
  if (!existsSync(file)) return redirects;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [from, to] = line.trim().split(/\s+/);
    if (from?.startsWith('/') && to?.startsWith('/') && !redirects.has(from)) redirects.set(from, to);
  }
  return redirects;
}
