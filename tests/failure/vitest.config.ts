/**
 * The failure suites on their own (`npm run test:failure`): servers in child processes killed with
 * SIGKILL, fuzzing over real HTTP, slow clients. `npm test` runs them with the unit tests (the
 * root vite.config.ts includes tests/failure); this runs just them, one file at a time, as each
 * loads the machine on its own.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  test: {
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
