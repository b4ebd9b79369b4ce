/**
 * The failure suites' own vitest configuration (`npm run test:failure`, part of `npm test`): servers
 * in child processes killed with SIGKILL, fuzzing over real HTTP, slow clients. One file at a time:
 * each one loads the machine on its own, and their bounds (requests, seconds) are meant for two
 * cores. The unit configuration (vite.config.ts) does not include them.
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
    globals: true,
    include: ['tests/failure/**/*.test.ts'],
    globalSetup: ['tests/findPostgres.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
