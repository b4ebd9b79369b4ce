/**
 * `npm run screenshots`: serves the production build with the real server (building dist/ first if
 * needed) and saves a full-page screenshot of every page, at 375 and 1280 px wide (or `--widths`),
 * with Chromium into reports/screenshots/ (`<page>-<width>.png`), for reviewing the look. It also
 * checks what a reviewer would: every <img> loaded, nothing wider than the screen, no console
 * errors or failed requests; it lists problems and exits 1 if there are any.
 *
 *   tsx scripts/screenshots.ts [--routes /,/about] [--widths 375,768,1024,1280,1920] [--build DIR]
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { NOT_FOUND_PATH } from '../src/content/model.ts';
import {
  argValue,
  CHROME_FLAGS,
  CHROME_PATH,
  ensureBuild,
  REPO_ROOT,
  routesToVisit,
  serveBuild,
} from './lib/serveBuild.ts';

/** "/services/iot" -> "services-iot", "/" -> "home". */
export function shotName(routePath: string): string {
  return routePath === '/' ? 'home' : routePath.slice(1).replace(/\//g, '-');
}

async function main() {
  const buildDir = ensureBuild();
  const routes = routesToVisit({ notFound: true });
  const widths = (argValue('--widths') ?? '375,1280').split(',').map(Number);
  const outDir = path.join(REPO_ROOT, 'reports', 'screenshots');
  if (!argValue('--routes')) rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const server = await serveBuild(buildDir);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  const problems: string[] = [];
  try {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 } });
      for (const route of routes) {
        const page = await context.newPage();
        const where = `${route.path} @${width}`;
        page.on('pageerror', (e) => problems.push(`${where}: page error: ${e.message}`));
        const notFoundPage = (url: string) => route.path === NOT_FOUND_PATH && url.endsWith(NOT_FOUND_PATH);
        page.on('console', (m) => {
          // The 404 page answers 404 on purpose (the browser logs that status as an error).
          if (m.type() === 'error' && notFoundPage(m.location().url) && /status of 404/.test(m.text()))
            return;
          if (m.type() === 'error' || m.type() === 'warning')
            problems.push(`${where}: console ${m.type()}: ${m.text()}`);
        });
        page.on('requestfailed', (r) => {
          // A picture source the browser stopped needing (another screen size) is not a failure.
          if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
          problems.push(`${where}: request failed: ${r.url()} (${r.failure()?.errorText})`);
        });
        page.on('response', (r) => {
          if (r.status() >= 400 && !notFoundPage(r.url()))
            problems.push(`${where}: ${r.status()} ${r.url()}`);
        });
        await page.goto(`${server.url}${route.path}`, { waitUntil: 'networkidle' });
        // Lazy images load when scrolled to: scroll through the page, then back to the top.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        // Images still waiting for their turn (lazy ones off-screen, e.g. in carousels) load now, so
        // every <img> is checked: a broken one has no natural width once loaded.
        await page.evaluate(() =>
          Promise.all(
            [...document.images].map((img) => {
              img.loading = 'eager';
              return img.complete ? undefined : img.decode().catch(() => undefined);
            }),
          ),
        );
        const check = await page.evaluate(() => ({
          broken: [...document.images]
            .filter((img) => !img.complete || img.naturalWidth === 0)
            .map((img) => img.currentSrc || img.src),
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        }));
        for (const src of check.broken) problems.push(`${where}: image did not load: ${src}`);
        if (check.overflow > 0) problems.push(`${where}: scrolls horizontally by ${check.overflow}px`);
        await page.screenshot({
          path: path.join(outDir, `${shotName(route.path)}-${width}.png`),
          fullPage: true,
        });
        await page.close();
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`Saved ${routes.length * widths.length} screenshots in ${path.relative(REPO_ROOT, outDir)}/.`);
  if (problems.length) {
    console.error(`\n${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Every image loaded; no page scrolls sideways; no console errors or failed requests.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
