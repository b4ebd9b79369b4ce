/**
 * Site settings as a content editor meets it (issue 32), in Chromium against the production build
 * on a server of its own whose content folder is a git repository:
 *   - one section at a time (company and contact, navigation, ...), each at its own address, with
 *     one Save for the file: edits survive switching sections, undo works across them;
 *   - beside each section a preview of what it changes, drawn by the site's own components
 *     (header, footer, forms, clients strip), following the typing;
 *   - a history per section: the versions that changed that section, Show and Restore (asked first);
 *   - opening it puts the keyboard on its heading without scrolling: the window is at its top and
 *     an offer of unsaved changes is in view;
 *   - a bad site.yaml on disk (not YAML, a value of the wrong kind) is named, with its line, and the
 *     rest of the staff area works.
 * Axe at 1280 and 375 px on every section and with the history open.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, startEditorSession } from './support/editorSession.ts';
import { axeViolations } from './support/page.ts';
import { WIDTHS } from './support/site.ts';

const SECTIONS = [
  ['company', 'Company and contact'],
  ['navigation', 'Navigation'],
  ['service-types', 'Service types'],
  ['industries', 'Industries'],
  ['clients', 'Clients'],
  ['forms', 'Forms'],
  ['shared-texts', 'Shared texts'],
] as const;

let session: EditorSession;
let goodSite = '';

beforeAll(async () => {
  session = await startEditorSession('site', {
    prepare: (dir) => {
      goodSite = readFileSync(path.join(dir, 'site.yaml'), 'utf8');
    },
  });
});

afterAll(async () => {
  await session?.close();
});

async function openSiteSettings(tab: Page): Promise<void> {
  await tab.getByRole('button', { name: 'Site settings' }).click();
  await tab.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
}

const sectionList = (tab: Page) => tab.getByRole('navigation', { name: 'Sections of the site settings' });
const sectionLink = (tab: Page, name: string) => sectionList(tab).getByRole('link', { name, exact: false });

async function showSection(tab: Page, name: string): Promise<void> {
  await sectionLink(tab, name).click();
  await tab.getByRole('heading', { level: 2, name, exact: true }).waitFor();
}

/** The preview frame of the section shown. */
const preview = (tab: Page) => tab.frameLocator('iframe[title^="Preview of"]');

async function expectAxeClean(tab: Page, screen: string) {
  expect(await axeViolations(tab), screen).toEqual([]);
}

const commits = () => Number(session.git('rev-list', '--count', 'HEAD'));

