/**
 * The site's schedules (issue 35), run as "Site schedule":
 *  - a job opening closes by itself: the day after its posting's closing date, its page is taken
 *    down as a content editor would (Take down: marked unpublished, its address leading to
 *    /careers, any other address it holds handed to the first opening that stays open on the
 *    live site), and that draft is published;
 *  - when no opening stays open, that address (/careers) goes to the folder's "no openings right
 *    now" page (pages/careers/no-openings.yaml, content kept taken down until then), put back on
 *    the site in the same change; once an opening is published again, the schedule takes that page
 *    down and hands the address to the opening, unless a person has changed the page since the
 *    schedule put it there (then the log says what to do);
 *  - a page's own Take down at takes it down the same way (its address leading to its section's
 *    page, else home), and its Publish at publishes its draft. Where the clocks change for summer
 *    time, a time that happens twice comes at its first occurrence and a time the clocks skip at
 *    the first minute after the gap (dueSchedules.ts instantOf).
 *
 * It runs inside the server, with no cron: at start (so a closing missed while the server was down
 * is made then) and every minute. With several instances each tick runs under a database lock, and
 * what is already taken down is not taken down again, so each closing happens once. A closing whose
 * take-down was saved but whose Publish did not happen (a build under way, a crash) is published at
 * a later tick, waiting longer after each failure (up to an hour), and said in the log once.
 *
 * The schedule publishes only its own change: when the draft holding the take-down also holds
 * someone's unpublished changes (a colleague's edit of the same opening, say), it leaves the
 * take-down as a draft for a person to publish, and says so in the log.
 */
import { isTakenDown } from '../../../src/content/model.ts';
import { parsedPage } from '../../../src/content/pageEntry.ts';
import { readContentFile } from '../contentStore.ts';
import { git } from '../drafts/gitRun.ts';
import type { Person } from '../history.ts';
import { ContentHistory } from '../history.ts';
import type { PublishState } from '../publish.ts';
import type { SharedRepository } from '../sharedRepository.ts';
import { planTakeDown } from '../takeDownPlan.ts';
import { writeTogether } from '../writeTogether.ts';
import {
  closedButServed,
  closingsDue,
  handBacksDue,
  hasCome,
  heirOf,
  minuteIn,
  nextScheduled,
  noOpeningsPageFor,
  openings,
  type PageAddresses,
  publishesDue,
  readPages,
  scheduledPages,
  siteTimeZone,
  takeDownsDue,
} from './dueSchedules.ts';

/** Who the history and the publish log name for what the schedule does. */
export const SCHEDULE: Person = { name: 'Site schedule', email: 'schedule@localhost' };

const MINUTE = 60_000;

export interface ScheduleRunnerOptions {
  /** The editor's content folder (the drafts worktree): the take-down is saved there. */
  draftsDir: string;
  /** The live content folder: what is on the site. */
  liveDir: string;
  /** The drafts branch's repository (saves go through it, one at a time, shared). */
  repository: SharedRepository;
  /** Brings the live content folder up to what every instance published. */
  catchUpLive?: () => Promise<unknown>;
  /**
   * The draft holding `file` (undefined: none), with who made it: the schedule publishes a take-down
   * only when it alone made that draft.
   */
  draftOf?: (file: string) => Promise<{ by: string[]; since?: string | null } | undefined>;
  /** The open positions of the build this instance serves (a closing published but not served). */
  servedPositions?: () => readonly string[];
  /** Publishes the drafts holding `files` ([]: builds what is live) and resolves when it has ended. */
  publish: (files: string[], by: Person) => Promise<PublishState>;
  /**
   * With review on (CONTENT_REVIEW): whether a publisher approved the draft holding `file`. A page's
   * Publish at then publishes only an approved draft; until it is approved it waits, checked
   * every minute. Absent: review is off.
   */
  approved?: (file: string) => Promise<boolean>;
  /** Runs a tick unless another instance is running one (a database lock); false when it is. */
  exclusive?: (tick: () => Promise<void>) => Promise<boolean>;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface TickOutcome {
  /** The openings taken down in this tick. */
  closed: string[];
  /** The closed openings it published (taken down now or earlier). */
  published: string[];
}

/** The longest wait before trying a failed Publish of closings again. */
const MAX_BACKOFF = 60 * MINUTE;

/**
 * Why a page leaves the site: an opening past its closing date, a page's own Take down at, or a
 * "no openings" page giving /careers back to an opening open again.
 */
type Leaving = { closes: string } | { at: string } | { openAgain: true };

export class ScheduleRunner {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;
  private readonly history: ContentHistory;
  /** What the last tick that found nothing to do saw: the day and both branches' commits. */
  private idleAt = '';
  /** The next page schedule's instant then (ms; a tick at or after it reads the pages again). */
  private nextAt: number | undefined;
  /** Lines already logged (each said once), and when a failed Publish may be tried again. */
  private readonly said = new Set<string>();
  private retryAt = 0;
  private failures = 0;

