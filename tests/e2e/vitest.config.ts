/**
 * The browser suite's own vitest configuration (`npm run test:e2e` runs it through run.ts, which
 * finds Chromium and builds the site first). The unit tests' configuration never includes these files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_SCHEDULE_CLOCK } from '../support/testClock.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  test: {
    // Schedules run on a clock before the sample openings close (tests/support/testClock.ts).
    env: { SCHEDULE_CLOCK: TEST_SCHEDULE_CLOCK },
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    pool: 'forks',
    // Two files at a time: each drives its own browser, and the machine has two cores.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is shorter than a save or a Publish takes on a loaded machine;
    // a wait that succeeds returns at once, so only a failure waits this long.
    expect: { poll: { timeout: 15_000 } },
    // No retries: a test that passes only at its second attempt is a defect to fix, not to hide.
  },
});
