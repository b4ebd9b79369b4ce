/**
 * What the schedules find in a content folder (issue 35), in the site's time zone (`timeZone` in
 * site.yaml, default Asia/Kolkata): job openings past their closing date (a posting's `validThrough`
 * is its last day for applications, so the opening leaves the site on the day after), and pages
 * whose own `schedule` (publishAt, takeDownAt: "YYYY-MM-DDTHH:MM") has come. Pure reading of a
 * content folder: runSchedules.ts acts.
 */
import { readFileSync } from 'node:fs';
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
import { scanPageFiles } from '../fileProblems.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** One page file of a content folder, parsed, with its entry (address, name, closing day, schedule). */
export interface ReadPage {
  file: string;
  data: NonNullable<ReturnType<typeof parsedPage>>;
  entry: PageEntry;
}

/** Every page of `dir` that can be read (the schedules skip one that cannot; the validator names it). */
export function readPages(dir: string): ReadPage[] {
  const schemas = readSchemaFiles();
  return scanPageFiles(dir).files.flatMap((file) => {
    try {
      const data = parsedPage(readFileSync(path.join(dir, file), 'utf8'));
      return data ? [{ file, data, entry: pageEntryOf(file, data, schemas) }] : [];
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

/** The pages on the site in `dir` whose Take down at has come. */
export function takeDownsDue(dir: string, minute: string): ScheduledPage[] {
  return scheduledPages(dir).filter(
    (p) => !p.unpublished && p.schedule.takeDownAt && p.schedule.takeDownAt <= minute,
  );
}

/**
 * The pages of the drafts folder `draftsDir` whose Publish at has come and is not the one live
 * already (a page published at its time keeps the time in its file; a later draft of it is not
 * published by that old time, only by a new one).
 */
export function publishesDue(draftsDir: string, liveDir: string, minute: string): string[] {
  const live = new Map(scheduledPages(liveDir).map((p) => [p.file, p.schedule.publishAt]));
  return scheduledPages(draftsDir)
    .filter(
      (p) =>
        p.schedule.publishAt && p.schedule.publishAt <= minute && live.get(p.file) !== p.schedule.publishAt,
    )
    .map((p) => p.file);
}

/** The earliest time still to come in the schedules of `dirs`, if any. */
export function nextScheduled(dirs: readonly string[], minute: string): string | undefined {
  return dirs
    .flatMap((dir) => scheduledPages(dir).flatMap((p) => [p.schedule.publishAt, p.schedule.takeDownAt]))
    .filter((at): at is string => at !== undefined && at > minute)
    .sort()[0];
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