  constructor(private readonly options: ScheduleRunnerOptions) {
    this.history = new ContentHistory(options.draftsDir);
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  /** Ticks now and every minute after. */
  start(): void {
    this.tickSafely();
    this.timer = setInterval(() => this.tickSafely(), MINUTE);
    this.timer.unref?.();
  }

  /**
   * Stops ticking. A Publish under way is not waited for past a moment: the server's shutdown has a
   * deadline, and a Publish cut short is taken back at the next start (draftsFolder.ts).
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    if (this.running) await Promise.race([this.running, new Promise((r) => setTimeout(r, 1000).unref())]);
  }

  private tickSafely(): void {
    if (this.running) return; // the last tick is still at work (a Publish): this one is skipped
    this.running = this.tick()
      .catch((error: unknown) =>
        this.sayOnce(`Closing job openings failed: ${error instanceof Error ? error.message : error}`),
      )
      .finally(() => {
        this.running = undefined;
      });
  }

  private sayOnce(line: string): void {
    if (this.said.has(line)) return;
    this.said.add(line);
    this.options.log?.(line);
  }

  /** One round: take down every opening past its date, then publish what is taken down but live. */
  async tick(): Promise<TickOutcome> {
    const outcome: TickOutcome = { closed: [], published: [] };
    const run = async () => {
      await this.options.repository.catchUp().catch(() => undefined);
      await this.options.catchUpLive?.().catch(() => undefined);
      const { draftsDir, liveDir } = this.options;
      const zone = siteTimeZone(liveDir);
      const now = this.now();
      const minute = minuteIn(zone, now);
      const today = minute.slice(0, 10);
      // Nothing changed since a tick that had nothing to do (the day, both branches, what is served):
      // no page is read (1,031 pages take 0.7 s).
      const served = this.options.servedPositions?.() ?? [];
      const seen = `${today} ${await headOf(liveDir)} ${await headOf(draftsDir)} ${served.join('\n')}`;
      if (seen === this.idleAt && !(this.nextAt !== undefined && now.getTime() >= this.nextAt)) return;
      for (const opening of closingsDue(draftsDir, today)) {
        const closed = await this.close(opening, today, { closes: opening.closes });
        if (closed) outcome.closed.push(opening.file);
      }
      // Pages whose own Take down at has come.
      for (const page of takeDownsDue(draftsDir, zone, now)) {
        const closed = await this.close(page, today, { at: page.schedule.takeDownAt ?? minute });
        if (closed) outcome.closed.push(page.file);
      }
      // A "no openings" page answering at /careers while an opening is open again: /careers goes back.
      for (const page of handBacksDue(draftsDir, today)) {
        const closed = await this.close(page, today, { openAgain: true });
        if (closed) outcome.closed.push(page.file);
      }
      // Live pages past their time whose draft is taken down: publish them (now or again).
      const stillOpen = new Set([
        ...openings(draftsDir).map((o) => o.file),
        ...scheduledPages(draftsDir)
          .filter((p) => !p.unpublished)
          .map((p) => p.file),
      ]);
      // (A Take down at set in a draft only counts too: the live page has no time to go by.)
      const onLive = new Set([
        ...openings(liveDir).map((o) => o.file),
        ...scheduledPages(liveDir)
          .filter((p) => !p.unpublished)
          .map((p) => p.file),
      ]);
      const takenDownInDrafts = scheduledPages(draftsDir)
        .filter(
          (p) =>
            p.unpublished &&
            p.schedule.takeDownAt &&
            hasCome(zone, p.schedule.takeDownAt, now) &&
            onLive.has(p.file),
        )
        .map((p) => p.file);
      // "No openings" pages on the site while an opening is open there, given back in the drafts.
      const downInDrafts = new Set(
        readPages(draftsDir)
          .filter((p) => p.entry.unpublished)
          .map((p) => p.file),
      );
      const handedBack = handBacksDue(liveDir, today).filter((p) => downInDrafts.has(p.file));
      const due = [...closingsDue(liveDir, today), ...takeDownsDue(liveDir, zone, now), ...handedBack]
        .map((o) => o.file)
        .concat(takenDownInDrafts)
        .filter((f, i, all) => !stillOpen.has(f) && all.indexOf(f) === i);
      const toPublish: string[] = [];
      for (const file of due) {
        const others =
          (await this.options.draftOf?.(file))?.by.filter((name) => name !== SCHEDULE.name) ?? [];
        if (others.length)
          this.sayOnce(
            `${file} is taken down by its schedule as a draft, but that draft also holds unpublished changes by ${others.join(', ')}: it is left for a person to publish (Drafts and publishing).`,
          );
        else toPublish.push(file);
      }
      // Pages whose Publish at has come, with a draft to publish (its own, whoever made it), set
      // while the draft was being made: a time already passed when the draft began (a page moved
      // or restored keeps its old time) publishes nothing.
      const publishes: string[] = [];
      let awaitingApproval = false;
      for (const file of publishesDue(draftsDir, liveDir, zone, now)) {
        const draft = await this.options.draftOf?.(file);
        const at = scheduledPages(draftsDir).find((p) => p.file === file)?.schedule.publishAt;
        // (Compared as the clocks read, as the editor saw them when the draft began.)
        const began = draft?.since ? minuteIn(zone, new Date(draft.since)) : undefined;
        if (!draft || !at || !began || at < began || toPublish.includes(file)) continue;
        // With review on, its time has come but a publisher has not approved it yet: it waits.
        if (this.options.approved && !(await this.options.approved(file))) awaitingApproval = true;
        else publishes.push(file);
      }
      // A closing on the live branch that never reached the site: build what is live again.
      const unserved = closedButServed(liveDir, today, served);
      if (!toPublish.length && !unserved.length && !publishes.length) {
        // (An approval changes no branch: a page waiting for one is looked at again each minute.)
        if (!outcome.closed.length && !awaitingApproval) {
          this.idleAt = seen;
          this.nextAt = nextScheduled([draftsDir, liveDir], zone, now);
        }
        return;
      }
      if (Date.now() < this.retryAt) return;
      // Take-downs first, on their own: a draft refused at its Publish at never holds them up.
      if (toPublish.length || unserved.length) {
        const state = await this.options.publish(toPublish, SCHEDULE);
        if (state.state !== 'done') return this.failed([...toPublish, ...unserved], state);
        outcome.published.push(...toPublish, ...unserved);
      }
      if (publishes.length) {
        const state = await this.options.publish(publishes, SCHEDULE);
        if (state.state !== 'done') return this.failed(publishes, state);
        outcome.published.push(...publishes);
      }
      this.failures = 0;
      this.retryAt = 0;
      // Once built, the same state is not built again (should what is served not follow, say).
      if (!toPublish.length && !publishes.length) this.idleAt = seen;
    };
    const { exclusive } = this.options;
    if (exclusive) await exclusive(run);
    else await run();
    return outcome;
  }

  /** Tried again later, waiting longer each time (2, 4, 8 … minutes, at most an hour); said once. */
  private failed(files: readonly string[], state: PublishState): void {
    this.failures++;
    this.retryAt = Date.now() + Math.min(MAX_BACKOFF, MINUTE * 2 ** this.failures);
    this.sayOnce(
      `Scheduled changes not published yet (${files.join(', ')}): ${state.message ?? state.state}. Tried again later.`,
    );
  }

  /**
   * Takes a page down on the drafts branch: an opening past its date, a page whose Take down at has
   * come, or a "no openings" page whose addresses go back to an opening open again; false (and a
   * line in the log, once) when it cannot be.
   */
  private close(page: PageAddresses, today: string, leaving: Leaving): Promise<boolean> {
    const { draftsDir, liveDir } = this.options;
    return this.options.repository.write(async () => {
      const current = readContentFile(draftsDir, page.file);
      if (!current) return false;
      const open = openings(draftsDir);
      const onSite =
        'at' in leaving
          ? !scheduledPages(draftsDir).find((p) => p.file === page.file)?.unpublished
          : 'closes' in leaving
            ? open.some((o) => o.file === page.file)
            : !isTakenDown(parsedPage(current.text));
      if (!onSite) return false; // taken down meanwhile
      // Its other addresses go to an opening on the live site (never one that is only a draft).
      const live = new Set(openings(liveDir).map((o) => o.file));
      const opening = heirOf(
        page,
        open.filter((o) => live.has(o.file)),
        today,
      );
      // The last opening answering at /careers hands it to its folder's "no openings" page, put
      // back on the site with it (one change, published as one).
      const noOpenings =
        'closes' in leaving && !opening && page.aliases.length
          ? noOpeningsPageFor(draftsDir, page.file)
          : undefined;
      const heir = opening ?? noOpenings;
      if ('openAgain' in leaving) {
        if (!opening) return false; // the opening open again is not on the live site yet
        // The schedule takes back only what it did: a "no openings" page changed by a person since
        // it put it on the site is theirs to take down.
        const last = await this.history.lastChange(page.file).catch(() => null);
        if (last?.name !== SCHEDULE.name) {
          this.sayOnce(
            `${opening.name} (${opening.file}) is open, but ${page.name} (${page.file}) still answers at ${page.aliases.join(' and ')} and was changed by a person: take it down by hand, choosing ${opening.file} to answer there.`,
          );
          return false;
        }
      }
      const aliasesTo = Object.fromEntries(page.aliases.map((alias) => [alias, heir?.file]));
      // A page taking its own schedule down gives no address away: that is for a person to choose.
      if ('at' in leaving && page.aliases.length) {
        this.sayOnce(
          `${page.name} (${page.file}) was to leave the site at ${leaving.at} but also answers at ${page.aliases.join(' and ')}: take it down by hand, choosing the page that answers there.`,
        );
        return false;
      }
      // Its address leads to its section's page on the live site (an opening's: the careers page).
      const to = sectionOf(liveDir, page.path);
      const plan = planTakeDown(draftsDir, page.file, current.text, to, aliasesTo, false, noOpenings?.file);
      const why =
        'at' in leaving
          ? `was to leave the site at ${leaving.at}`
          : 'closes' in leaving
            ? `closed on ${leaving.closes}`
            : `answers at ${page.aliases.join(' and ')} while ${opening?.name} is open`;
      if ('status' in plan) {
        this.sayOnce(
          `${page.name} (${page.file}) ${why} but cannot leave the site by itself: ${plan.message}${plan.errors?.length ? ` ${plan.errors.map((e) => e.message).join(' ')}` : ''}`,
        );
        return false;
      }
      const because =
        'at' in leaving
          ? `scheduled for ${leaving.at}`
          : 'closes' in leaving
            ? `applications closed on ${leaving.closes}`
            : `${opening?.name} is open`;
      await writeTogether(draftsDir, plan.writes, () =>
        this.history.commit([...plan.writes.keys()], SCHEDULE, `${plan.subject} (${because})`),
      );
      return true;
    });
  }
}

/** Where a page's address leads once it is taken down by its schedule: its section's page, else home. */
function sectionOf(dir: string, address: string): string {
  const section = address.replace(/\/[^/]+$/, '') || '/';
  const served = readPages(dir).some(
    ({ entry }) => !entry.unpublished && (entry.path === section || entry.aliases.includes(section)),
  );
  return served ? section : '/';
}

async function headOf(dir: string): Promise<string> {
  try {
    return await git(dir, 'rev-parse', 'HEAD');
  } catch {
    return '';
  }
}
