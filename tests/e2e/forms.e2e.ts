/**
 * The four forms, filled in and sent from the browser to the real server: the success dialog, then
 * the stored row read back from the SQLite file (the CV's bytes equal to the uploaded PDF); one
 * client-side validation dialog per form; and server errors (the rate limit) shown with the
 * server's own message.
 */
import Sqlite from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobTitleOf } from '../../src/content/model.ts';
import { messages, responses } from '../../src/forms/rules.ts';
import { axeViolations, dialog, expectDialog, gotoHydrated, waitUntil } from './support/page.ts';
import {
  baseUrl,
  dbFile,
  launchBrowser,
  limitedUrl,
  newContext,
  siteContent,
  WIDTHS,
} from './support/site.ts';

/** A small but real PDF file. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

/** Server's answer to the rate limit (server/api/messages.ts), shown by the demo and application forms. */
const RATE_LIMITED = 'Too many requests. Please wait a minute and try again.';

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const emailFor = (form: string) => `e2e.${form}.${stamp}@example.com`;

type Row = Record<string, unknown>;

/** The rows of `table` whose `email` is `email`, read straight from the server's SQLite file. */
function rowsOf(table: string, email: string): Row[] {
  const db = new Sqlite(dbFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`select * from ${table} where email = ?`).all(email) as Row[];
  } finally {
    db.close();
  }
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, WIDTHS.desktop);
});
afterEach(async () => {
  await page?.close();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, base = baseUrl()): Promise<Page> {
  page = await context.newPage();
  await gotoHydrated(page, base + path);
  return page;
}

let clients = 0;

/**
 * Opens `path` on the server that allows one submission per form per minute, as a client address
 * of its own (the server trusts X-Forwarded-For), so each test and each retry starts with a full
 * budget rather than one an earlier attempt used up.
 */
async function openLimited(path: string): Promise<Page> {
  clients += 1;
  const client = `198.51.100.${clients}`; // TEST-NET-2: an address no real client has.
  page = await context.newPage();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': client });
  await gotoHydrated(page, limitedUrl() + path);
  return page;
}

const demoTexts = () => siteContent().site.forms.demo;

/** The demo form (its accessible name is its heading). */
const demoForm = (p: Page) => p.getByRole('form', { name: demoTexts().heading });

async function fillDemo(
  form: Locator,
  values: { name: string; phone: string; email: string; query: string },
) {
  const labels = demoTexts().labels;
  await form.getByLabel(labels.name, { exact: true }).fill(values.name);
  await form.getByLabel(labels.phone, { exact: true }).fill(values.phone);
  await form.getByLabel(labels.email, { exact: true }).fill(values.email);
  await form.getByRole('combobox', { name: labels.serviceType }).click();
  await form.page().getByRole('option', { name: 'Telematics', exact: true }).click();
  await form.getByLabel(labels.query, { exact: true }).fill(values.query);
}

describe('demo / inquiry form', () => {
  it('warns about missing fields before sending anything', async () => {
    const p = await open('/services/iot');
    let posted = false;
    p.on('request', (r) => {
      if (r.method() === 'POST') posted = true;
    });
    // Scrolled to, as a visitor does: the form's code loads as it comes near the screen, and its
    // button is enabled once it has (a click does not scroll to a disabled button).
    await demoForm(p).scrollIntoViewIfNeeded();
    await demoForm(p).getByRole('button', { name: demoTexts().submit }).click();
    await expectDialog(p, messages.missingFields.title, messages.missingFields.message);
    expect(posted).toBe(false);
  });

  it('sends a request, shows the success dialog, clears the form and stores the row', async () => {
    const p = await open('/services/iot');
    const form = demoForm(p);
    const email = emailFor('demo');
    await fillDemo(form, {
      name: 'Asha Rao',
      phone: '9876543210',
      email,
      query: 'A demo of fleet tracking.',
    });
    await form.getByRole('button', { name: demoTexts().submit }).click();
    await expectDialog(p, responses.demoSuccess.title, responses.demoSuccess.message);
    expect(await form.getByLabel(demoTexts().labels.name, { exact: true }).inputValue()).toBe('');

    const rows = rowsOf('demo_requests', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Asha Rao',
      phone: '9876543210',
      email,
      service_type: 'Telematics',
      query: 'A demo of fleet tracking.',
    });
  });

  it('shows the server’s message when the server refuses (rate limit)', async () => {
    const p = await openLimited('/services/iot');
    const form = demoForm(p);
    const send = async (n: number) => {
      await fillDemo(form, {
        name: 'Ravi',
        phone: '9876543210',
        email: emailFor(`limit${n}`),
        query: 'Hello',
      });
      await form.getByRole('button', { name: demoTexts().submit }).click();
    };
    await send(1);
    await expectDialog(p, responses.demoSuccess.title, responses.demoSuccess.message);
    await send(2);
    await expectDialog(p, responses.demoFailure.title, RATE_LIMITED);
  });
});

