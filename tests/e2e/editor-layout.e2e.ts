/**
 * The page editor's layout for the keyboard and for small screens (issue 32, "The preview does not
 * follow the form" and "Keyboard and small screens"), as a content editor meets it in Chromium,
 * against the production build on a server of its own whose content folder is a git repository:
 *   - focusing (or typing in) a field far down the form scrolls the preview to the words of that
 *     field and outlines them, until the focus leaves; with reduced motion, without a smooth scroll;
 *   - an outline of the page's sections jumps to each, and a skip link reaches "Add a section"
 *     within 10 presses of Tab from the toolbar;
 *   - at 375 px nothing is wider than the screen, the toolbar stays on screen, and an Edit /
 *     Preview switch (tabs) shows one pane at a time;
 *   - axe finds nothing at 1280 and 375 px: form, preview, history;
 *   - "Restore this version" above a version in the preview asks first, as the history does;
 *   - opening a page leaves the window at the top, with the offer of unsaved changes in view.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, startEditorSession } from './support/editorSession.ts';
import { axeViolations } from './support/page.ts';
import { WIDTHS } from './support/site.ts';

let session: EditorSession;

beforeAll(async () => {
  session = await startEditorSession('layout');
});

afterAll(async () => {
  await session?.close();
});

const IOT = /^Telematics \(IoT\)$/;
/** The call to action's paragraph: the last words of the IoT page, far down the form. */
const PARAGRAPH = /^Paragraph\b/;

/** Opens a page from the list by the name the list shows, and waits for its preview. */
async function openPage(tab: Page, name: RegExp): Promise<void> {
  // A control that is missing fails its test in seconds, not minutes.
  tab.setDefaultTimeout(15_000);
  await tab.getByRole('button', { name }).first().click();
  await tab.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor({ timeout: 60_000 });
  // Drawn, though on a small screen out of sight (the Preview pane of the switch).
  await previewOf(tab).locator('main').first().waitFor({ state: 'attached', timeout: 60_000 });
}

const previewOf = (tab: Page) => tab.frameLocator('iframe[title^="Preview of"]');

/** The block whose legend names `label` (e.g. "7. Call to action"). */
const block = (tab: Page, label: RegExp): Locator =>
  tab.locator('fieldset').filter({ has: tab.locator(':scope > legend', { hasText: label }) });

/**
 * What the preview shows outlined (other than a part marked as still empty): each element's
 * words, whether it is inside the frame's visible area, and its outline.
 */
function outlinedInPreview(tab: Page) {
  return tab.locator('iframe[title^="Preview of"]').evaluate((frame: HTMLIFrameElement) => {
    const d = frame.contentDocument;
    const w = frame.contentWindow;
    if (!d || !w) return [];
    return [...d.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => !el.closest('[data-preview-problem]'))
      .map((el) => ({ el, style: w.getComputedStyle(el) }))
      .filter(({ style }) => style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2)
      .map(({ el, style }) => {
        const r = el.getBoundingClientRect();
        return {
          text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
          inView: r.bottom > 0 && r.top < w.innerHeight,
          outline: `${style.outlineWidth} ${style.outlineStyle}`,
        };
      });
  });
}

const activeIsIn = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));
/** Whether `locator` has the keyboard (false where there is no such element). */
const hasKeyboard = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement, undefined, { timeout: 1000 }).catch(() => false);

