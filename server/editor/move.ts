/**
 * Change a page's address (issue 35): one change, saved as one commit. The page's file moves to
 * where its new address is served from (pages/services/iot.yaml → pages/services/telematics.yaml),
 * its `path` says the new address, redirects.yaml leads the old address to the new one (an earlier
 * redirect to the old address now leads to the new one too, so no chain forms; a redirect from the
 * new address, left by an earlier move, is removed), and every link to the old address in the site's
 * other files (site.yaml's menus and footer, buttons and cards in pages) is updated. Comments and
 * layout are kept: only the changed values' lines differ. The validator checks the whole change
 * before anything is written.
 */
import { parse } from 'yaml';
import type { Json } from './yaml/json.ts';
import { writeYaml } from './yaml/writeYaml.ts';

export const moveMessages = {
  notAPage: 'Only a page can move to another address.',
  fixed: 'The home page and the "page not found" page keep their addresses.',
  takenDown: 'This page is taken down. Its address cannot change until it is published again.',
  badAddress:
    'Write the new address as it appears after the site name: a slash, then lower-case words joined by hyphens, such as /services/fleet-tracking.',
  same: 'That is already the page’s address. Write the address it should move to.',
  taken: (address: string) => `Another page already uses ${address}. Choose an address no page has.`,
  ownAlias: (address: string) =>
    `This page already answers at ${address} as one of its other addresses. Remove ${address} from its "Other addresses" first, or choose another address.`,
  changed:
    'Someone saved this page after you opened it. Open it again to see their changes, then change its address.',
  notSaved: (n: number) =>
    `The address was not changed: the change would leave the content with ${n} problem${n === 1 ? '' : 's'}.`,
};

/** An address a page can have: /word or /word/word, lower-case words joined by hyphens. */
export const PAGE_ADDRESS = /^(\/[a-z0-9]+(-[a-z0-9]+)*)+$/;

/** What is wrong with `address` as a page's address, in words; undefined when nothing is. */
export function addressProblem(address: string): string | undefined {
  if (PAGE_ADDRESS.test(address)) return undefined;
  if (!address) return moveMessages.badAddress;
  const why = !address.startsWith('/')
    ? 'it does not start with a slash'
    : /\s/.test(address)
      ? 'it has a space'
      : /[A-Z]/.test(address)
        ? 'it has capital letters'
        : /\/\/|\/-|-\/|--|-$/.test(address)
          ? 'a part of it is empty, or starts or ends with a hyphen'
          : 'it has characters other than lower-case letters, digits and hyphens';
  return `“${address}” cannot be an address: ${why}. ${moveMessages.badAddress}`;
}

/** The page's text with its new address: the `path` line alone changes. */
export function movedPageText(pageText: string, to: string): string {
  return pageText.replace(/^path:.*$/m, `path: ${to}`);
}

/** `value` with every link to `from` (the address itself, or with #part or ?query) leading to `to`. */
function relinked(value: Json, from: string, to: string): Json {
  if (typeof value === 'string') {
    if (value === from) return to;
    if (value.startsWith(`${from}#`) || value.startsWith(`${from}?`)) return to + value.slice(from.length);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => relinked(item, from, to));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relinked(v, from, to)]));
  return value;
}

/** The file's text with its links to `from` leading to `to`; undefined when it has none. */
export function relinkedText(text: string, from: string, to: string): string | undefined {
  let data: Json;
  try {
    data = parse(text) as Json;
  } catch {
    return undefined;
  }
  const next = relinked(data, from, to);
  if (JSON.stringify(next) === JSON.stringify(data)) return undefined;
  return writeYaml(text, next);
}
