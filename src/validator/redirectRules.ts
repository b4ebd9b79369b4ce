/**
 * Rules of redirects.yaml that its schema cannot express: each old address is redirected once, to
 * the address of a page (not to another redirect, which would send visitors through a chain or
 * round a loop), and never from an address a page serves (visitors would see the page and never be
 * redirected). The schema has already said what is wrong with an entry's form.
 */
import type { Redirect } from '../content/generated/content-types.ts';
import { placeOf } from './errorMessages.ts';
import { didYouMean } from './suggest.ts';
import type { ContentError } from './types.ts';
import type { YamlFile } from './yamlFile.ts';

/** The file of the site's redirects, beside site.yaml. Optional: a site without it has none. */
export const REDIRECTS_FILE = 'redirects.yaml';

/** The entries of redirects.yaml whose two addresses are at least written as addresses, with their index. */
export function redirectEntries(data: unknown): { index: number; from: string; to: string }[] {
  const list = (data as { redirects?: unknown } | null | undefined)?.redirects;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: Partial<Redirect> | null, index) =>
    typeof entry?.from === 'string' &&
    entry.from.startsWith('/') &&
    typeof entry.to === 'string' &&
    entry.to.startsWith('/')
      ? [{ index, from: entry.from, to: entry.to }]
      : [],
  );
}

/**
 * `served`: every address a page serves (its path or an alias), with the page file that serves it.
 * Each problem is placed on the entry to change: its `from` (duplicate, over a page) or its `to`
 * (a chain, a loop, an address no page has).
 */
export function checkRedirects(yf: YamlFile, served: ReadonlyMap<string, string>): ContentError[] {
  const entries = redirectEntries(yf.data);
  const errors: ContentError[] = [];
  const error = (where: (string | number)[], code: string, message: string) =>
    errors.push({ ...yf.locate(where), file: yf.file, ...placeOf(where), code, message });
  const lineOf = (index: number) => yf.locate(['redirects', index]).line;
  /** The first entry of each old address: the one a visitor would be sent by. */
  const first = new Map<string, (typeof entries)[number]>();
  for (const entry of entries) if (!first.has(entry.from)) first.set(entry.from, entry);

  for (const entry of entries) {
    const { index, from, to } = entry;
    const earlier = first.get(from);
    if (earlier && earlier !== entry) {
      error(
        ['redirects', index, 'from'],
        'duplicate-redirect',
        `"${from}" is already redirected on line ${lineOf(earlier.index)} (to "${earlier.to}"), so this entry would never be used. Keep one of the two entries.`,
      );
      continue;
    }
    const page = served.get(from);
    if (page !== undefined) {
      error(
        ['redirects', index, 'from'],
        'redirect-over-page',
        `"${from}" is an address of the live page ${page}, so visitors see that page and are never redirected. Remove this redirect, or take the page down (remove "${from}" from ${page}) first.`,
      );
      continue;
    }
    if (to === from) {
      error(
        ['redirects', index, 'to'],
        'redirect-loop',
        `This redirect sends "${from}" to itself, so visitors would be sent round and round and never reach a page. Write the address of the page that replaces "${from}".`,
      );
      continue;
    }
    if (served.has(to)) continue;
    if (first.has(to)) {
      // Follow the redirects from the target: to a page's address (a chain) or round again (a loop).
      const path = [from, to];
      let at = to;
      let next = first.get(at);
      while (next && !served.has(at) && !path.slice(0, -1).includes(at)) {
        at = next.to;
        path.push(at);
        next = first.get(at);
      }
      const shown = path.map((p) => `"${p}"`).join(' → ');
      if (path.slice(0, -1).includes(at)) {
        error(
          ['redirects', index, 'to'],
          'redirect-loop',
          `The redirects ${shown} form a loop: visitors would be sent round and round and never reach a page. Point one of them at the address of a page.`,
        );
      } else {
        error(
          ['redirects', index, 'to'],
          'redirect-chain',
          `"${to}" is itself redirected (line ${lineOf(first.get(to)?.index ?? index)}), so visitors would be redirected more than once: ${shown}. ${
            served.has(at)
              ? `Write to: ${at} instead, so they are sent there at once.`
              : `No page has the address "${at}" either: write the address of a page of this site.`
          }`,
        );
      }
      continue;
    }
    error(
      ['redirects', index, 'to'],
      'redirect-to-nowhere',
      `No page has the address "${to}", so visitors would be sent to the "page not found" page.${didYouMean(to, [...served.keys()])} Write the address of a page of this site.`,
    );
  }
  return errors;
}