describe('the preview follows the form', { timeout: 180_000 }, () => {
  it('scrolls the preview to the focused field far down the form and outlines its words until focus leaves', async () => {
    const tab = await session.signIn({ width: WIDTHS.desktop });
    await openPage(tab, IOT);
    const field = block(tab, /Call to action/)
      .getByLabel(PARAGRAPH)
      .first();
    const words = (await field.inputValue()).trim();
    expect(await outlinedInPreview(tab)).toEqual([]);

    await field.focus();
    await expect
      .poll(() => outlinedInPreview(tab), { timeout: 5000 })
      .toEqual([expect.objectContaining({ text: words, inView: true })]);

    // Typing keeps the outline on the words, as they change.
    await field.press('Control+End');
    await field.pressSequentially(' Today.');
    await expect
      .poll(() => outlinedInPreview(tab), { timeout: 5000 })
      .toEqual([expect.objectContaining({ text: `${words} Today.`, inView: true })]);

    // A field of another section, far up: the preview goes back up to it.
    const heading = block(tab, /Page hero/)
      .getByLabel(/^Heading\b/)
      .first();
    await heading.focus();
    await expect
      .poll(() => outlinedInPreview(tab), { timeout: 5000 })
      .toEqual([expect.objectContaining({ text: 'Telematics & IoT Solutions', inView: true })]);

    // Focus leaves the form: no outline is left behind.
    await tab.getByRole('button', { name: 'History' }).focus();
    await expect.poll(() => outlinedInPreview(tab), { timeout: 5000 }).toEqual([]);
  });

  it('jumps without a smooth scroll when the system asks for reduced motion', async () => {
    const tab = await session.signIn({ width: WIDTHS.desktop });
    await tab.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(tab, IOT);
    await block(tab, /Call to action/)
      .getByLabel(PARAGRAPH)
      .first()
      .focus();
    // Two frames after the focus the preview is already there: a smooth scroll takes hundreds of ms.
    await tab.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await tab.waitForTimeout(50);
    const first = await outlinedInPreview(tab);
    expect(first).toEqual([expect.objectContaining({ inView: true })]);
  });
});

