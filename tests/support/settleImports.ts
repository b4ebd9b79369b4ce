/**
 * A unit test must not end while a module it caused to load (a React.lazy component, a dynamic
 * import()) is still loading: if the test file ends meanwhile, Vitest tears the environment down
 * under the load and reports an unhandled EnvironmentTeardownError, exiting 1 after every test
 * passed (issue 33: PageList.test.tsx left the preview's block code loading). Whether that happened
 * depended on timing, so the suite passed or failed by luck.
 *
 * After each test this file (listed first in the unit config's setupFiles, so its hook runs after
 * React Testing Library's cleanup) waits for every module still loading, so nothing is ever left
 * to the teardown. It waits rather than failing the test: a first version failed tests that ended
 * with modules loading, and that only moved the luck (one run of the whole suite failed
 * ApplicationForm.test.tsx on src/renderer/head.ts, which loads in the background and passes
 * alone). Tests that start code they do not test still stub it (PageList and PageEditor stub the
 * preview), which keeps them fast.
 */
import { afterEach, vi } from 'vitest';

/** Loading a big chunk for the first time (compiling it) can take many seconds on a busy machine. */
const SETTLE_TIMEOUT_MS = 60_000;

afterEach(async () => {
  await vi.dynamicImportSettled();
}, SETTLE_TIMEOUT_MS);
