// @vitest-environment node
/**
 * Job openings close by themselves (issue 35), with real git and a clock the test sets: the day
 * after a posting's closing date in the site's time zone (Asia/Kolkata), the opening is taken down
 * (its address leading to /careers) by "Site schedule" and published, once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Drafts } from '../drafts/drafts.ts';
import { draftsHarness, scheduleRunnerOn } from '../drafts/draftsTestSupport.ts';
import { contentCopy, removeContentCopies } from '../editorTestSupport.ts';
import type { SitePublisher } from '../publish.ts';
import { siteTimeZone, todayIn } from './dueSchedules.ts';
import { SCHEDULE, type ScheduleRunner, type ScheduleRunnerOptions } from './runSchedules.ts';

const APP_DEVELOPER = 'pages/careers/app-developer.yaml';
const SUPPORT = 'pages/careers/customer-support.yaml';

let live: string;
let app: FastifyInstance;
let now = new Date();
const logged: string[] = [];
let closer: ScheduleRunner;
let drafts: Drafts;
let publisher: SitePublisher;
/** The open positions of the build served, as site-facts.json gives them (none: not asked). */
let served: string[] = [];
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const livePage = (file: string) => parse(readFileSync(path.join(live, file), 'utf8'));
/** A colleague's unpublished change: `file` in the drafts with `from` replaced by `to`, committed as Priya. */
function draftByPriya(file: string, from: string | RegExp, to: string, message: string) {
  const abs = path.join(drafts.folder, file);
  writeFileSync(abs, readFileSync(abs, 'utf8').replace(from, to));
  git(
    drafts.folder,
    '-c',
    'user.name=Priya',
    '-c',
    'user.email=priya@example.com',
    'commit',
    '-qam',
    message,
  );
}

/** A schedule runner on this test's folders, publisher and clock, with `extra` options. */
const scheduleRunner = (extra: Partial<ScheduleRunnerOptions> = {}): ScheduleRunner =>
  scheduleRunnerOn({ live, drafts, publisher }, { servedPositions: () => served, now: () => now, ...extra });

beforeAll(async () => {
  ({ live, drafts, app, publisher } = await draftsHarness({
    live: (dir) => {
      // The App Developer opening closes earlier than the others: its last day is 15 January 2027.
      const file = path.join(dir, APP_DEVELOPER);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('validThrough: "2027-02-28"', 'validThrough: "2027-01-15"'),
      );
      git(
        dir,
        '-c',
        'user.name=Setup',
        '-c',
        'user.email=setup@example.com',
        'commit',
        '-qam',
        'Closes sooner',
      );
    },
  }));
  closer = scheduleRunner({ log: (line) => logged.push(line) });
});
afterAll(async () => {
  await closer.stop();
  await app.close();
  removeContentCopies();
});

