/**
 * `npm run screenshots`: serves the production build with the real server (building dist/ first if
 * needed) and saves a full-page screenshot of every page, at 375 and 1280 px wide (or `--widths`),
 * with Chromium into reports/screenshots/ (`<page>-<width>.png`), for reviewing the look. It also
 * checks what a reviewer would: every <img> loaded, nothing wider than the screen, no console
 * errors or failed requests; it lists problems and exits 1 if there are any.
 * Then the page editor's screens (editor-*.png, shown in README "Editing pages in the browser"):
 * the page list, the two panes with a phone preview, a validation message, and a version from the
 * history, on a server of their own whose content is a throw-away git copy of this repository's.
 *
 *   tsx scripts/screenshots.ts [--routes /,/about] [--widths 375,768,1024,1280,1920] [--build DIR]
 *   tsx scripts/screenshots.ts --only editor     (only the editor's screens)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { NOT_FOUND_PATH } from '../src/content/model.ts';
import { REVIEW_SHOTS, reviewScreens } from './lib/reviewScreens.ts';
import {
  argValue,
  CHROME_FLAGS,
  CHROME_PATH,
  ensureBuild,
  REPO_ROOT,
  routesToVisit,
  serveBuild,
} from './lib/serveBuild.ts';
import { type ShotAccount, startShotServer } from './lib/shotServer.ts';

/** "/services/iot" -> "services-iot", "/" -> "home". */
export function shotName(routePath: string): string {
  return routePath === '/' ? 'home' : routePath.slice(1).replace(/\//g, '-');
}

/** The editor's screenshots, in the order README shows them. */
export const EDITOR_SHOTS = [
  'editor-page-list.png',
  'editor-two-panes-phone.png',
  'editor-validation.png',
  'editor-history.png',
  'editor-phone-edit.png',
  'editor-site-settings.png',
  'editor-draft-bar.png',
  'editor-drafts.png',
  'editor-share-preview.png',
  'preview-link.png',
  'editor-schedules.png',
  'editor-deleted-pages.png',
  ...REVIEW_SHOTS,
] as const;

const CONTENT_EDITOR: ShotAccount = {
  email: 'asha@example.com',
  name: 'Asha Content',
  password: 'screenshots only',
  role: 'content',
};

/**
 * The editor's screens, on a server whose content folder is a git copy of this repository's (so
 * nothing here changes), with one content editor and one earlier edit in the history.
 */
async function editorScreens(browser: Browser, buildDir: string, outDir: string, problems: string[]) {
  // One earlier edit in the history, by the content editor.
  const server = await startShotServer(buildDir, {
    accounts: [CONTENT_EDITOR],
    prepare: (contentDir) => {
      const file = path.join(contentDir, 'pages/services/school-management.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/^( {4}subheading:).*$/m, '$1 One place for the whole school.'),
      );
      execFileSync(
        'git',
        [
          '-c',
          `user.name=${CONTENT_EDITOR.name}`,
          '-c',
          'user.email=staff@example.com',
          'commit',
          '-qam',
          'Edit School Management Software in Bangalore (pages/services/school-management.yaml)',
        ],
        { cwd: contentDir, stdio: 'pipe' },
      );
    },
  });
  const page = await server.signIn(browser, CONTENT_EDITOR, problems);
  const shot = (name: (typeof EDITOR_SHOTS)[number], fullPage = false, tab = page) =>
    tab.screenshot({ path: path.join(outDir, name), fullPage });
  try {
    await shot('editor-page-list.png');

    await page.getByRole('button', { name: 'School Management Software', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor();
    await page.getByRole('button', { name: /^Phone/ }).click();
    const frame = page.frameLocator('iframe[title^="Preview of the page"]');
    await frame.locator('h1').waitFor();
    await page.waitForTimeout(800); // the pictures of the preview
    await shot('editor-two-panes-phone.png');

    const hero = page.locator('fieldset[data-block-key]').first();
    const heading = hero.getByLabel(/^Heading\b/).first();
    await heading.fill('');
    const message = hero.locator('[id$="_heading__error"]');
    await message.waitFor();
    await message.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot('editor-validation.png');
    await page.getByRole('button', { name: 'Undo' }).click();

    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('region', { name: 'History of this page' });
    await panel.getByRole('button', { name: /^Show the version "Initial content"/ }).click();
    await page.getByRole('heading', { level: 2, name: /^Version of / }).waitFor();
    await page.frameLocator('iframe[title^="Preview of the Version"]').locator('h1').waitFor();
    await page.waitForTimeout(800);
    await shot('editor-history.png');

    // Site settings, one section with the preview of what it changes.
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    await page.getByRole('button', { name: 'Site settings' }).click();
    await page.getByRole('link', { name: 'Navigation' }).click();
    await page.getByRole('heading', { level: 2, name: 'Navigation' }).waitFor();
    await page.waitForTimeout(800);
    await shot('editor-site-settings.png');

    // A saved change is a draft: the band on its page, then the Drafts view with another draft.
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    await page.getByRole('button', { name: 'About Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor();
    const aboutHeading = page
      .locator('fieldset[data-block-key]')
      .first()
      .getByLabel(/^Heading\b/)
      .first();
    await aboutHeading.fill('About Triune Technologies');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Draft' }).waitFor();
    await page.waitForTimeout(500);
    await shot('editor-draft-bar.png');
    // Share a preview: the link made, then what its reader sees without an account.
    await page
      .getByRole('region', { name: 'Draft' })
      .getByRole('button', { name: 'Share a preview' })
      .click();
    const share = page.getByRole('dialog', { name: 'Share a preview of this page' });
    await share.getByRole('button', { name: 'Make link' }).click();
    const link = await share.getByLabel(/^Preview link/).inputValue();
    await share.getByText(/^Made by /).waitFor();
    await shot('editor-share-preview.png');
    await share.getByRole('button', { name: 'Close' }).click();
    const guest = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const reader = await guest.newPage();
      await reader.goto(link);
      await reader.frameLocator('iframe').getByText('About Triune Technologies').first().waitFor();
      await reader.waitForTimeout(800);
      await shot('preview-link.png', false, reader);
    } finally {
      await guest.close();
    }
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('button', { name: /^Drafts and publishing/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor();
    await shot('editor-drafts.png');

    // Schedules said in the list: the openings' closing days, and a page's own Take down at.
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('button', { name: 'Graphic Designer', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor();
    await page.getByLabel(/^Take down at/).fill('2027-01-31T18:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Draft' }).waitFor();
    await page.getByRole('button', { name: '← All pages' }).click();
    const careers = page.getByRole('heading', { level: 2, name: 'Careers' });
    await careers.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot('editor-schedules.png');

    // A page deleted from Take down, then the list of deleted pages to restore it from.
    await page.getByRole('button', { name: 'More for Business Executive' }).click();
    await page.getByRole('button', { name: /^Take down Business Executive/ }).click();
    const question = page.getByRole('dialog');
    await question.getByRole('radio', { name: /^Delete it/ }).check();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /is deleted/ })
      .waitFor();
    await page.getByRole('button', { name: 'Deleted pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deleted pages' }).waitFor();
    await page
      .getByRole('button', { name: /^Restore / })
      .first()
      .waitFor();
    await shot('editor-deleted-pages.png');

    // The page editor on a phone: one pane at a time, the toolbar on screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: '← All pages' }).click();
    await page.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    await page.getByRole('button', { name: 'School Management Software', exact: true }).click();
    await page.getByRole('tab', { name: 'Edit' }).waitFor();
    await page.waitForTimeout(500);
    await shot('editor-phone-edit.png');
  } finally {
    await server.close();
  }
  await reviewScreens(
    browser,
    buildDir,
    (name, tab) => tab.screenshot({ path: path.join(outDir, name) }),
    problems,
  );
}

async function main() {
  const buildDir = ensureBuild();
  const only = argValue('--only');
  const routes = only === 'editor' ? [] : routesToVisit({ notFound: true });
  const widths = (argValue('--widths') ?? '375,1280').split(',').map(Number);
  const outDir = path.join(REPO_ROOT, 'reports', 'screenshots');
  if (only === 'editor') {
    mkdirSync(outDir, { recursive: true });
    for (const name of readdirSync(outDir, { withFileTypes: true }))
      if (name.name.startsWith('editor-')) rmSync(path.join(outDir, name.name));
  } else if (!argValue('--routes')) rmSync(outDir, { recursive: true, force: true });
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
    if (!argValue('--routes')) await editorScreens(browser, buildDir, outDir, problems);
  } finally {
    await browser.close();
    await server.close();
  }
  const editorCount = argValue('--routes') ? 0 : EDITOR_SHOTS.length;
  console.log(
    `Saved ${routes.length * widths.length + editorCount} screenshots in ${path.relative(REPO_ROOT, outDir)}/.`,
  );
  if (problems.length) {
    console.error(`\n${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Every image loaded; no page scrolls sideways; no console errors or failed requests.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
