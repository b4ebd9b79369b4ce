/**
 * What the schedules find in a content folder (issue 35), in the site's time zone (`timeZone` in
 * site.yaml, default Asia/Kolkata): job openings past their closing date (a posting's `validThrough`
 * is its last day for applications, so the opening leaves the site on the day after), and pages
 * whose own `schedule` (publishAt, takeDownAt: "YYYY-MM-DDTHH:MM") has come (instantOf: when the
 * clocks change), and the careers' "no openings right now" page, taken down until no opening is
 * open and back off the site when one is. Pure reading of a content folder: runSchedules.ts acts.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { readSchemaFiles } from '../../../node/schemaFiles.ts';
import { jobTitleOf, type Page } from '../../../src/content/model.ts';
import {
  type PageEntry,
  type PageSchedule,
  pageEntryOf,
  parsedPage,
} from '../../../src/content/pageEntry.ts';
import type { SchemaFile } from '../../../src/validator/schemas.ts';
import { scanPageFiles } from '../fileProblems.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** One page file of a content folder, parsed, with its entry (address, name, closing day, schedule). */
export interface ReadPage {
  file: string;
  data: NonNullable<ReturnType<typeof parsedPage>>;
  entry: PageEntry;
}

/** The schemas a page's entry is read with: they change only with the code, so read once. */
let schemaFiles: SchemaFile[] | undefined;
/**
 * Each page file as last read, by its path, with the file's stamp (inode, size, times): the
 * schedules read every page of both folders each minute, on the server's one thread, and parsing
 * them all each time held it up to a second (every request waited); now a page is parsed again
 * only when its file changed.
 */
const lastRead = new Map<string, { stamp: string; page: ReadPage | null }>();

/** Every page of `dir` that can be read (the schedules skip one that cannot; the validator names it). */
export function readPages(dir: string): ReadPage[] {
  schemaFiles ??= readSchemaFiles();
  const schemas = schemaFiles;
  return scanPageFiles(dir).files.flatMap((file) => {
    const abs = path.join(dir, file);
    try {
      const stat = statSync(abs, { bigint: true });
      const stamp = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
      const known = lastRead.get(abs);
      if (known?.stamp === stamp) return known.page ? [known.page] : [];
      const data = parsedPage(readFileSync(abs, 'utf8'));
      const page = data ? { file, data, entry: pageEntryOf(file, data, schemas) } : null;
      lastRead.set(abs, { stamp, page });
      return page ? [page] : [];
    } catch {
      return [];
    }
  });
}

