/**
 * The publish gate (issue 35): a Publish is refused while it would leave a link, a menu entry or a
 * card on the live site leading to an address that no page or redirect serves, or a picture it does
 * not have. The live content
 * folder is checked, with the drafts taken in, by the validator of `npm run validate`; only the
 * problems the drafts bring are counted. The refusal names each link by its page and field, and
 * says when the address is a draft left out of this Publish (publish it too).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { folderSource } from '../../../node/folderSource.ts';
import { readSchemaFiles } from '../../../node/schemaFiles.ts';
import { pageEntryOf, parsedPage } from '../../../src/content/pageEntry.ts';
import type { ContentError } from '../../../src/validator/types.ts';
import { FileChecksCache, validateSite } from '../../../src/validator/validateSite.ts';
import { fieldName } from '../changeSummary.ts';
import { scanPageFiles } from '../fileProblems.ts';

/** The validator's codes for a link to an address nothing serves (README, "Validation"). */
const BROKEN = new Set(['no-such-page', 'menu-page-missing', 'missing-image']);

/** Refuses a Publish, in words the person publishing can act on. */
export class PublishRefused extends Error {}

const checksByFolder = new Map<string, FileChecksCache>();
const key = (e: ContentError) => `${e.file}\n${e.where}\n${e.code}`;

/** The broken links of the content folder `dir` as it is now. */
export function brokenLinks(dir: string): ContentError[] {
  const cache = checksByFolder.get(dir) ?? new FileChecksCache();
  checksByFolder.set(dir, cache);
  return validateSite(folderSource(dir), { cache }).errors.filter((e) => e.code && BROKEN.has(e.code));
}

/** The broken links in `after` that `before` did not have. */
export function newlyBroken(before: readonly ContentError[], after: readonly ContentError[]): ContentError[] {
  const known = new Set(before.map(key));
  return after.filter((e) => !known.has(key(e)));
}

function readData(dir: string, file: string): unknown {
  try {
    return parsedPage(readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return null;
  }
}

/** Each address a page of the drafts serves, with the page's name. */
function draftAddresses(draftsDir: string): Map<string, string> {
  const schemas = readSchemaFiles();
  const out = new Map<string, string>();
  for (const file of scanPageFiles(draftsDir).files) {
    const entry = pageEntryOf(file, parsedPage(readFileSync(path.join(draftsDir, file), 'utf8')), schemas);
    for (const address of [entry.path, ...entry.aliases]) out.set(address, entry.name);
  }
  return out;
}

/** The refusal's words: how many links, then each by page and field, and what would mend it. */
export function refusalOf(broken: readonly ContentError[], liveDir: string, draftsDir: string): string {
  const drafts = draftAddresses(draftsDir);
  const schemas = readSchemaFiles();
  const lines = broken.map((e) => {
    const data = readData(liveDir, e.file);
    const page =
      e.file === 'site.yaml'
        ? 'Site settings'
        : pageEntryOf(e.file, parsedPage(readFileSync(path.join(liveDir, e.file), 'utf8')), schemas).name;
    const field = e.path.length ? fieldName(e.file, data, e.path) : 'the page';
    // A picture the live site would not have: a page's new picture still in another draft.
    if (e.code === 'missing-image') return `${page}, ${field}: ${e.message}`;
    const address = /"(\/[^"]*)"/.exec(e.message)?.[1] ?? '';
    const route = address.split('#')[0] ?? address;
    const draft = drafts.get(route);
    const why = draft
      ? `${address} is the page “${draft}”, which is a draft not in this Publish: tick it too.`
      : `no page or redirect answers at ${address || 'that address'}.`;
    return `${page}, ${field}: ${why}`;
  });
  const n = broken.length;
  return `Not published: it would break ${n} link${n === 1 ? '' : 's'} on the live site. ${lines.join(' ')}`;
}
