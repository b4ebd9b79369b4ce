// @vitest-environment node
/**
 * "No openings right now" (issue 35): with no job open, /careers shows pages/careers/no-openings.yaml,
 * content kept taken down until then. When the last opening answering at /careers closes, the
 * schedule hands /careers to that page, put back on the site in the same change, and publishes it;
 * when an opening is published again, it takes the page down and hands /careers to the opening. It
 * takes back only what it did: a no-openings page a person has changed since is left to them. Real
 * git, the real validator, a clock the test sets (Asia/Kolkata).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFolder } from '../../../node/folderSource.ts';
import { formatError } from '../../../src/validator/formatErrors.ts';
import type { Drafts } from '../drafts/drafts.ts';
import { draftsHarness, scheduleRunnerOn } from '../drafts/draftsTestSupport.ts';
import { removeContentCopies } from '../editorTestSupport.ts';
import type { Person } from '../history.ts';
import type { SitePublisher } from '../publish.ts';
import { putBackText, redirectsTextWithout } from '../takeDown.ts';
import { SCHEDULE, type ScheduleRunner } from './runSchedules.ts';

const NO_OPENINGS = 'pages/careers/no-openings.yaml';
const SUPPORT = 'pages/careers/customer-support.yaml';
const APP_DEVELOPER = 'pages/careers/app-developer.yaml';
const EXECUTIVE = 'pages/careers/business-executive.yaml';
const OPENINGS = [
  APP_DEVELOPER,
  EXECUTIVE,
  SUPPORT,
  'pages/careers/digital-marketing.yaml',
  'pages/careers/graphic-designer.yaml',
];
const PRIYA: Person = { name: 'Priya', email: 'priya@example.com' };

let live: string;
let app: FastifyInstance;
let now = new Date();
const logged: string[] = [];
let runner: ScheduleRunner;
let drafts: Drafts;
let publisher: SitePublisher;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const livePage = (file: string) => parse(readFileSync(path.join(live, file), 'utf8'));
const liveRedirects = () => (livePage('redirects.yaml').redirects ?? []) as { from: string; to: string }[];
/** The live site as the validator reads it on `today`: its errors, and who answers at an address. */
function liveSite(today: string) {
  const reading = readFolder(live, { today });
  const answering = (address: string) => reading.model?.routes.find((r) => r.path === address)?.file;
  return {
    errors: reading.errors.map(formatError),
    answering,
    jobs: (reading.model?.collections.jobs ?? []).map((j) => j.link),
  };
}

/** Priya changes `file` in the drafts (with redirects.yaml, when given) and publishes it. */
async function publishByPriya(changes: Record<string, (text: string) => string>, message: string) {
  for (const [file, change] of Object.entries(changes)) {
    const abs = path.join(drafts.folder, file);
    writeFileSync(abs, change(readFileSync(abs, 'utf8')));
  }
  git(
    drafts.folder,
    '-c',
    `user.name=${PRIYA.name}`,
    '-c',
    `user.email=${PRIYA.email}`,
    'commit',
    '-qam',
    message,
  );
  publisher.start(PRIYA, Object.keys(changes));
  await publisher.settled();
  expect(publisher.state()).toMatchObject({ state: 'done' });
}
/** An opening taken down, put back by Priya with a new closing date (as Put back and an edit do). */
const reopen = (file: string, validThrough: string) => ({
  [file]: (text: string) =>
    putBackText(text).replace(/validThrough: "\d{4}-\d{2}-\d{2}"/, `validThrough: "${validThrough}"`),
  'redirects.yaml': (text: string) => redirectsTextWithout(text, `/careers/${path.basename(file, '.yaml')}`),
});

beforeAll(async () => {
  ({ live, drafts, app, publisher } = await draftsHarness());
  runner = scheduleRunnerOn(
    { live, drafts, publisher },
    { now: () => now, log: (line) => logged.push(line) },
  );
});
afterAll(async () => {
  await runner.stop();
  await app.close();
  removeContentCopies();
});