/** The date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A moment as the site's staff read it, in the site's time zone: "5 Dec 2026, 10:00". */
export function dateTimeIn(timeZone: string, iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** site.yaml's time zone in `dir`, when it names one the runtime knows; else Asia/Kolkata. */
export function siteTimeZone(dir: string): string {
  try {
    const zone = (parse(readFileSync(path.join(dir, 'site.yaml'), 'utf8')) as { timeZone?: unknown } | null)
      ?.timeZone;
    if (typeof zone !== 'string') return DEFAULT_TIME_ZONE;
    todayIn(zone, new Date());
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export interface Opening {
  file: string;
  name: string;
  path: string;
  aliases: string[];
  /** Its last day for applications. */
  closes: string;
  /** Its place in the jobs list (lowest first). */
  order: number;
}

/** The job openings on the site in `dir` (not taken down) that have a closing date. */
export function openings(dir: string): Opening[] {
  return readPages(dir).flatMap(({ file, data, entry }) => {
    if (entry.unpublished || !entry.closes) return [];
    const order = (data.listing as { order?: unknown } | undefined)?.order;
    return [
      {
        file,
        name: entry.name,
        path: entry.path,
        aliases: entry.aliases,
        closes: entry.closes,
        order: typeof order === 'number' ? order : Number.MAX_SAFE_INTEGER,
      },
    ];
  });
}

/** The minute it is at `now` in `timeZone`, as schedules are written: "YYYY-MM-DDTHH:MM". */
export function minuteIn(timeZone: string, now: Date): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A minute as schedules write it ("YYYY-MM-DDTHH:MM") read as if in UTC, in ms (NaN: not a time). */
function utcOf(minute: string): number {
  const [y, mo, d, h, mi] = (minute.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/) ?? [])
    .slice(1)
    .map(Number);
  return y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined
    ? Number.NaN
    : Date.UTC(y, mo - 1, d, h, mi);
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `t` (ms), to the minute. */
function offsetAt(timeZone: string, t: number): number {
  return utcOf(minuteIn(timeZone, new Date(t))) - Math.floor(t / MINUTE) * MINUTE;
}

/**
 * The instant (ms) a schedule's time `at` ("YYYY-MM-DDTHH:MM" on the clocks of `timeZone`) comes:
 * the first minute whose clock reading is `at`, or, when the clocks never read it, the first
 * minute after they jumped past it. So where the clocks change for summer time (America/New_York,
 * say), a time in the autumn's hour that happens twice (01:30 on the first Sunday of November) comes
 * at its first occurrence, as WordPress and most publishing tools have it, and is not done again in
 * the second; a time in the spring's gap, which the clocks skip (02:30 on the second Sunday of
 * March), comes at the first minute after the gap (03:00), never skipped. A server started after
 * that first occurrence (during the repeated hour, say) does it at once. Asia/Kolkata has no such
 * change: there each time is simply its minute.
 */
export function instantOf(timeZone: string, at: string): number {
  const asUtc = utcOf(at);
  if (Number.isNaN(asUtc)) return Number.NaN;
  // The zone's offsets a day either side and at that reading: a change of the clocks near `at` is
  // between them.
  const candidates = [
    ...new Set([-DAY, 0, DAY].map((shift) => asUtc - offsetAt(timeZone, asUtc + shift))),
  ].sort((a, b) => a - b);
  const reading = (t: number) => minuteIn(timeZone, new Date(t));
  const exact = candidates.find((t) => reading(t) === at);
  if (exact !== undefined) return exact; // the earliest: its first occurrence
  // The clocks never read `at`: the first minute after the jump, found between a reading before
  // it and one after it.
  const lastBefore = candidates.filter((t) => reading(t) < at).at(-1);
  const firstAfter = candidates.find((t) => reading(t) > at);
  if (lastBefore === undefined || firstAfter === undefined || lastBefore > firstAfter)
    return asUtc - offsetAt(timeZone, asUtc);
  let before = lastBefore;
  let after = firstAfter;
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (reading(middle) > at) after = middle;
    else before = middle;
  }
  return after;
}

/** Whether a schedule's time `at` (in `timeZone`) has come at `now` (see instantOf). */
export function hasCome(timeZone: string, at: string, now: Date): boolean {
  return instantOf(timeZone, at) <= now.getTime();
}

export interface ScheduledPage extends Omit<Opening, 'closes' | 'order'> {
  schedule: PageSchedule;
  unpublished: boolean;
}

/** Every page of `dir` with a schedule of its own. */
export function scheduledPages(dir: string): ScheduledPage[] {
  return readPages(dir).flatMap(({ file, entry }) => {
    const { schedule } = entry;
    if (!schedule.publishAt && !schedule.takeDownAt) return [];
    return [
      {
        file,
        name: entry.name,
        path: entry.path,
        aliases: entry.aliases,
        schedule,
        unpublished: entry.unpublished,
      },
    ];
  });
}

/** The pages on the site in `dir` whose Take down at has come at `now` in `timeZone`. */
export function takeDownsDue(dir: string, timeZone: string, now: Date): ScheduledPage[] {
  return scheduledPages(dir).filter(
    (p) => !p.unpublished && p.schedule.takeDownAt && hasCome(timeZone, p.schedule.takeDownAt, now),
  );
}

/**
 * The pages of the drafts folder `draftsDir` whose Publish at has come and is not the one live
 * already (a page published at its time keeps the time in its file; a later draft of it is not
 * published by that old time, only by a new one).
 */
export function publishesDue(draftsDir: string, liveDir: string, timeZone: string, now: Date): string[] {
  const live = new Map(scheduledPages(liveDir).map((p) => [p.file, p.schedule.publishAt]));
  return scheduledPages(draftsDir)
    .filter(
      (p) =>
        p.schedule.publishAt &&
        hasCome(timeZone, p.schedule.publishAt, now) &&
        live.get(p.file) !== p.schedule.publishAt,
    )
    .map((p) => p.file);
}

/** The instant (ms) of the earliest time still to come in the schedules of `dirs`, if any. */
export function nextScheduled(dirs: readonly string[], timeZone: string, now: Date): number | undefined {
  return dirs
    .flatMap((dir) => scheduledPages(dir).flatMap((p) => [p.schedule.publishAt, p.schedule.takeDownAt]))
    .flatMap((at) => (at === undefined ? [] : [instantOf(timeZone, at)]))
    .filter((t) => t > now.getTime())
    .sort((a, b) => a - b)[0];
}

/** The openings whose closing date is before `today`. */
export function closingsDue(dir: string, today: string): Opening[] {
  return openings(dir).filter((o) => o.closes < today);
}

/** The page that takes over a closing opening's other addresses: the first open job staying open. */
export function heirOf(
  closing: Pick<Opening, 'file'>,
  all: readonly Opening[],
  today: string,
): Opening | undefined {
  return all
    .filter((o) => o.file !== closing.file && o.closes >= today)
    .sort((a, b) => a.order - b.order || a.file.localeCompare(b.file))[0];
}

/** A page's file, name and addresses: what taking it down needs. */
export type PageAddresses = Pick<Opening, 'file' | 'name' | 'path' | 'aliases'>;

const folderOf = (file: string) => path.posix.dirname(file);
const addressesOf = ({ file, entry }: ReadPage): PageAddresses => ({
  file,
  name: entry.name,
  path: entry.path,
  aliases: entry.aliases,
});
/** A page that is no job opening (no posting) and not its folder's index page. */
const isNoOpening = ({ file, entry }: ReadPage) =>
  entry.closes === null && path.posix.basename(file) !== 'index.yaml';

/**
 * The "no openings right now" page of the folder of the opening `openingFile` (pages/careers/), in
 * `dir`: a page of that folder with no job posting, kept taken down while openings are open (the
 * first by file name if there are several). When the last opening answering at other addresses
 * (/careers) closes, that page comes back on the site and answers there instead: content, written
 * and worded by editors like any page (pages/careers/no-openings.yaml).
 */
export function noOpeningsPageFor(dir: string, openingFile: string): PageAddresses | undefined {
  const folder = folderOf(openingFile);
  const page = readPages(dir)
    .filter((p) => p.entry.unpublished && folderOf(p.file) === folder && isNoOpening(p))
    .sort((a, b) => a.file.localeCompare(b.file))[0];
  return page && addressesOf(page);
}

/**
 * The "no openings" pages on the site in `dir` answering at other addresses (/careers) while an
 * opening of their folder is open there again (one published since): they give those addresses
 * back to it, taken down as they were before the last opening closed.
 */
export function handBacksDue(dir: string, today: string): PageAddresses[] {
  const open = openings(dir).filter((o) => o.closes >= today);
  return readPages(dir)
    .filter(
      (p) =>
        !p.entry.unpublished &&
        p.entry.aliases.length > 0 &&
        isNoOpening(p) &&
        open.some((o) => folderOf(o.file) === folderOf(p.file)),
    )
    .map(addressesOf);
}

/**
 * The job openings of `dir` taken down after their closing date whose position the served build
 * still offers (`served`: the open positions of the build live on this instance): their Publish
 * took the live branch on but never reached the site (its build could not be shared, or the
 * server died before the switch).
 */
export function closedButServed(dir: string, today: string, served: readonly string[]): string[] {
  if (!served.length) return [];
  const pages = readPages(dir).flatMap((p) => {
    const title = Array.isArray(p.data.blocks) ? jobTitleOf(p.data as Page) : undefined;
    return title ? [{ ...p, title }] : [];
  });
  // A position an open page still offers (two openings with one title) is served rightly.
  const open = new Set(pages.filter((p) => !p.entry.unpublished).map((p) => p.title));
  return pages
    .filter(({ entry, title }) => {
      const closes = entry.closes;
      return (
        entry.unpublished && closes !== null && closes < today && served.includes(title) && !open.has(title)
      );
    })
    .map((p) => p.file);
}