describe('the keyboard reaches every part quickly', { timeout: 180_000 }, () => {
  /** Presses Tab until `target` has the keyboard, at most `limit` times; returns how many. */
  async function tabTo(tab: Page, target: Locator, limit: number): Promise<number> {
    for (let presses = 0; presses <= limit; presses++) {
      if (await hasKeyboard(target)) return presses;
      if (presses < limit) await tab.keyboard.press('Tab');
    }
    return Number.POSITIVE_INFINITY;
  }

  it.each([WIDTHS.desktop, WIDTHS.mobile])(
    'reaches "Add a section" within 10 presses of Tab from the toolbar, by the skip link (%i px)',
    async (width) => {
      const tab = await session.signIn({ width });
      await openPage(tab, IOT);
      await tab.getByRole('heading', { level: 1, name: /^Edit: / }).focus();
      const skip = tab.getByRole('button', { name: /^Skip to/ });
      const toSkip = await tabTo(tab, skip, 10);
      expect(toSkip, 'presses of Tab to the skip link').toBeLessThanOrEqual(10);
      // A skip link is out of sight until it has the keyboard.
      expect(await skip.isVisible()).toBe(true);
      await tab.keyboard.press('Enter');
      const select = tab.getByLabel('Add a section', { exact: true });
      const toSelect = await tabTo(tab, select, 10 - toSkip);
      expect(toSkip + toSelect, 'presses of Tab to "Add a section"').toBeLessThanOrEqual(10);
      // On screen, and usable from there: Tab reaches "Add at the end".
      expect(await select.isVisible()).toBe(true);
      await tab.keyboard.press('Tab');
      expect(await tab.evaluate(() => document.activeElement?.textContent)).toBe('Add at the end');
    },
  );

  it("lists the page's sections by their labels, and each entry takes the keyboard to its section", async () => {
    const tab = await session.signIn({ width: WIDTHS.desktop });
    await openPage(tab, IOT);
    const outline = tab.getByRole('navigation', { name: 'Sections of the page' });
    const entries = outline.getByRole('button');
    const legends = (await tab.locator('fieldset[data-block-key] > legend').allTextContents()).map((l) =>
      l.replace(/^\d+\.\s*/, '').trim(),
    );
    expect(legends.length).toBeGreaterThan(5);
    const names = (await entries.allTextContents()).map((t) => t.replace(/^\d+\.\s*/, '').trim());
    // Page details, each section in order, then the controls that add one.
    expect(names).toEqual(['Page details', ...legends, 'Add a section']);

    const cta = block(tab, /Call to action/);
    await entries.filter({ hasText: 'Call to action' }).press('Enter');
    await expect.poll(() => activeIsIn(cta)).toBe(true);
    // Scrolled to (smoothly: its place is checked once it has arrived).
    await expect
      .poll(async () => {
        const box = await cta.boundingBox();
        return box !== null && box.y >= 0 && box.y < 800;
      })
      .toBe(true);

    await entries.filter({ hasText: 'Page details' }).click();
    await expect.poll(() => activeIsIn(tab.locator('#block-page'))).toBe(true);
    await entries.filter({ hasText: 'Add a section' }).click();
    await expect
      .poll(() =>
        tab.getByLabel('Add a section', { exact: true }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(session.errors).toEqual([]);
  });
});

describe('small screens', { timeout: 180_000 }, () => {
  /** Whether the element is inside the window, left to right and top to bottom. */
  const onScreen = (locator: Locator) =>
    locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.left >= 0 &&
        r.right <= window.innerWidth &&
        r.top >= 0 &&
        r.bottom <= window.innerHeight
      );
    });

  it('fits 375 px, keeps the toolbar on screen and shows one pane at a time with an Edit / Preview switch', async () => {
    const tab = await session.signIn({ width: WIDTHS.mobile });
    await openPage(tab, IOT);
    const toolbarParts = [
      tab.getByRole('button', { name: 'Save', exact: true }),
      tab.getByRole('button', { name: 'Undo', exact: true }),
      tab.getByRole('button', { name: 'Redo', exact: true }),
      tab.getByRole('button', { name: 'History', exact: true }),
      tab.locator('#save-status'),
    ];
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const part of toolbarParts) expect(await onScreen(part)).toBe(true);

    // Far down the form (the window scrolls), the toolbar is still there.
    const paragraph = block(tab, /Call to action/)
      .getByLabel(PARAGRAPH)
      .first();
    await paragraph.fill('Contact us for a free demo.');
    expect(await tab.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    for (const part of toolbarParts) expect(await onScreen(part)).toBe(true);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The switch: two tabs, Edit chosen; the preview is hidden meanwhile.
    const switcher = tab.getByRole('tablist', { name: /Edit or preview/i });
    const edit = switcher.getByRole('tab', { name: 'Edit' });
    const preview = switcher.getByRole('tab', { name: 'Preview' });
    expect(await onScreen(switcher)).toBe(true);
    expect(await edit.getAttribute('aria-selected')).toBe('true');
    expect(await preview.getAttribute('aria-selected')).toBe('false');
    const frame = tab.locator('iframe[title^="Preview of"]');
    expect(await frame.isVisible()).toBe(false);

    await preview.click();
    expect(await preview.getAttribute('aria-selected')).toBe('true');
    await frame.waitFor({ state: 'visible' });
    expect(await paragraph.isVisible()).toBe(false);
    // The preview is at the top, not under the form, fits the screen, and shows the typed words.
    expect(await tab.evaluate(() => window.scrollY)).toBeLessThan(400);
    const box = await frame.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375 && box.y < 812).toBe(true);
    await previewOf(tab).getByText('Contact us for a free demo.').waitFor();
    for (const part of toolbarParts) expect(await onScreen(part)).toBe(true);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // By keyboard: the arrow keys move between the two, and the chosen tab has the keyboard.
    await preview.focus();
    await tab.keyboard.press('ArrowLeft');
    expect(await edit.getAttribute('aria-selected')).toBe('true');
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await paragraph.isVisible()).toBe(true);
    await tab.keyboard.press('ArrowRight');
    expect(await preview.getAttribute('aria-selected')).toBe('true');
    expect(await frame.isVisible()).toBe(true);

    // Clicking words in the preview goes back to Edit, at the field that holds them.
    await previewOf(tab).getByText('Contact us for a free demo.').click();
    await expect.poll(() => paragraph.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await edit.getAttribute('aria-selected')).toBe('true');
    expect(await paragraph.isVisible()).toBe(true);
  });

  it('shows both panes side by side and no switch at 1280 px', async () => {
    const tab = await session.signIn({ width: WIDTHS.desktop });
    await openPage(tab, IOT);
    expect(await tab.getByRole('tablist').count()).toBe(0);
    expect(await tab.locator('iframe[title^="Preview of"]').isVisible()).toBe(true);
    expect(await tab.locator('#page_title').isVisible()).toBe(true);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });
});

