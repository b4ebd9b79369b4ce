/**
 * What the staff tools know of one page file, read from its YAML even when the page is not valid
 * yet: its kind, addresses, titles, and the kinds of section it may hold. The editor's page list
 * (server/editor/api.ts), its link choosers and "Add a section", the history's commit messages
 * and the content model (readSite.ts) all read a page through here, so none of them guesses.
 * Browser-safe: it parses text it is given and reads no file.
 */
import { parse } from 'yaml';
import { expectedPathFor } from '../validator/pageRules.ts';
import type { SchemaFile } from '../validator/schemas.ts';
import { isTakenDown } from './model.ts';
import { blockTypesFor, kindOfFile, type PageKind } from './pageKinds.ts';

/** A page file's data as parsed, before (or without) the validator's approval: every field unknown. */
export interface PageData {
  path?: unknown;
  aliases?: unknown;
  title?: unknown;
  listing?: { title?: unknown } | null;
  unpublished?: unknown;
  blocks?: unknown;
}

export interface PageEntry {
  /** Relative to the content root, e.g. "pages/services/iot.yaml". */
  file: string;
  kind: PageKind;
  /** The page's address: its `path`, else the one its file's place gives it. */
  path: string;
  /** Other addresses served by the same page ("/services"). */
  aliases: string[];
  /** The search and browser-tab title, as written (the file name when it has none). */
  title: string;
  /** The page's own name, as people call it (`pageNameOf`), else its file name. */
  name: string;
  /** The block types this kind of page may hold, as the block schemas declare (`pageKinds`). */
  blockTypes: string[];
  /** Taken down (`unpublished: true`): kept in the repository, on no address of the site. */
  unpublished: boolean;
  /**
   * A job opening's last day for applications (its posting's `validThrough`, YYYY-MM-DD): the page
   * leaves the site by itself the day after (server/editor/schedules/). Null for other pages.
   */
  closes: string | null;
  /** The page's own schedule (Publish at, Take down at: "YYYY-MM-DDTHH:MM", the site's time zone). */
  schedule: PageSchedule;
}

export interface PageSchedule {
  publishAt?: string;
  takeDownAt?: string;
}

const MINUTE_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A page's own schedule, its well-written times only. */
export function scheduleOf(data: unknown): PageSchedule {
  const schedule = (data as { schedule?: Record<string, unknown> } | null)?.schedule;
  const at = (key: 'publishAt' | 'takeDownAt') => {
    const value = schedule?.[key];
    return typeof value === 'string' && MINUTE_TEXT.test(value) ? { [key]: value } : {};
  };
  return { ...at('publishAt'), ...at('takeDownAt') };
}

/** The last day a job opening takes applications (its posting's `validThrough`), if it has one. */
export function closingDateOf(data: PageData | null): string | undefined {
  if (!data || !Array.isArray(data.blocks)) return undefined;
  for (const block of data.blocks as { posting?: { validThrough?: unknown } }[]) {
    const until = block?.posting?.validThrough;
    if (typeof until === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(until)) return until;
  }
  return undefined;
}

/** The page file's data, or null when it is not YAML of a page (the validator says why). */
export function parsedPage(text: string): PageData | null {
  try {
    const data = parse(text) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as PageData) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** What staff call the page at `/`. */
export const HOME_PAGE = 'Home page';

/**
 * A page's own name, as people call it: its `listing.title` (its card and menu name), else its
 * first heading (the page at `/`: Home page); never the search title ("Graphic Designer (Remote) | Careers"), which is written
 * for search results.
 */
export function pageNameOf(data: PageData | null): string | undefined {
  if (!data) return undefined;
  const listed = text(data.listing?.title);
  if (listed) return listed;
  // The home page's first heading is the start of a sentence its phrases finish ("Your trusted
  // partner for …"): staff call it the home page.
  if (text(data.path) === '/') return HOME_PAGE;
  if (Array.isArray(data.blocks))
    for (const block of data.blocks as { heading?: unknown; title?: unknown }[]) {
      const heading = text(block?.heading) ?? text(block?.title);
      if (heading) return heading;
    }
  // No listing and no heading: the search title without what the site adds after " | ".
  return text(data.title)?.split(' | ')[0];
}

/** One page file's entry, from its parsed data (null: unreadable, so only its place speaks). */
export function pageEntryOf(file: string, data: PageData | null, schemas: readonly SchemaFile[]): PageEntry {
  const kind = kindOfFile(file);
  const aliases = Array.isArray(data?.aliases)
    ? data.aliases.filter((a): a is string => typeof a === 'string')
    : [];
  return {
    file,
    kind,
    path: text(data?.path) ?? expectedPathFor(file),
    aliases,
    title: text(data?.title) ?? file,
    name: pageNameOf(data) ?? file,
    blockTypes: blockTypesFor(kind, schemas),
    unpublished: isTakenDown(data),
    closes: closingDateOf(data) ?? null,
    schedule: scheduleOf(data),
  };
}

/** A choice of a link chooser: an address and the words that name it. */
export interface LinkChoice {
  value: string;
  label: string;
}

/** Every address the pages serve, each named as the page list names its page (an alias says so). */
export function linkChoicesOf(entries: readonly PageEntry[]): LinkChoice[] {
  // A page taken down serves no address: a new link must not lead there.
  return entries
    .filter((entry) => !entry.unpublished)
    .flatMap((entry) => [
      { value: entry.path, label: entry.name },
      ...entry.aliases.map((alias) => ({ value: alias, label: `${entry.name} (another address)` })),
    ]);
}

/** The entries of the page files among `files` (file name → text), e.g. the editor's snapshot. */
export function pageEntriesOf(
  files: Iterable<readonly [string, string]>,
  schemas: readonly SchemaFile[],
): PageEntry[] {
  return [...files]
    .filter(([file]) => file.startsWith('pages/'))
    .map(([file, text]) => pageEntryOf(file, parsedPage(text), schemas));
}
