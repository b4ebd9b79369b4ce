/**
 * The site's schedules (issue 35), run as "Site schedule":
 *  - a job opening closes by itself: the day after its posting's closing date, its page is taken
 *    down as a content editor would (Take down: marked unpublished, its address leading to
 *    /careers, any other address it holds handed to the first opening that stays open on the
 *    live site), and that draft is published;
 *  - a page's own Take down at takes it down the same way (its address leading to its section's
 *    page, else home), and its Publish at publishes its draft.
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
  heirOf,
  minuteIn,
  nextScheduled,
  type Opening,
  openings,
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

export class ScheduleRunner {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;
  private readonly history: ContentHistory;
  /** What the last tick that found nothing to do saw: the day and both branches' commits. */
  private idleAt = '';
  /** The next page schedule's minute then (a tick at or after it reads the pages again). */
  private nextAt: string | undefined;
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
      const minute = minuteIn(zone, this.now());
      const today = minute.slice(0, 10);
      // Nothing changed since a tick that had nothing to do (the day, both branches, what is served):
      // no page is read (1,031 pages take 0.7 s).
      const served = this.options.servedPositions?.() ?? [];
      const seen = `${today} ${await headOf(liveDir)} ${await headOf(draftsDir)} ${served.join('\n')}`;
      if (seen === this.idleAt && !(this.nextAt && minute >= this.nextAt)) return;
      for (const opening of closingsDue(draftsDir, today)) {
        const closed = await this.close(opening, today);
        if (closed) outcome.closed.push(opening.file);
      }
      // Pages whose own Take down at has come.
      for (const page of takeDownsDue(draftsDir, minute)) {
        const closed = await this.close(page, today, page.schedule.takeDownAt);
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
            p.unpublished && p.schedule.takeDownAt && p.schedule.takeDownAt <= minute && onLive.has(p.file),
        )
        .map((p) => p.file);
      const due = [...closingsDue(liveDir, today), ...takeDownsDue(liveDir, minute)]
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
      for (const file of publishesDue(draftsDir, liveDir, minute)) {
        const draft = await this.options.draftOf?.(file);
        const at = scheduledPages(draftsDir).find((p) => p.file === file)?.schedule.publishAt;
        const began = draft?.since ? minuteIn(zone, new Date(draft.since)) : undefined;
        if (draft && at && began && at >= began && !toPublish.includes(file)) publishes.push(file);
      }
      // A closing on the live branch that never reached the site: build what is live again.
      const unserved = closedButServed(liveDir, today, served);
      if (!toPublish.length && !unserved.length && !publishes.length) {
        if (!outcome.closed.length) {
          this.idleAt = seen;
          this.nextAt = nextScheduled([draftsDir, liveDir], minute);
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
   * Takes a page down on the drafts branch: an opening past its date (`at` undefined), or a page
   * whose Take down at has come (`at`); false (and a line in the log, once) when it cannot be.
   */
  private close(
    opening: Pick<Opening, 'file' | 'name' | 'path' | 'aliases'> & { closes?: string },
    today: string,
    at?: string,
  ): Promise<boolean> {
    const { draftsDir, liveDir } = this.options;
    return this.options.repository.write(async () => {
      const current = readContentFile(draftsDir, opening.file);
      if (!current) return false;
      const open = openings(draftsDir);
      const onSite = at
        ? !scheduledPages(draftsDir).find((p) => p.file === opening.file)?.unpublished
        : open.some((o) => o.file === opening.file);
      if (!onSite) return false; // taken down meanwhile
      // Its other addresses go to an opening on the live site (never one that is only a draft).
      const live = new Set(openings(liveDir).map((o) => o.file));
      const heir = heirOf(
        opening,
        open.filter((o) => live.has(o.file)),
        today,
      );
      const aliasesTo = Object.fromEntries(opening.aliases.map((alias) => [alias, heir?.file]));
      // A page taking its own schedule down gives no address away: that is for a person to choose.
      if (at && opening.aliases.length) {
        this.sayOnce(
          `${opening.name} (${opening.file}) was to leave the site at ${at} but also answers at ${opening.aliases.join(' and ')}: take it down by hand, choosing the page that answers there.`,
        );
        return false;
      }
      // Its address leads to its section's page on the live site (an opening's: the careers page).
      const to = sectionOf(liveDir, opening.path);
      const plan = planTakeDown(draftsDir, opening.file, current.text, to, aliasesTo);
      const why = at ? `was to leave the site at ${at}` : `closed on ${opening.closes}`;
      if ('status' in plan) {
        this.sayOnce(
          `${opening.name} (${opening.file}) ${why} but cannot leave the site by itself: ${plan.message}${plan.errors?.length ? ` ${plan.errors.map((e) => e.message).join(' ')}` : ''}`,
        );
        return false;
      }
      await writeTogether(draftsDir, plan.writes, () =>
        this.history.commit(
          [...plan.writes.keys()],
          SCHEDULE,
          `${plan.subject} (${at ? `scheduled for ${at}` : `applications closed on ${opening.closes}`})`,
        ),
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
