/**
 * The limits of the texts visitors read (issue 32, "No limits where they matter"): every heading,
 * bullet, menu name and card text of every page is written at the longest the schemas allow
 * (tests/e2e/support/textsAtLimits.ts), the site is built from that content (`--content`), and
 * every page is shown at 375 and 1280 px: none scrolls sideways. A text over its limit is refused
 * by the validator (and the editor), so these are the longest texts a page can ever hold.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { createServer, type SiteServer } from '../../server/app.ts';
import { expectedPathFor } from '../../src/validator/pageRules.ts';
import { scrollThrough } from './support/page.ts';
import { launchBrowser, newContext, REPO_ROOT, WIDTHS } from './support/site.ts';
import { writeContentAtLimits } from './support/textsAtLimits.ts';

let contentDir = '';
let buildDir = '';
let dataDir = '';
let server: SiteServer;
let origin = '';
let browser: Browser;
let lengthened = 0;

function routes(): string[] {
  const pages = path.join(contentDir, 'pages');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory()
        ? walk(file)
        : [path.relative(contentDir, file).split(path.sep).join('/')];
    });
  return walk(pages).map(expectedPathFor).sort();
}

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-limits-content-'));
  buildDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-limits-build-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'triune-e2e-limits-data-'));
  lengthened = writeContentAtLimits(REPO_ROOT, contentDir);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--content', contentDir, '--out', buildDir, '--no-compress'],
    { cwd: REPO_ROOT, stdio: 'pipe' },
  );
  const facts = loadSiteFacts(contentDir);
  server = await createServer({
    basePath: facts.backend,
    forms: facts,
    clientDir: path.join(buildDir, 'client'),
    dataDir,
    logLevel: 'warn',
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  origin = `http://127.0.0.1:${address.port}`;
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.app.close();
  for (const dir of [contentDir, buildDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('every text at its limit', { timeout: 300_000 }, () => {
  it('lengthens hundreds of texts', () => {
    expect(lengthened).toBeGreaterThan(500);
  });

  it.each([WIDTHS.mobile, WIDTHS.desktop])('scrolls no page sideways at %ipx', async (width) => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    const problems: Record<string, string> = {};
    try {
      for (const route of routes()) {
        await page.goto(origin + route, { waitUntil: 'load' });
        await scrollThrough(page);
        const overflow = await page.evaluate(() => {
          const root = document.documentElement;
          // The widest element sticking out, to name in the failure.
          const widest = [...document.querySelectorAll('main *')]
            .map((el) => ({ el, right: el.getBoundingClientRect().right }))
            .filter(
              ({ el }) => !el.closest('[aria-roledescription="carousel"], [data-marquee], [class*="track"]'),
            )
            .sort((a, b) => b.right - a.right)[0];
          return {
            by: root.scrollWidth - root.clientWidth,
            widest: widest
              ? `${widest.el.tagName.toLowerCase()}.${widest.el.className} ${Math.round(widest.right)}px`
              : '',
          };
        });
        if (overflow.by > 0) problems[route] = `scrolls sideways by ${overflow.by}px (${overflow.widest})`;
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual({});
  });
});
