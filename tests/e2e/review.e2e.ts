/**
 * Review before publishing in Chromium (issue 35), on a server with CONTENT_REVIEW=on: a content
 * editor changes a page and submits it (Publish is not offered); a publisher opens it from Drafts
 * and publishing, sees the field's old and new words and the live page beside the draft, and sends
 * it back with a comment, which the editor sees on the page; the editor changes it again and
 * submits; the publisher approves it, and the page is live with the new words.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CONTENT_EDITOR,
  type EditorAccount,
  type EditorSession,
  startEditorSession,
} from './support/editorSession.ts';
import { axeViolations } from './support/page.ts';
import { REPO_ROOT } from './support/site.ts';

const PUBLISHER: EditorAccount = {
  email: 'pat@example.com',
  name: 'Pat Publisher',
  password: 'publisher password here',
  role: 'publisher',
};
const LIVE_HEADING = readLiveHeading();
const FIRST = 'Telematics that pays for itself';
const SECOND = 'Telematics that pays for itself in a year';
/** The Telematics page's hero heading as it is live (this repository's content). */
function readLiveHeading(): string {
  const page = parse(readFileSync(path.join(REPO_ROOT, 'pages/services/iot.yaml'), 'utf8'));
  return String(page.blocks[0].heading);
}
let session: EditorSession;
let editor: Page;
let publisher: Page;

beforeAll(async () => {
  session = await startEditorSession('review', {
    accounts: [CONTENT_EDITOR, PUBLISHER],
    env: { CONTENT_REVIEW: 'on' },
  });
  editor = await session.signIn();
  publisher = await session.signIn({ account: PUBLISHER });
}, 120_000);
afterAll(() => session?.close());

const heroHeading = (tab: Page) =>
  tab
    .locator('fieldset')
    .filter({ has: tab.locator(':scope > legend', { hasText: /^1\. / }) })
    .getByLabel(/^Heading\b/)
    .first();

async function openTelematics(tab: Page) {
  await tab.getByRole('button', { name: 'Telematics (IoT)', exact: true }).click();
  await tab.getByRole('heading', { level: 1, name: /^Edit: Telematics/ }).waitFor();
}

async function openReview(tab: Page) {
  await tab.getByRole('button', { name: /^Drafts and publishing/ }).click();
  await tab.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor();
  await tab.getByRole('heading', { name: 'Waiting for review (1)' }).waitFor();
  await tab
    .getByRole('button', { name: /^Open review/ })
    .first()
    .click();
  await tab.getByRole('heading', { level: 1, name: /^Review: / }).waitFor();
}

describe('review before publishing', { timeout: 180_000 }, () => {
  it('a content editor submits a change for review, and cannot publish it', async () => {
    await openTelematics(editor);
    await heroHeading(editor).fill(FIRST);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    const band = editor.getByRole('region', { name: 'Draft' });
    await band.getByText(/^Not live yet: saved changes by Priya Editor/).waitFor();
    expect(await band.getByRole('button', { name: 'Publish this page' }).count()).toBe(0);
    await band.getByRole('button', { name: 'Submit for review' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Submit this page for review?' });
    await dialog.getByLabel(/^Note for the reviewer/).fill('A sharper promise in the heading.');
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await band.getByText(/^In review: submitted by Priya Editor/).waitFor();
  });

  it('a publisher sees the field’s old and new words and both pages, and asks for changes', async () => {
    await openReview(publisher);
    const table = publisher.getByRole('table', { name: /^What changed in / });
    const row = table.getByRole('row').filter({ hasText: 'Heading in Page hero' });
    await row.waitFor();
    // Field, Live, Draft: the old words beside the new.
    expect(await row.locator('th, td').allTextContents()).toEqual([
      'Heading in Page hero',
      LIVE_HEADING,
      FIRST,
    ]);
    await publisher.getByText('A sharper promise in the heading.').first().waitFor();
    // The live page beside the draft, each drawn as visitors see it.
    const livePage = publisher.frameLocator('iframe[title^="Preview of the live page"]');
    const draftPage = publisher.frameLocator('iframe[title^="Preview of the draft"]');
    await draftPage.getByRole('heading', { level: 1, name: FIRST }).waitFor();
    expect(await livePage.getByRole('heading', { level: 1, name: FIRST }).count()).toBe(0);
    expect(await axeViolations(publisher)).toEqual([]);

    await publisher.getByRole('button', { name: 'Request changes' }).click();
    const ask = publisher.getByRole('dialog', { name: 'Request changes to this draft' });
    await ask.getByLabel('What should change?').fill('Say how soon: “in a year”.');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await publisher.getByText(/^Changes requested: the draft goes back to Priya Editor/).waitFor();
  });

  it('the editor sees the request on the page, changes it and submits it again', async () => {
    await editor.reload();
    await editor.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    await openTelematics(editor);
    const band = editor.getByRole('region', { name: 'Draft' });
    await band
      .getByText(
        /^Changes requested by Pat Publisher, \d+ \w+ \d{4}, \d{2}:\d{2}: “Say how soon: “in a year”\.”$/,
      )
      .waitFor();
    await heroHeading(editor).fill(SECOND);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await band.getByRole('button', { name: 'Submit for review' }).click();
    await editor
      .getByRole('dialog', { name: 'Submit this page for review?' })
      .getByRole('button', { name: 'Submit for review' })
      .click();
    await band.getByText(/^In review: submitted by Priya Editor/).waitFor();
  });

  it('the publisher approves it, which publishes it: the page is live', async () => {
    await publisher.getByRole('button', { name: '← Drafts' }).click();
    await publisher.reload();
    await publisher.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    await openReview(publisher);
    await publisher.getByRole('row').filter({ hasText: SECOND }).first().waitFor();
    await publisher.getByRole('button', { name: 'Approve and publish' }).click();
    await publisher.getByText(/^Published: \d+ pages are live/).waitFor({ timeout: 170_000 });
    const live = await (await fetch(`${session.origin}/services/iot`)).text();
    expect(live).toContain(SECOND);
    expect(session.errors).toEqual([]);
  });
});