describe('Site settings', { timeout: 180_000 }, () => {
  it('shows one section at a time, each at its own address, with one Save for the whole file', async () => {
    const tab = await session.signIn();
    await openSiteSettings(tab);
    expect(new URL(tab.url()).hash).toBe('#content/site/company');
    expect(await sectionList(tab).getByRole('link').allTextContents()).toEqual(
      SECTIONS.map(([, name]) => name),
    );
    expect(await sectionLink(tab, 'Company and contact').getAttribute('aria-current')).toBe('page');
    // One section's boxes only: the company's, not the menu's.
    await tab.locator('#site_company_name').waitFor();
    expect(await tab.locator('#site_navigation_0_name').count()).toBe(0);
    // The page is no longer one endless form.
    expect(await tab.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6000);

    // Keyboard: Tab to the Navigation link and press Enter.
    await sectionLink(tab, 'Navigation').focus();
    await tab.keyboard.press('Enter');
    await tab.getByRole('heading', { level: 2, name: 'Navigation', exact: true }).waitFor();
    expect(new URL(tab.url()).hash).toBe('#content/site/navigation');
    const about = tab.locator('#site_navigation_1_name');
    await about.fill('About us');

    // Switching keeps the unsaved edit; undo and redo work across sections.
    await showSection(tab, 'Clients');
    await tab.locator('#site_clients_0_name').fill('Greenwood School');
    await showSection(tab, 'Navigation');
    expect(await about.inputValue()).toBe('About us');
    await tab.getByRole('button', { name: 'Undo' }).click();
    await showSection(tab, 'Clients');
    expect(await tab.locator('#site_clients_0_name').inputValue()).toBe('Greenwood International School');
    await tab.getByRole('button', { name: 'Redo' }).click();
    expect(await tab.locator('#site_clients_0_name').inputValue()).toBe('Greenwood School');

    // The toolbar stays in view with its one Save, however far the section scrolls.
    await tab.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const save = tab.getByRole('button', { name: 'Save', exact: true });
    expect(
      await save.evaluate(
        (b) => b.getBoundingClientRect().top >= 0 && b.getBoundingClientRect().bottom <= innerHeight,
      ),
    ).toBe(true);
    const before = commits();
    await save.click();
    await expect.poll(commits, { timeout: 30_000 }).toBe(before + 1);
    const text = readFileSync(path.join(session.contentDir, 'site.yaml'), 'utf8');
    expect(text).toContain('- name: About us');
    expect(text).toContain('- name: Greenwood School');

    // An address opens its section.
    await tab.goto(`${session.origin}/admin#content/site/forms`);
    await tab.getByRole('heading', { level: 2, name: 'Forms', exact: true }).waitFor();
    await tab.locator('#site_forms_demo_heading').waitFor();
  });

  it('draws what each section changes with the site’s own components, as the user types', async () => {
    const tab = await session.signIn();
    await openSiteSettings(tab);

    // Company and contact: the footer.
    const footer = preview(tab).locator('footer#contactus');
    await footer.waitFor();
    await tab.locator('#site_contact_email').fill('hello@triune.example');
    await expect.poll(() => footer.getByRole('link', { name: 'hello@triune.example' }).count()).toBe(1);

    // Navigation: the header's menu.
    await showSection(tab, 'Navigation');
    const header = preview(tab).locator('header');
    await header.getByText('Careers', { exact: true }).first().waitFor();
    await tab.locator('#site_navigation_4_name').fill('Jobs');
    await expect.poll(() => header.getByText('Jobs', { exact: true }).count()).toBeGreaterThan(0);

    // Service types: the demo form's list.
    await showSection(tab, 'Service types');
    await tab.locator('#site_serviceTypes_0').fill('Drone Pilot Training');
    await preview(tab)
      .getByRole('combobox', { name: /Service Type/ })
      .click();
    await expect
      .poll(() => preview(tab).getByRole('option', { name: 'Drone Pilot Training' }).count())
      .toBe(1);

    // Clients: the clients strip.
    await showSection(tab, 'Clients');
    await tab.locator('#site_clients_1_name').fill('Sahyadri School of Music');
    await expect.poll(() => preview(tab).getByText('Sahyadri School of Music').count()).toBeGreaterThan(0);

    // Forms: the demo form's heading.
    await showSection(tab, 'Forms');
    await tab.locator('#site_forms_demo_heading').fill('Ask us anything');
    await preview(tab).getByRole('heading', { name: 'Ask us anything' }).waitFor();

    // Shared texts: the cards.
    await showSection(tab, 'Shared texts');
    await preview(tab).getByRole('heading', { name: 'About Us' }).first().waitFor();
    expect(session.errors).toEqual([]);
  });

  it('each section is axe clean at 1280 and 375 px', async () => {
    for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
      const tab = await session.signIn({ width });
      await openSiteSettings(tab);
      for (const [, name] of SECTIONS) {
        await showSection(tab, name);
        await preview(tab).locator('#root main').waitFor({ state: 'attached' });
        await tab.waitForTimeout(300);
        await expectAxeClean(tab, `${name} at ${width} px`);
      }
      if (width === WIDTHS.mobile)
        expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    // Every section at two widths, each with an axe run: minutes on a loaded 2-core machine.
  }, 360_000);

  it('has a history per section: the versions that changed it, shown and restored after a question', async () => {
    const tab = await session.signIn();
    await openSiteSettings(tab);
    await showSection(tab, 'Clients');
    await tab.locator('#site_clients_2_name').fill('Nandi Freight');
    let before = commits();
    await tab.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(commits, { timeout: 30_000 }).toBe(before + 1);
    await showSection(tab, 'Navigation');
    await tab.locator('#site_frame_menuButtonLabel').fill('Open menu');
    before = commits();
    await tab.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(commits, { timeout: 30_000 }).toBe(before + 1);

    // Clients' history: the clients save, not the navigation one.
    await showSection(tab, 'Clients');
    await tab.getByRole('button', { name: 'History' }).click();
    const panel = tab.getByRole('region', { name: 'History of Clients' });
    const clientsSave = panel
      .getByRole('listitem')
      .filter({ hasText: /Nandi Freight/ })
      .first();
    await clientsSave.waitFor();
    expect(await panel.getByText(/Menu button words/).count()).toBe(0);
    await panel.getByRole('button', { name: 'Show every version' }).click();
    await panel
      .getByText(/Menu button words/)
      .first()
      .waitFor();
    await panel.getByRole('button', { name: 'Only Clients' }).click();
    expect(await panel.getByText(/Menu button words/).count()).toBe(0);
    await expectAxeClean(tab, 'history of Clients at 1280 px');

    // Navigation's history: the navigation save, not the clients one.
    await showSection(tab, 'Navigation');
    const navPanel = tab.getByRole('region', { name: 'History of Navigation' });
    await navPanel
      .getByText(/Menu button words/)
      .first()
      .waitFor();
    expect(await navPanel.getByText(/Nandi Freight/).count()).toBe(0);

    // Show the version before the clients save: its preview, read only.
    await showSection(tab, 'Clients');
    const older = panel
      .getByRole('listitem')
      .filter({ hasNotText: /Nandi Freight/ })
      .first();
    const olderSubject = (await older.locator('span').first().textContent()) ?? '';
    await older.getByRole('button', { name: /^Show the version/ }).click();
    const banner = tab.getByRole('region', { name: /^Version of / });
    await banner.waitFor();
    await preview(tab).getByText('Nandi Logistics').first().waitFor();
    await expectAxeClean(tab, 'an earlier version of Clients shown');

    // Restore asks first, naming the version; then it is a new save.
    await banner.getByRole('button', { name: 'Restore this version' }).click();
    const question = tab.getByRole('alertdialog').first();
    expect(await question.textContent()).toMatch(
      /^Restore the version of .+ by .+\? It comes back as a new save; the site settings as it is now stays in the history\./,
    );
    before = commits();
    await question.getByRole('button', { name: 'Yes, restore this version' }).click();
    await expect.poll(commits, { timeout: 30_000 }).toBe(before + 1);
    expect(session.git('log', '-1', '--format=%s')).toMatch(/^Site settings: restored the version of /);
    expect(readFileSync(path.join(session.contentDir, 'site.yaml'), 'utf8')).toContain(
      'name: Nandi Logistics',
    );
    expect(olderSubject).not.toBe('');

    const phone = await session.signIn({ width: WIDTHS.mobile });
    await openSiteSettings(phone);
    await showSection(phone, 'Navigation');
    await phone.getByRole('button', { name: 'History' }).click();
    await phone
      .getByRole('region', { name: 'History of Navigation' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await expectAxeClean(phone, 'history of Navigation at 375 px');
  });

  it('opens with its heading focused, the window at its top and an offer of unsaved changes in view', async () => {
    const tab = await session.signIn();
    await openSiteSettings(tab);
    // The company's name: a box the first section shows (and the single form of old showed first).
    await tab.locator('#site_company_name').fill('Triune Technologies Ltd');
    await tab.waitForTimeout(900); // the draft is written once typing pauses
    await tab.getByRole('button', { name: '← All pages' }).click();
    await tab.getByRole('button', { name: 'Leave without saving' }).click();
    await tab.getByRole('heading', { level: 2, name: 'Services' }).waitFor();

    // From far down the list, without scrolling to the button.
    await tab.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await tab.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await tab.getByRole('button', { name: 'Site settings' }).evaluate((b: HTMLElement) => b.click());
    await tab.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
    const offer = tab.getByRole('alert').filter({ hasText: 'You have unsaved changes from' });
    await offer.waitFor();
    await tab.waitForTimeout(300);
    expect(await tab.evaluate(() => window.scrollY)).toBe(0);
    expect(await tab.evaluate(() => document.activeElement?.textContent)).toBe('Site settings');
    expect(await tab.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const box = await offer.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 800).toBe(true);
    await offer.getByRole('button', { name: 'Discard' }).click();
  });

  it('a bad site.yaml is named with its line, and the rest of the staff area works', async () => {
    const file = path.join(session.contentDir, 'site.yaml');
    const cases = [
      {
        text: goodSite.replace('copyright: ©', 'copyright: [©'),
        words: /site\.yaml is not written correctly on line \d+/,
      },
      {
        text: goodSite.replace(/^serviceTypes:\n(?: {2}- .*\n)+/m, 'serviceTypes: Drone Pilot Training\n'),
        words: /in site\.yaml on line \d+, “Service types” should be a list, but the file has a text there/,
      },
    ];
    try {
      for (const { text, words } of cases) {
        writeFileSync(file, text);
        for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
          const tab = await session.signIn({ width });
          await openSiteSettings(tab);
          const alert = tab.getByRole('alert').filter({ hasText: 'Site settings cannot be opened' });
          await alert.waitFor();
          expect(await alert.textContent()).toMatch(words);
          expect(await alert.textContent()).toContain('A developer must fix the file');
          expect(await tab.getByText(/Something went wrong/).count()).toBe(0);
          await expectAxeClean(tab, `a bad site.yaml at ${width} px`);
          // The rest works: back to the list, a page opens.
          await tab.getByRole('button', { name: '← All pages' }).click();
          await tab.getByRole('button', { name: 'Telematics (IoT)', exact: true }).click();
          await tab.getByRole('heading', { level: 1, name: /^Edit: Telematics/ }).waitFor();
        }
      }
      session.errors.length = 0;
    } finally {
      writeFileSync(file, goodSite);
    }
  });
});
