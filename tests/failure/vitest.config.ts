/**
 * The failure suites' own vitest configuration (`npm run test:failure`): servers in child
 * processes killed with SIGKILL, fuzzing over real HTTP. One file at a time: each one loads the
 * machine on its own, and their bounds (requests, seconds) are meant for two cores.
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