describe('brochure form', () => {
  const brochure = (p: Page) => p.locator('#brochure form');

  it('warns about an invalid email', async () => {
    const p = await open('/products/triunetransitshield');
    const form = brochure(p);
    await form.getByRole('textbox').fill('not-an-email');
    await form.getByRole('button').click();
    await expectDialog(p, messages.brochureEmail.title, messages.brochureEmail.message);
  });

  it('sends the email, shows the success dialog and stores the row', async () => {
    const p = await open('/products/triunetransitshield');
    const form = brochure(p);
    const email = emailFor('brochure');
    await form.getByRole('textbox').fill(email);
    await form.getByRole('button').click();
    await expectDialog(p, responses.brochureSuccess.title, responses.brochureSuccess.message);
    expect(await form.getByRole('textbox').inputValue()).toBe('');
    expect(rowsOf('brochure_requests', email)).toEqual([expect.objectContaining({ email })]);
  });

  it('keeps what was typed before the page’s code ran, and the browser never submits it itself', async () => {
    page = await context.newPage();
    const p = page;
    const url = `${baseUrl()}/products/triunetransitshield`;
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await p.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await p.goto(url, { waitUntil: 'commit' });
    const form = brochure(p);
    const email = emailFor('brochure-early');
    await form.getByRole('textbox').fill(email);
    await form.getByRole('textbox').press('Enter');
    await form.getByRole('button').click({ force: true });
    expect(p.url(), 'no native submission (fields in the address)').toBe(url);

    release();
    await form.getByRole('button').click(); // Waits until the form's code has made it usable.
    await expectDialog(p, responses.brochureSuccess.title, responses.brochureSuccess.message);
    expect(rowsOf('brochure_requests', email)).toHaveLength(1);
  });

  it('shows its error dialog when the server refuses (rate limit)', async () => {
    const p = await openLimited('/products/triunetransitshield');
    const form = brochure(p);
    for (const n of [1, 2]) {
      await form.getByRole('textbox').fill(emailFor(`brochure-limit${n}`));
      await form.getByRole('button').click();
      const expected = n === 1 ? responses.brochureSuccess : responses.brochureFailure;
      await expectDialog(p, expected.title, expected.message);
    }
  });
});

