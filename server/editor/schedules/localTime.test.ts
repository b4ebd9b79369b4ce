// @vitest-environment node
/**
 * A schedule's time ("YYYY-MM-DDTHH:MM", the site's time zone) where the clocks change for summer
 * time (America/New_York): a time in the autumn's repeated hour comes at its first occurrence (and
 * a server that missed it does it at once, in the second); a time in the spring's gap, which the
 * clocks skip, comes at the first minute after the gap and is never skipped. Fixed clocks, real git.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Drafts, localDrafts } from '../drafts/drafts.ts';
import { contentCopy, removeContentCopies } from '../editorTestSupport.ts';
import type { PublishState } from '../publish.ts';
import { hasCome, instantOf, minuteIn, nextScheduled, publishesDue, takeDownsDue } from './dueSchedules.ts';
import { ScheduleRunner } from './runSchedules.ts';

const NEW_YORK = 'America/New_York';
/** 2026-11-01: 01:00–01:59 happens twice (EDT, UTC−4, then EST, UTC−5). */
const REPEATED = '2026-11-01T01:30';
/** 2027-03-14: the clocks go from 01:59 to 03:00 (EST to EDT); 02:30 never happens. */
const SKIPPED = '2027-03-14T02:30';
const at = (iso: string) => new Date(iso);
const PRIVACY = 'pages/privacy.yaml';
const ABOUT = 'pages/about.yaml';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
function edit(dir: string, file: string, from: string | RegExp, to: string) {
  const abs = path.join(dir, file);
  const text = readFileSync(abs, 'utf8');
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${file}: nothing to replace`);
  writeFileSync(abs, changed);
}
/** A copy of the content, its time zone New York's. */
function newYorkCopy(options: { git?: boolean } = {}): string {
  const dir = contentCopy(options);
  edit(dir, 'site.yaml', 'timeZone: Asia/Kolkata', `timeZone: ${NEW_YORK}`);
  return dir;
}
const schedule = (dir: string, file: string, lines: string) =>
  edit(dir, file, /^title: .*$/m, `$&\nschedule:\n${lines}`);

afterAll(() => removeContentCopies());

describe('the moment a schedule time comes', () => {
  it('is the minute itself where the clocks never change (Asia/Kolkata)', () => {
    expect(new Date(instantOf('Asia/Kolkata', '2027-01-16T00:30')).toISOString()).toBe(
      '2027-01-15T19:00:00.000Z',
    );
  });

  it('is the first occurrence of a time the autumn repeats', () => {
    // 01:30 EDT, not 01:30 EST an hour later.
    expect(new Date(instantOf(NEW_YORK, REPEATED)).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(minuteIn(NEW_YORK, at('2026-11-01T06:30:00Z'))).toBe(REPEATED); // the second one
    expect(hasCome(NEW_YORK, REPEATED, at('2026-11-01T05:29:00Z'))).toBe(false);
    expect(hasCome(NEW_YORK, REPEATED, at('2026-11-01T05:30:00Z'))).toBe(true);
    // In the second pass the clocks read 01:10 again, before 01:30, yet the time has come.
    expect(minuteIn(NEW_YORK, at('2026-11-01T06:10:00Z'))).toBe('2026-11-01T01:10');
    expect(hasCome(NEW_YORK, REPEATED, at('2026-11-01T06:10:00Z'))).toBe(true);
    // Either side of the repeat, each time is its minute.
    expect(new Date(instantOf(NEW_YORK, '2026-11-01T00:59')).toISOString()).toBe('2026-11-01T04:59:00.000Z');
    expect(new Date(instantOf(NEW_YORK, '2026-11-01T02:00')).toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it("is the first minute after the spring's gap for a time the clocks skip", () => {
    for (const skipped of ['2027-03-14T02:00', SKIPPED, '2027-03-14T02:59'])
      expect(new Date(instantOf(NEW_YORK, skipped)).toISOString()).toBe('2027-03-14T07:00:00.000Z');
    expect(minuteIn(NEW_YORK, at('2027-03-14T07:00:00Z'))).toBe('2027-03-14T03:00');
    expect(hasCome(NEW_YORK, SKIPPED, at('2027-03-14T06:59:00Z'))).toBe(false); // 01:59 EST
    expect(hasCome(NEW_YORK, SKIPPED, at('2027-03-14T07:00:00Z'))).toBe(true); // 03:00 EDT
    expect(new Date(instantOf(NEW_YORK, '2027-03-14T03:01')).toISOString()).toBe('2027-03-14T07:01:00.000Z');
  });

  it("is what the content folder's schedules are due by", () => {
    const live = newYorkCopy();
    const drafts = newYorkCopy();
    schedule(live, PRIVACY, `  takeDownAt: "${REPEATED}"`);
    schedule(drafts, ABOUT, `  publishAt: "${SKIPPED}"`);
    const files = (pages: { file: string }[]) => pages.map((p) => p.file);
    expect(files(takeDownsDue(live, NEW_YORK, at('2026-11-01T05:29:00Z')))).toEqual([]);
    expect(files(takeDownsDue(live, NEW_YORK, at('2026-11-01T05:30:00Z')))).toEqual([PRIVACY]);
    expect(files(takeDownsDue(live, NEW_YORK, at('2026-11-01T06:10:00Z')))).toEqual([PRIVACY]);
    expect(publishesDue(drafts, live, NEW_YORK, at('2027-03-14T06:59:00Z'))).toEqual([]);
    expect(publishesDue(drafts, live, NEW_YORK, at('2027-03-14T07:00:00Z'))).toEqual([ABOUT]);
    // The next time to come is an instant: the repeated 01:30's first occurrence, then the gap's end.
    expect(nextScheduled([drafts, live], NEW_YORK, at('2026-11-01T05:00:00Z'))).toBe(
      Date.parse('2026-11-01T05:30:00Z'),
    );
    expect(nextScheduled([drafts, live], NEW_YORK, at('2026-11-01T06:10:00Z'))).toBe(
      Date.parse('2027-03-14T07:00:00Z'),
    );
  });
});

describe('the schedule runner where the clocks change', () => {
  let drafts: Drafts;
  let runner: ScheduleRunner;
  let now = new Date();
  const published: string[][] = [];

  beforeAll(() => {
    const live = newYorkCopy({ git: true });
    schedule(live, PRIVACY, `  takeDownAt: "${REPEATED}"`);
    schedule(live, ABOUT, `  takeDownAt: "${SKIPPED}"`);
    // The job openings stay open through these days (they would close on 2027-03-01 otherwise).
    for (const file of readdirSync(path.join(live, 'pages/careers')))
      if (readFileSync(path.join(live, 'pages/careers', file), 'utf8').includes('validThrough: "2027-02-28"'))
        edit(live, `pages/careers/${file}`, 'validThrough: "2027-02-28"', 'validThrough: "2027-12-31"');
    git(live, '-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '-qam', 'Scheduled');
    drafts = localDrafts(live);
    runner = new ScheduleRunner({
      draftsDir: drafts.folder,
      liveDir: live,
      repository: drafts.repository,
      draftOf: async (file) => (await drafts.groups()).find((g) => g.files.some((f) => f.file === file)),
      // What would be published (the live branch stays as it is: these tests are about when).
      publish: async (files): Promise<PublishState> => {
        published.push(files);
        return { state: 'done' };
      },
      now: () => now,
    });
  });
  afterAll(() => runner.stop());

  it('does a time of the repeated hour when a tick missed its first occurrence, in the second', async () => {
    now = at('2026-11-01T05:00:00Z'); // 01:00 EDT: nothing yet, and 01:30 remembered as next
    expect(await runner.tick()).toEqual({ closed: [], published: [] });
    now = at('2026-11-01T06:10:00Z'); // 01:10 EST: the clocks read before 01:30, but it has passed
    expect(await runner.tick()).toEqual({ closed: [PRIVACY], published: [PRIVACY] });
  });

  it('does a time of the skipped hour at the first minute after the gap', async () => {
    now = at('2027-03-14T06:59:00Z'); // 01:59 EST
    expect((await runner.tick()).closed).toEqual([]);
    now = at('2027-03-14T07:00:00Z'); // 03:00 EDT
    const outcome = await runner.tick();
    expect(outcome.closed).toEqual([ABOUT]);
    expect(outcome.published).toContain(ABOUT);
    expect(published.at(-1)).toContain(ABOUT);
  });
});