describe('axe on the whole editor', { timeout: 420_000 }, () => {
  it.each([WIDTHS.desktop, WIDTHS.mobile])(
    'finds nothing at %i px: form, preview, history',
    async (width) => {
      const tab = await session.signIn({ width });
      await openPage(tab, IOT);
      expect(await axeViolations(tab), `form at ${width} px`).toEqual([]);
      // On a small screen the preview is the other pane of the switch.
      const previewTab = tab.getByRole('tab', { name: 'Preview' });
      const switched = width < 1024 && (await previewTab.count()) > 0;
      if (switched) {
        await previewTab.click();
        await tab.locator('iframe[title^="Preview of"]').waitFor({ state: 'visible' });
      }
      expect(await axeViolations(tab), `preview at ${width} px`).toEqual([]);
      if (switched) await tab.getByRole('tab', { name: 'Edit' }).click();
      await tab.getByRole('button', { name: 'History' }).click();
      await tab
        .getByRole('region', { name: 'History of this page' })
        .getByRole('button', { name: /^Show the version/ })
        .first()
        .waitFor();
      expect(await axeViolations(tab), `history at ${width} px`).toEqual([]);
    },
  );
});

describe('restoring the version shown in the preview', { timeout: 180_000 }, () => {
  it('asks first, with the question of the history list, and Cancel restores nothing', async () => {
    const tab = await session.signIn({ width: WIDTHS.desktop });
    await openPage(tab, /^Summer Camp/);
    // A save, so that there is an earlier version to go back to.
    const title = tab.locator('#page_title');
    await title.fill('Summer Camp, changed for the restore test');
    await tab.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => tab.locator('#save-status').textContent(), { timeout: 30_000 })
      .toBe('Saved and recorded in the history.');
    const commits = Number(session.git('rev-list', '--count', 'HEAD'));

    await tab.getByRole('button', { name: 'History' }).click();
    const panel = tab.getByRole('region', { name: 'History of this page' });
    await panel.getByRole('button', { name: 'Show the version "Initial content" in the preview' }).click();
    const banner = tab.getByRole('region', { name: /^Version of .+ by Setup$/ });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Restore this version' }).click();
    const question = tab.getByRole('alertdialog', { name: /^Restore the version of .+ by Setup\?/ });
    await question.waitFor();
    // The same question as in the history list, with the keyboard on its answer.
    expect(await question.textContent()).toMatch(
      /^Restore the version of .+ by Setup\? It comes back as a new save; the page as it is now stays in the history\./,
    );
    expect(
      await question
        .getByRole('button', { name: 'Yes, restore this version' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    expect(await axeViolations(tab), 'the question above the preview').toEqual([]);

    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(
      await banner
        .getByRole('button', { name: 'Restore this version' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    expect(Number(session.git('rev-list', '--count', 'HEAD'))).toBe(commits);
    expect(await title.inputValue()).toBe('Summer Camp, changed for the restore test');

    await banner.getByRole('button', { name: 'Restore this version' }).click();
    await question.getByRole('button', { name: 'Yes, restore this version' }).click();
    await expect
      .poll(() => tab.locator('#save-status').textContent(), { timeout: 30_000 })
      .toBe('The earlier version is back (saved as a new version).');
    expect(Number(session.git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
    expect(await title.inputValue()).not.toBe('Summer Camp, changed for the restore test');
  });
});

describe('opening a page', { timeout: 180_000 }, () => {
  it.each([WIDTHS.desktop, WIDTHS.mobile])(
    'leaves the window at the top with the offer of unsaved changes in view (%i px)',
    async (width) => {
      const tab = await session.signIn({ width });
      await openPage(tab, IOT);
      await tab.locator('#page_title').fill(`Telematics, edited at ${width} px`);
      // Kept in the browser once typing pauses.
      await expect
        .poll(() => tab.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('iot')).length))
        .toBe(1);
      await tab.getByRole('button', { name: '← All pages' }).click();
      await tab
        .getByRole('dialog', { name: 'Leave without saving?' })
        .getByRole('button', { name: 'Leave without saving' })
        .click();
      await tab.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
      await tab.evaluate(() => window.scrollTo(0, 0));

      await openPage(tab, IOT);
      const offer = tab.getByRole('alert').filter({ hasText: 'You have unsaved changes from' });
      await offer.waitFor();
      // The heading has the keyboard, and the window did not move to it.
      expect(
        await tab
          .getByRole('heading', { level: 1, name: /^Edit: / })
          .evaluate((h) => h === document.activeElement),
      ).toBe(true);
      expect(await tab.evaluate(() => window.scrollY)).toBe(0);
      const box = await offer.boundingBox();
      const height = tab.viewportSize()?.height ?? 0;
      expect(box && box.y >= 0 && box.y + box.height <= height).toBe(true);
      await offer.getByRole('button', { name: 'Discard' }).click();
    },
  );
});