describe('"no openings right now" at /careers', () => {
  it('is content kept off the site while openings are open', () => {
    const page = livePage(NO_OPENINGS);
    expect(page.unpublished).toBe(true);
    expect(page.aliases).toBeUndefined();
    const site = liveSite('2027-01-10');
    expect(site.errors).toEqual([]);
    expect(site.answering('/careers')).toBe(SUPPORT);
    expect(site.answering('/careers/no-openings')).toBeUndefined();
    expect(site.jobs).toHaveLength(OPENINGS.length);
  });

  it('answers at /careers once the last opening closes: put back with it, and published', async () => {
    now = new Date('2027-03-01T00:30:00+05:30'); // every sample opening's last day was 28 February
    const outcome = await runner.tick();
    expect(outcome.closed).toEqual(OPENINGS);
    expect(outcome.published).toEqual(expect.arrayContaining(OPENINGS));
    // The last opening holding /careers is taken down, not left on the site.
    expect(livePage(SUPPORT).unpublished).toBe(true);
    expect(livePage(SUPPORT).aliases).toBeUndefined();
    expect(livePage(NO_OPENINGS).unpublished).toBeUndefined();
    expect(livePage(NO_OPENINGS).aliases).toEqual(['/careers']);
    expect(liveRedirects()).toContainEqual({ from: '/careers/customer-support', to: '/careers' });
    const site = liveSite('2027-03-01');
    expect(site.errors).toEqual([]);
    expect(site.answering('/careers')).toBe(NO_OPENINGS);
    expect(site.jobs).toEqual([]);
    expect(git(drafts.folder, 'log', '-1', '--format=%an|%s', '--', NO_OPENINGS)).toBe(
      `${SCHEDULE.name}|Take down Customer Support (Remote) | Careers (${SUPPORT}): /careers/customer-support now leads to /careers; /careers to ${NO_OPENINGS} (put back on the site) (applications closed on 2027-02-28)`,
    );
    expect(logged.join('\n')).not.toMatch(/cannot leave the site/);
  });

  it('is valid on the site beside a newly published opening, which then takes /careers back', async () => {
    await publishByPriya(reopen(APP_DEVELOPER, '2027-06-30'), 'App Developer open again');
    // Both live for a moment: the content is valid, /careers still the no-openings page.
    const both = liveSite('2027-03-02');
    expect(both.errors).toEqual([]);
    expect(both.answering('/careers')).toBe(NO_OPENINGS);
    expect(both.jobs).toEqual(['/careers/app-developer']);
    now = new Date('2027-03-02T09:00:00+05:30');
    expect(await runner.tick()).toEqual({ closed: [NO_OPENINGS], published: [NO_OPENINGS] });
    expect(livePage(NO_OPENINGS).unpublished).toBe(true);
    expect(livePage(NO_OPENINGS).aliases).toBeUndefined();
    expect(livePage(APP_DEVELOPER).aliases).toEqual(['/careers']);
    expect(liveRedirects()).toContainEqual({ from: '/careers/no-openings', to: '/careers' });
    const after = liveSite('2027-03-02');
    expect(after.errors).toEqual([]);
    expect(after.answering('/careers')).toBe(APP_DEVELOPER);
    // Once: the next tick has nothing to do.
    now = new Date('2027-03-02T09:01:00+05:30');
    expect(await runner.tick()).toEqual({ closed: [], published: [] });
  });

  it('comes back when that opening closes too, its own address served again (no redirect from it)', async () => {
    now = new Date('2027-07-01T00:30:00+05:30');
    expect(await runner.tick()).toEqual({ closed: [APP_DEVELOPER], published: [APP_DEVELOPER] });
    expect(livePage(NO_OPENINGS).aliases).toEqual(['/careers']);
    expect(liveRedirects().map((r) => r.from)).not.toContain('/careers/no-openings');
    const site = liveSite('2027-07-01');
    expect(site.errors).toEqual([]);
    expect(site.answering('/careers')).toBe(NO_OPENINGS);
    expect(site.answering('/careers/no-openings')).toBe(NO_OPENINGS);
  });

  it('is left to a person once a person has changed it, and the log says what to do, once', async () => {
    await publishByPriya(
      { [NO_OPENINGS]: (text) => text.replace('Still keen to work with us?', 'Keen to join us?') },
      'Friendlier words',
    );
    await publishByPriya(reopen(EXECUTIVE, '2027-09-30'), 'Business Executive open again');
    logged.length = 0;
    now = new Date('2027-07-02T09:00:00+05:30');
    expect(await runner.tick()).toEqual({ closed: [], published: [] });
    expect(livePage(NO_OPENINGS).unpublished).toBeUndefined();
    expect(liveSite('2027-07-02').errors).toEqual([]);
    expect(logged).toEqual([
      `Business Executive (${EXECUTIVE}) is open, but No openings right now (${NO_OPENINGS}) still answers at /careers and was changed by a person: take it down by hand, choosing ${EXECUTIVE} to answer there.`,
    ]);
    now = new Date('2027-07-02T09:01:00+05:30');
    await runner.tick();
    expect(logged).toHaveLength(1);
  });
});
