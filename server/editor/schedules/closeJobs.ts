/**
 * Job openings close by themselves (issue 35). The day after a posting's closing date, its page is
 * taken down as a content editor would (Take down: marked unpublished, its address leading to
 * /careers, any other address it holds handed to the first opening that stays open), by "Site
 * schedule", and that draft is published.
 *
 * It runs inside the server, with no cron: at start (so a closing missed while the server was down
 * is made then) and every minute. With several instances each tick runs under a database lock, and
 * what is already taken down is not taken down again, so each closing happens once. A closing whose
 * take-down was saved but whose Publish did not happen (a build under way, a crash) is published at
 * the next tick.
 */

import { readContentFile } from '../contentStore.ts';
import type { Person } from '../history.ts';
import { ContentHistory } from '../history.ts';
import type { PublishState } from '../publish.ts';
import type { SharedRepository } from '../sharedRepository.ts';
import { planTakeDown } from '../takeDownPlan.ts';
import { writeTogether } from '../writeTogether.ts';
import { closingsDue, heirOf, type Opening, openings, siteTimeZone, todayIn } from './closingJobs.ts';

/** Who the history and the publish log name for what the schedule does. */
export const SCHEDULE: Person = { name: 'Site schedule', email: 'schedule@localhost' };

/** Where a closed opening's address leads. */
const CAREERS = '/careers';
const MINUTE = 60_000;

export interface JobCloserOptions {
  /** The editor's content folder (the drafts worktree): the take-down is saved there. */
  draftsDir: string;
  /** The live content folder: what is on the site. */
  liveDir: string;
  /** The drafts branch's repository (saves go through it, one at a time, shared). */
  repository: SharedRepository;
  /** Publishes the drafts holding `files` and resolves when that Publish has ended. */
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

export class JobCloser {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly history: ContentHistory;

  constructor(private readonly options: JobCloserOptions) {
    this.history = new ContentHistory(options.draftsDir);
  }

  /** Ticks now and every minute after. */
  start(): void {
    this.tickSafely();
    this.timer = setInterval(() => this.tickSafely(), MINUTE);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tickSafely(): void {
    this.running = this.running
      .then(() => this.tick())
      .catch((error: unknown) =>
        this.options.log?.(`Closing job openings failed: ${error instanceof Error ? error.message : error}`),
      );
  }

  /** One round: take down every opening past its date, then publish what is taken down but live. */
  async tick(): Promise<TickOutcome> {
    const outcome: TickOutcome = { closed: [], published: [] };
    const run = async () => {
      await this.options.repository.catchUp().catch(() => undefined);
      const { draftsDir, liveDir } = this.options;
      const today = todayIn(siteTimeZone(liveDir), (this.options.now ?? (() => new Date()))());
      for (const opening of closingsDue(draftsDir, today)) {
        const closed = await this.close(opening, today);
        if (closed) outcome.closed.push(opening.file);
      }
      // Live openings past their date whose draft is taken down: publish them (now or again).
      const stillOpen = new Set(openings(draftsDir).map((o) => o.file));
      const toPublish = closingsDue(liveDir, today)
        .map((o) => o.file)
        .filter((f) => !stillOpen.has(f));
      if (!toPublish.length) return;
      const state = await this.options.publish(toPublish, SCHEDULE);
      if (state.state === 'done') outcome.published.push(...toPublish);
      else
        this.options.log?.(
          `Closed job openings not published yet (${toPublish.join(', ')}): ${state.message ?? state.state}`,
        );
    };
    const { exclusive } = this.options;
    if (exclusive) await exclusive(run);
    else await run();
    return outcome;
  }

  /** Takes `opening` down on the drafts branch; false (and a line in the log) when it cannot be. */
  private close(opening: Opening, today: string): Promise<boolean> {
    const { draftsDir } = this.options;
    return this.options.repository.write(async () => {
      const current = readContentFile(draftsDir, opening.file);
      if (!current) return false;
      const all = openings(draftsDir);
      if (!all.some((o) => o.file === opening.file)) return false; // taken down meanwhile
      const heir = heirOf(opening, all, today);
      const aliasesTo = Object.fromEntries(opening.aliases.map((alias) => [alias, heir?.file]));
      const plan = planTakeDown(draftsDir, opening.file, current.text, CAREERS, aliasesTo);
      if ('status' in plan) {
        this.options.log?.(
          `${opening.name} (${opening.file}) closed on ${opening.closes} but cannot leave the site by itself: ${plan.message}${plan.errors?.length ? ` ${plan.errors.map((e) => e.message).join(' ')}` : ''}`,
        );
        return false;
      }
      await writeTogether(draftsDir, plan.writes, () =>
        this.history.commit(
          [...plan.writes.keys()],
          SCHEDULE,
          `${plan.subject} (applications closed on ${opening.closes})`,
        ),
      );
      return true;
    });
  }
}