describe('application form', () => {
  const path = '/careers/app-developer';
  const position = () => {
    const page = siteContent().pages.find((p) => p.page.path === path)?.page;
    return page ? jobTitleOf(page) : undefined;
  };
  const applyForm = (p: Page) => p.locator('#apply form');

  async function fill(form: Locator, email: string, cv: { name: string; mimeType: string; buffer: Buffer }) {
    await form.getByLabel('Full Name').fill('Meera Iyer');
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Phone Number').fill('9876501234');
    await form.getByLabel('Cover Letter').fill('I build Flutter apps.');
    await form.locator('input[type="file"]').setInputFiles(cv);
  }

  it('discards a CV that is not PDF, DOC or DOCX', async () => {
    const p = await open(path);
    const file = applyForm(p).locator('input[type="file"]');
    await file.setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectDialog(p, messages.cvType.title, messages.cvType.message);
    expect(await file.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  });

  it('sends an application with its CV, shows the success dialog and stores the row', async () => {
    expect(position()).toBe('Mobile App Developer');
    const p = await open(path);
    const form = applyForm(p);
    expect(await form.getByLabel('Position').inputValue()).toBe(position());
    const email = emailFor('application');
    await fill(form, email, { name: 'meera-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: /submit/i }).click();
    await expectDialog(p, responses.applicationSuccess.title, responses.applicationSuccess.message);
    expect(await form.getByLabel('Full Name').inputValue()).toBe('');

    const rows = rowsOf('applications', email);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(row).toMatchObject({
      full_name: 'Meera Iyer',
      phone: '9876501234',
      cover_letter: 'I build Flutter apps.',
      position: position(),
      cv_name: 'meera-cv.pdf',
      cv_type: 'pdf',
      cv_size: PDF.length,
    });
    expect(Buffer.compare(row.cv_data as Buffer, PDF), 'the stored CV is the uploaded file').toBe(0);
  });

  it('shows the server’s message when the server refuses (rate limit)', async () => {
    const p = await openLimited(path);
    const form = applyForm(p);
    for (const n of [1, 2]) {
      await fill(form, emailFor(`apply-limit${n}`), {
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await form.getByRole('button', { name: /submit/i }).click();
      if (n === 1)
        await expectDialog(p, responses.applicationSuccess.title, responses.applicationSuccess.message);
      else await expectDialog(p, responses.applicationFailure.title, RATE_LIMITED);
    }
  });
});

describe('contact form in the chat panel', () => {
  async function openPanel(p: Page): Promise<Locator> {
    const frame = siteContent().site.frame;
    await p.getByRole('button', { name: frame.chatButtonLabel }).click();
    const panel = p.getByRole('dialog', { name: frame.chatTitle });
    await panel.locator('form').waitFor();
    return panel;
  }

  it('keeps only digits in the mobile number and rejects one not starting with 6 to 9', async () => {
    const p = await open('/about');
    const panel = await openPanel(p);
    await panel.getByLabel('Name').fill('Kiran');
    await panel.getByLabel('Email').fill('kiran@example.com');
    const mobile = panel.getByLabel('Mobile Number');
    await mobile.pressSequentially('51-234 567 890 12');
    expect(await mobile.inputValue()).toBe('5123456789');
    await panel.getByLabel('Message').fill('Please call me back about the ERP.');
    await panel.getByRole('button', { name: 'Send Message' }).click();
    await expectDialog(p, messages.contactMobile.title, messages.contactMobile.message);
  });

  it('sends a message, shows the success dialog, closes the panel and stores the row', async () => {
    const p = await open('/about');
    const panel = await openPanel(p);
    const email = emailFor('contact');
    await panel.getByLabel('Name').fill('Kiran Kumar');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Mobile Number').fill('9123456780');
    await panel.getByLabel('Message').fill('Please call me back about the ERP.');
    await panel.getByRole('button', { name: 'Send Message' }).click();
    await expectDialog(p, responses.contactSuccess.title, responses.contactSuccess.message);
    await panel.waitFor({ state: 'hidden' });
    expect(rowsOf('contact_messages', email)).toEqual([
      expect.objectContaining({
        name: 'Kiran Kumar',
        email,
        mobile_number: '9123456780',
        message: 'Please call me back about the ERP.',
      }),
    ]);
  });
});

describe('dialogs', () => {
  it('are accessible and return focus to the form', async () => {
    const p = await open('/services/iot');
    const submit = demoForm(p).getByRole('button', { name: demoTexts().submit });
    await demoForm(p).scrollIntoViewIfNeeded();
    await submit.click();
    await dialog(p).waitFor({ state: 'visible' });
    expect(await axeViolations(p, '.swal2-container')).toEqual([]);
    await p.keyboard.press('Escape');
    await dialog(p).waitFor({ state: 'hidden' });
    await waitUntil(
      () => p.evaluate(() => document.activeElement?.closest('form') !== null),
      'focus back in the form',
    );
  });
});
