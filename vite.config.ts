/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentPlugin } from './scripts/build/contentPlugin.ts';
import { iconSpritePlugin } from './scripts/build/iconSprite.ts';
import { reactRouterProductionBuild } from './scripts/build/reactRouterProduction.ts';
import { validatorsPlugin } from './scripts/build/validatorsPlugin.ts';
import { TEST_SCHEDULE_CLOCK } from './tests/support/testClock.ts';

export default defineConfig({
  // Tests load content through tests/support/content.tsx, so one broken YAML file fails its own
  // tests rather than stopping every test from starting.
  plugins: [
    react(),
    // The staff app's schema checks, compiled at build time (its policy forbids 'unsafe-eval');
    // the unit tests run the editor with them too.
    validatorsPlugin(),
    ...(process.env.VITEST ? [] : [contentPlugin(), iconSpritePlugin(), reactRouterProductionBuild()]),
  ],
  build: {
    outDir: 'dist/client',
    assetsInlineLimit: 0,
    // Every browser the site supports preloads modules natively: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Two entries: the public site (index.html) and the staff app (/admin, served by the server
    // from the manifest: server/admin/page.ts), so nothing of the staff app reaches public pages.
    rolldownOptions: {
      input: { index: 'index.html', admin: 'src/admin/main.tsx' },
      output: {
        // Four small modules every page loads first (links, pictures, the frame's new-tab hint and
        // menu model) in one chunk instead of four: 1.1 KB gzip less on every page, and 8 first-load
        // files instead of 12 on the home page (rolldown then also joins React's two chunks).
        codeSplitting: {
          groups: [
            {
              name: 'frame',
              test: /src[\\/](renderer[\\/]links|ui[\\/]Img|frame[\\/]NewTabHint|frame[\\/]navModel)\./,
            },
          ],
        },
      },
    },
  },
  test: {
    // Schedules run on a clock before the sample openings close (tests/support/testClock.ts).
    env: { SCHEDULE_CLOCK: TEST_SCHEDULE_CLOCK },
    environment: 'jsdom',
    globals: true,
    // settleImports first: its afterEach then runs last (after cleanup), failing a test that left
    // modules loading instead of letting the environment's teardown trip over them by chance.
    setupFiles: ['./tests/support/settleImports.ts', './tests/setup.ts'],
    globalSetup: ['./tests/findPostgres.ts'],
    include: [
      'src/**/*.test.{ts,tsx}',
      'node/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/validator/**/*.test.ts',
    ],
    testTimeout: 20000,
    pool: 'forks',
  },
});
