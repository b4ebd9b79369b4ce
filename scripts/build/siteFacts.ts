/**
 * Writes the facts the server takes from the content (service types, open positions, API base
 * path, public address: server/content.ts) beside the build's client folder, so the server reads
 * them from the build it serves: at start, and from the new build when Publish switches to it.
 * Beside, not inside, client/: the file is for the server, not a page of the site.
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_FACTS_FILE, siteFactsOf } from '../../server/content.ts';
import type { Content } from './validateFolder.ts';

export function writeSiteFacts(outDir: string, content: Content): void {
  const file = path.join(outDir, SITE_FACTS_FILE);
  // Written whole, then renamed over the old one: a reader never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(siteFactsOf(content), null, 2)}\n`);
  renameSync(temp, file);
}
