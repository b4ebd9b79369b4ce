/**
 * The review workflow's screenshots (README, "Review before publishing"), on a server of their own
 * with CONTENT_REVIEW=on: a content editor submits a page; a publisher opens the review (the fields
 * changed, the live page beside the draft) and asks for changes; the editor's band then shows the
 * request.
 */
import type { Browser, Page } from 'playwright-core';
import { type ShotAccount, startShotServer } from './shotServer.ts';

export const REVIEW_SHOTS = ['editor-review.png', 'editor-changes-requested.png'] as const;

const EDITOR: ShotAccount = {
  email: 'asha@example.com',
  name: 'Asha Content',
  password: 'screenshots only',
  role: 'content',
};
const PUBLISHER: ShotAccount = {
  email: 'meera@example.com',
  name: 'Meera Publisher',
  password: 'screenshots only',
  role: 'publisher',
};

export async function reviewScreens(
  browser: Browser,
  buildDir: string,
  shot: (name: (typeof REVIEW_SHOTS)[number], tab: Page) => Promise<unknown>,
  problems: string[],
): Promise<void> {
  const server = await startShotServer(buildDir, {
    accounts: [EDITOR, PUBLISHER],
    env: { CONTENT_REVIEW: 'on' },
  });
  try {
    const editor = await server.signIn(browser, EDITOR, problems);
    await editor.getByRole('button', { name: 'Telematics (IoT)', exact: true }).click();
    await editor.getByRole('heading', { level: 1, name: /^Edit: / }).waitFor();
    await editor
      .locator('fieldset[data-block-key]')
      .first()
      .getByLabel(/^Heading\b/)
      .first()
      .fill('Telematics that pays for itself');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    const band = editor.getByRole('region', { name: 'Draft' });
    await band.getByRole('button', { name: 'Submit for review' }).click();
    const submit = editor.getByRole('dialog', { name: 'Submit this page for review?' });
    await submit.getByLabel(/^Note for the reviewer/).fill('A sharper promise in the heading.');
    await submit.getByRole('button', { name: 'Submit for review' }).click();
    await band.getByText(/^In review/).waitFor();

    const publisher = await server.signIn(browser, PUBLISHER, problems);
    await publisher.getByRole('button', { name: /^Drafts and publishing/ }).click();
    await publisher
      .getByRole('button', { name: /^Open review/ })
      .first()
      .click();
    await publisher.getByRole('heading', { level: 1, name: /^Review: / }).waitFor();
    await publisher.frameLocator('iframe[title^="Preview of the draft"]').locator('h1').waitFor();
    await publisher.waitForTimeout(800);
    await shot('editor-review.png', publisher);
    await publisher.getByRole('button', { name: 'Request changes' }).click();
    const ask = publisher.getByRole('dialog', { name: 'Request changes to this draft' });
    await ask.getByLabel('What should change?').fill('Say how soon it pays for itself: “in a year”.');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await publisher.getByText(/^Changes requested: /).waitFor();

    await editor.reload();
    await editor.getByRole('heading', { level: 2, name: 'Services' }).waitFor();
    await editor.getByRole('button', { name: 'Telematics (IoT)', exact: true }).click();
    await editor
      .getByRole('region', { name: 'Draft' })
      .getByText(/^Changes requested by Meera Publisher/)
      .waitFor();
    await editor.waitForTimeout(500);
    await shot('editor-changes-requested.png', editor);
  } finally {
    await server.close();
  }
}
