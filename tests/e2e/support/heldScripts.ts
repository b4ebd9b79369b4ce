/**
 * Opening a page as a slow phone's connection would serve it: the pre-rendered HTML and its
 * inlined styles at once, every script held back until the test releases them. What a visitor sees
 * meanwhile is the pre-rendered page alone (and, if the scripts never came, all they would see).
 */
import type { Page, Route } from 'playwright-core';

/**
 * Holds every script of `page` from now on; returns the function that lets them through. Call it
 * before `page.goto`, and wait for `domcontentloaded` rather than `load`: a script the boot script
 * added before the load event (held here) would hold the load event back.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}