describe('job openings closing by themselves', () => {
  it("reads the site's time zone from site.yaml, and falls back to Asia/Kolkata", () => {
    const dir = contentCopy();
    expect(siteTimeZone(dir)).toBe('Asia/Kolkata');
    const site = path.join(dir, 'site.yaml');
    writeFileSync(
      site,
      readFileSync(site, 'utf8').replace('timeZone: Asia/Kolkata', 'timeZone: America/New_York'),
    );
    expect(siteTimeZone(dir)).toBe('America/New_York');
    writeFileSync(
      site,
      readFileSync(site, 'utf8').replace('timeZone: America/New_York', 'timeZone: Mars/Olympus'),
    );
    expect(siteTimeZone(dir)).toBe('Asia/Kolkata');
  });

  it("counts days in the site's time zone", () => {
    const lateOn15th = new Date('2027-01-15T19:00:00Z'); // 16 January, 00:30 in Bangalore
    expect(todayIn('Asia/Kolkata', lateOn15th)).toBe('2027-01-16');
    expect(todayIn('UTC', lateOn15th)).toBe('2027-01-15');
  });

  it('leaves an opening on the site through its closing day', async () => {
    now = new Date('2027-01-15T23:30:00+05:30');
    expect(await closer.tick()).toEqual({ closed: [], published: [] });
    expect(livePage(APP_DEVELOPER).unpublished).toBeUndefined();
  });

  it('takes it down the day after, its address leading to /careers, and publishes that', async () => {
    now = new Date('2027-01-16T00:30:00+05:30');
    expect(await closer.tick()).toEqual({ closed: [APP_DEVELOPER], published: [APP_DEVELOPER] });
    expect(livePage(APP_DEVELOPER).unpublished).toBe(true);
    expect(livePage('redirects.yaml').redirects).toContainEqual({
      from: '/careers/app-developer',
      to: '/careers',
    });
    // Recorded as the schedule's, in the drafts' history and in what went live.
    expect(git(drafts.folder, 'log', '-1', '--format=%an|%s', '--', APP_DEVELOPER)).toBe(
      `${SCHEDULE.name}|Take down Mobile App Developer (Bangalore) | Careers (${APP_DEVELOPER}): /careers/app-developer now leads to /careers (applications closed on 2027-01-15)`,
    );
    expect(git(live, 'log', '-1', '--format=%an')).toBe(SCHEDULE.name);
    // The other openings stay.
    expect(livePage(SUPPORT).unpublished).toBeUndefined();
  });

  it('does it once: the next tick finds nothing to do', async () => {
    const head = git(live, 'rev-parse', 'HEAD');
    now = new Date('2027-01-16T09:00:00+05:30');
    expect(await closer.tick()).toEqual({ closed: [], published: [] });
    expect(git(live, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('builds again when a closing reached the live branch but not the site (its build could not be shared)', async () => {
    const head = git(live, 'rev-parse', 'HEAD');
    served = ['Mobile App Developer', 'Customer Support'];
    now = new Date('2027-01-16T10:00:00+05:30');
    expect(await closer.tick()).toEqual({ closed: [], published: [APP_DEVELOPER] });
    // Nothing new was committed: what is live was built again.
    expect(git(live, 'rev-parse', 'HEAD')).toBe(head);
    served = [];
  });

  it("closes the rest after their day, but publishes no one else's draft; says each thing once", async () => {
    logged.length = 0;
    // A colleague's unpublished redirect: the take-downs change redirects.yaml too, so their drafts
    // hold it, and the schedule must not put it live.
    draftByPriya(
      'redirects.yaml',
      /^redirects:.*$/m,
      'redirects:\n  - from: /old-team\n    to: /about',
      'A redirect, not ready',
    );
    now = new Date('2027-03-01T08:00:00+05:30');
    const outcome = await closer.tick();
    expect(outcome).toEqual({
      closed: [
        'pages/careers/business-executive.yaml',
        SUPPORT,
        'pages/careers/digital-marketing.yaml',
        'pages/careers/graphic-designer.yaml',
      ],
      published: [],
    });
    expect(livePage('pages/careers/graphic-designer.yaml').unpublished).toBeUndefined();
    expect(livePage('redirects.yaml').redirects).not.toContainEqual({ from: '/old-team', to: '/about' });
    const said = logged.join('\n');
    expect(said).toMatch(
      /pages\/careers\/graphic-designer\.yaml is taken down by its schedule as a draft, but that draft also holds unpublished changes by Priya: it is left for a person to publish/,
    );
    // The one holding /careers hands it to the "no openings" page (noOpenings.test.ts), in a draft
    // left for a person like the others.
    expect(livePage(SUPPORT).unpublished).toBeUndefined();
    expect(said).not.toMatch(/cannot leave the site by itself/);
    // A minute later: nothing new to do, and nothing said again.
    const lines = logged.length;
    now = new Date('2027-03-01T08:01:00+05:30');
    expect(await closer.tick()).toEqual({ closed: [], published: [] });
    expect(logged.length).toBe(lines);
  });
});

describe("a page's own schedule", () => {
  const PRIVACY = 'pages/privacy.yaml';
  it('publishes its draft at its Publish at, not a minute before', async () => {
    draftByPriya(
      PRIVACY,
      /^title: .*$/m,
      'title: Privacy, from March\nschedule:\n  publishAt: "2027-03-01T09:30"\n  takeDownAt: "2027-03-01T10:00"',
      'Privacy from March',
    );
    now = new Date('2027-03-01T09:29:00+05:30');
    expect((await closer.tick()).published).toEqual([]);
    expect(livePage(PRIVACY).title).not.toBe('Privacy, from March');
    now = new Date('2027-03-01T09:30:00+05:30');
    expect((await closer.tick()).published).toEqual([PRIVACY]);
    expect(livePage(PRIVACY).title).toBe('Privacy, from March');
    // Published at its time, a later draft of it is not published by that time.
    draftByPriya(PRIVACY, 'title: Privacy, from March', 'title: Privacy, edited after', 'Edited after');
    now = new Date('2027-03-01T09:45:00+05:30');
    expect(await closer.tick()).toEqual({ closed: [], published: [] });
    expect(livePage(PRIVACY).title).toBe('Privacy, from March');
    await drafts.discard([PRIVACY], { name: 'Priya', email: 'priya@example.com' });
  });

  it('takes it down at its Take down at, its address leading to its section (here the home page)', async () => {
    // The colleague's redirect draft is discarded, so the schedule's changes are its own.
    await drafts.discard(['redirects.yaml'], { name: 'Priya', email: 'priya@example.com' });
    now = new Date('2027-03-01T10:00:00+05:30');
    const outcome = await closer.tick();
    expect(outcome.closed).toContain(PRIVACY);
    expect(outcome.published).toContain(PRIVACY);
    expect(livePage(PRIVACY).unpublished).toBe(true);
    expect(livePage('redirects.yaml').redirects).toContainEqual({ from: '/privacy', to: '/' });
  });
});

describe('a Publish at with review on (CONTENT_REVIEW)', () => {
  const CONTACT = 'pages/about.yaml';
  it('waits for a publisher’s approval, checked each minute, then publishes', async () => {
    let approved = false;
    const asked: string[] = [];
    const reviewed = scheduleRunner({
      approved: async (file) => {
        asked.push(file);
        return approved;
      },
    });
    now = new Date('2027-03-02T08:00:00+05:30');
    draftByPriya(
      CONTACT,
      /^title: .*$/m,
      'title: About, reviewed\nschedule:\n  publishAt: "2027-03-02T09:00"',
      'About at nine',
    );
    now = new Date('2027-03-02T09:00:00+05:30');
    expect((await reviewed.tick()).published).toEqual([]);
    expect(asked).toEqual([CONTACT]);
    expect(livePage(CONTACT).title).not.toBe('About, reviewed');
    // Nothing changed on either branch, yet the next minute looks again (an approval changes none).
    now = new Date('2027-03-02T09:01:00+05:30');
    expect((await reviewed.tick()).published).toEqual([]);
    expect(asked).toEqual([CONTACT, CONTACT]);
    approved = true;
    now = new Date('2027-03-02T09:02:00+05:30');
    expect((await reviewed.tick()).published).toEqual([CONTACT]);
    expect(livePage(CONTACT).title).toBe('About, reviewed');
    await reviewed.stop();
  });
});
