/** Save, conflicts, new pages, site settings, history and publishing, as a user goes through them. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { contentApi, type PageSummary } from './api.ts';
import ContentSection from './ContentSection.tsx';
import { describeChange } from './kinds.ts';
import { addressFor, addressProblem, copyPage, nextOrderIn, slugOf } from './newPage.ts';
import { PageEditor } from './PageEditor.tsx';
import { type FakeServer, fakeServer, sha } from './testing.ts';

let server: FakeServer;
const FILE = 'pages/products/summercamp.yaml';
const staff = { name: 'Priya', email: 'priya@example.com', role: 'content' as const };

beforeEach(() => {
  // Unsaved edits kept by one test would be offered to the next.
  localStorage.clear();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
});
// The preview loads each block's code: every test waits for it before it ends.
afterEach(() => vi.dynamicImportSettled());
afterEach(() => vi.unstubAllGlobals());

function button(text: string | RegExp): HTMLButtonElement {
  const el = [...document.querySelectorAll('button')].find((b) =>
    typeof text === 'string' ? b.textContent === text : text.test(b.textContent ?? ''),
  );
  if (!el) throw new Error(`No button "${text}"`);
  return el;
}

async function openEditor(onSaved = vi.fn()) {
  const client = contentApi('/backend/api/admin', 'csrf-1', server.fetch);
  const site = await client.site();
  render(<PageEditor file={FILE} site={site} client={client} onBack={() => undefined} onSaved={onSaved} />);
  return document.getElementById('page_title') as HTMLInputElement;
}

describe('saving', () => {
  it('PUTs the page as JSON with the version read and the CSRF token', async () => {
    // The server answers with the text it wrote: here the data sent, as the real one does.
    server.answer('PUT /file', (sent) => ({
      status: 200,
      body: { version: 'v2', text: stringify((sent as { data: unknown }).data), commit: 'c1' },
    }));
    const onSaved = vi.fn();
    const title = await openEditor(onSaved);
    expect(button('Save')).toBeDisabled(); // nothing changed yet
    await userEvent.click(title);
    await userEvent.paste('!');
    await waitFor(() => expect(button('Save')).toBeEnabled());
    await userEvent.click(button('Save'));
    await waitFor(() =>
      expect(document.getElementById('save-status')).toHaveTextContent('Saved and recorded'),
    );
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/backend/api/admin/content/file');
    expect(put?.headers['X-CSRF-Token']).toBe('csrf-1');
    const body = put?.body as { file: string; version: string; data: { title: string; blocks: unknown[] } };
    expect(body.file).toBe(FILE);
    expect(body.version).toBe(sha(server.texts.get(FILE) ?? ''));
    expect(body.data.title).toBe('Summer Camp | Camp Management App!');
    expect(body.data.blocks).toHaveLength(3);
    expect(onSaved).toHaveBeenCalledWith(FILE, stringify(body.data), 'v2');
    // Nothing else changed meanwhile: the form keeps what the user typed.
    expect(document.getElementById('page_title')).toHaveValue('Summer Camp | Camp Management App!');
  });

  it('asks, beside the field both changed, whose words to keep, and saves with the choice', async () => {
    const opened = server.texts.get(FILE) ?? '';
    const theirs = opened.replace(/^title: .*$/m, 'title: Summer Camp (theirs)');
    server.answer('PUT /file', () => ({
      status: 409,
      body: {
        message: 'Someone else saved this page since you opened it and changed a field that you changed too.',
        current: { version: 'v9', text: theirs },
        changed: ['title'],
        conflicts: [
          { path: ['title'], theirs: 'Summer Camp (theirs)', mine: 'Summer Camp | Camp Management App 2027' },
        ],
        threeWay: true,
      },
    }));
    const title = await openEditor();
    await userEvent.click(title);
    await userEvent.paste(' 2027');
    await waitFor(() => expect(button('Save')).toBeEnabled());
    await userEvent.click(button('Save'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this page');
    // Fields by their labels, never by their places in the file.
    expect(alert).not.toHaveTextContent('blocks.');
    expect(document.getElementById('save-status')).toHaveTextContent(
      'Not saved: someone else changed this page',
    );
    // The notice takes the keyboard, wherever the user was.
    expect(document.activeElement).toHaveTextContent('Someone else changed this page');
    await userEvent.click(screen.getByRole('button', { name: 'Go to Title' }));
    expect(document.activeElement).toBe(title);
    // The save sent the text as opened, so the server could merge what others changed since.
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ base: opened });
    expect(title).toHaveValue('Summer Camp | Camp Management App 2027');
    // Beside the field: theirs, mine, and the choice.
    expect(document.body).toHaveTextContent('Someone else changed Title too. Theirs: Summer Camp (theirs)');
    server.answer('PUT /file', () => ({ status: 200, body: { version: 'v10', text: theirs, commit: 'c2' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep theirs: Title' }));
    await waitFor(() =>
      expect(document.getElementById('save-status')).toHaveTextContent('Saved and recorded'),
    );
    expect(document.getElementById('page_title')).toHaveValue('Summer Camp (theirs)');
    expect(server.calls.at(-1)?.body).toMatchObject({
      seen: 'v9',
      keepMine: [],
      data: { title: 'Summer Camp (theirs)' },
    });
    expect(screen.queryByRole('button', { name: 'Save mine over theirs' })).toBeNull();
  });

  it('"Keep mine" sends the decision for that field, against the version shown', async () => {
    server.answer('PUT /file', () => ({
      status: 409,
      body: {
        message: 'Someone else saved this page.',
        current: { version: 'v9', text: server.texts.get(FILE) },
        changed: ['title'],
        conflicts: [{ path: ['title'], theirs: 'Theirs', mine: 'Mine' }],
        threeWay: true,
      },
    }));
    const title = await openEditor();
    await userEvent.click(title);
    await userEvent.paste('!');
    await waitFor(() => expect(button('Save')).toBeEnabled());
    await userEvent.click(button('Save'));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep mine: Title' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(server.calls.at(-1)?.body).toMatchObject({ seen: 'v9', keepMine: ['["title"]'] });
  });

  it("a save merged with someone else's changes puts theirs in the form too", async () => {
    const opened = server.texts.get(FILE) ?? '';
    server.answer('PUT /file', (body) => {
      const sent = body as { data: { title: string } };
      const merged = opened
        .replace(/^title: .*$/m, `title: ${sent.data.title}`)
        .replace(/^description: .*$/m, 'description: Their new description.');
      return { status: 200, body: { version: 'v11', text: merged, commit: 'c3' } };
    });
    const title = await openEditor();
    await userEvent.click(title);
    await userEvent.paste('!');
    await waitFor(() => expect(button('Save')).toBeEnabled());
    await userEvent.click(button('Save'));
    await waitFor(() =>
      expect(document.getElementById('save-status')).toHaveTextContent(
        "Saved, together with someone else's changes made meanwhile.",
      ),
    );
    expect(document.getElementById('page_description')).toHaveValue('Their new description.');
    expect(title).toHaveValue('Summer Camp | Camp Management App!');
    expect(button('Save')).toBeDisabled();
  });
});

describe('history', () => {
  it('lists versions, shows one and restores it', async () => {
    server.answer('POST /restore', () => ({
      status: 200,
      body: {
        version: 'v3',
        text: (server.texts.get(FILE) ?? '').replace(/^title: .*$/m, 'title: Old title'),
        commit: 'c3',
      },
    }));
    await openEditor();
    await userEvent.click(button('History'));
    await waitFor(() => expect(button('Show')).toBeInTheDocument());
    expect(document.body).toHaveTextContent(/Shorter intro — Priya, 20 Nov 2026/);
    // Shown in the preview, read-only and labelled, while the form keeps the draft.
    server.answer('GET /version', () => ({
      status: 200,
      body: { text: (server.texts.get(FILE) ?? '').replace(/^title: .*$/m, 'title: Old title') },
    }));
    await userEvent.click(button('Show'));
    await waitFor(() =>
      expect(document.getElementById('viewing-heading')).toHaveTextContent(
        /^Version of 20 Nov 2026, \d\d:30 by Priya$/,
      ),
    );
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.title).toMatch(/^Preview of the Version of 20 Nov 2026, .* by Priya at desktop width$/);
    expect(document.body).toHaveTextContent('Read only: this version cannot be edited.');
    expect(document.getElementById('page_title')).toHaveValue('Summer Camp | Camp Management App');
    await userEvent.click(button('Back to the current draft'));
    expect(document.getElementById('viewing-heading')).toBeNull();
    expect(document.querySelector('iframe')?.title).toBe('Preview of the page at desktop width');

    // Restore from the preview's own button.
    await userEvent.click(button('Show'));
    await waitFor(() => expect(button('Restore this version')).toBeEnabled());
    await userEvent.click(button('Restore this version'));
    // It asks first, as the history list does (RestoreQuestion.tsx).
    await userEvent.click(button('Yes, restore this version'));
    await waitFor(() => expect(document.getElementById('page_title')).toHaveValue('Old title'));
    expect(document.getElementById('viewing-heading')).toBeNull();
    expect(server.calls.at(-1)?.body).toEqual({
      file: FILE,
      commit: 'a'.repeat(40),
      version: sha(server.texts.get(FILE) ?? ''),
    });
  });
});

describe('new pages', () => {
  it('derives the address from the title and refuses one in use', () => {
    expect(slugOf('Fleet Tracking & GPS!')).toBe('fleet-tracking-and-gps');
    expect(addressFor('/services/iot', 'Cold Chain Monitoring')).toBe('/services/cold-chain-monitoring');
    const taken = new Map([['/services/iot', 'the page "Telematics (IoT)"']]);
    expect(addressProblem('/services/iot', taken)).toBe(
      'The address "/services/iot" is already used by the page "Telematics (IoT)". Choose another.',
    );
    expect(addressProblem('/Services/X', taken)).toMatch(/lower-case letters/);
    expect(addressProblem('/services/new', taken)).toBeNull();
  });

  it("gives the copy's listing the new title and not the original's menu name", () => {
    const source = {
      path: '/services/school-management',
      aliases: ['/services'],
      title: 'School Management Software',
      listing: {
        collection: 'services',
        title: 'School Management Software',
        menuLabel: 'School Management',
      },
    };
    expect(copyPage(source, '/services/drone-training', 'Drone Training')).toEqual({
      path: '/services/drone-training',
      title: 'Drone Training',
      listing: { collection: 'services', title: 'Drone Training' },
    });
    // Its place in the list: after the last one (the validator refuses two pages with one order).
    expect(copyPage(source, '/services/x', 'X', 14).listing).toEqual({
      collection: 'services',
      title: 'X',
      order: 14,
    });
    const services = (order: number) => ({ listing: { collection: 'services', order } });
    expect(
      nextOrderIn(
        [services(3), services(13), { listing: { collection: 'products', order: 40 } }],
        'services',
      ),
    ).toBe(14);
    expect(nextOrderIn([], 'services')).toBe(1);
  });

  it("shows why the server refused a new page, in the validator's words", async () => {
    server.answer('PUT /file', () => ({
      status: 400,
      body: {
        message: 'Not saved: the content has 1 problem. Fix it and save again.',
        errors: [
          { file: 'pages/services/x.yaml', line: 16, column: 10, message: 'Order 1 is already taken.' },
        ],
      },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await waitFor(() =>
      expect(document.querySelector('[aria-label^="New page like this: Telematics"]')).toBeTruthy(),
    );
    await userEvent.click(
      document.querySelector('[aria-label^="New page like this: Telematics"]') as HTMLElement,
    );
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    // Named as the list names the page, not by its search title.
    expect(dialog.querySelector('h2')).toHaveTextContent('New page like “Telematics (IoT)”');
    await userEvent.type(dialog.querySelector('input') as HTMLInputElement, 'X');
    await userEvent.click(button('Create page'));
    await waitFor(() =>
      expect(dialog.querySelector('[role="alert"]')).toHaveTextContent('Order 1 is already taken.'),
    );
  });

  it('creates a copy of a page of the same kind at the new address (PUT with version null)', async () => {
    server.answer('PUT /file', (body) => {
      const b = body as { file: string; data: { title: string } };
      return {
        status: 200,
        body: { version: 'n1', text: `path: /services/cold-chain\ntitle: ${b.data.title}\n`, commit: null },
      };
    });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await waitFor(() =>
      expect(document.querySelector('[aria-label^="New page like this: Telematics"]')).toBeTruthy(),
    );
    await userEvent.click(
      document.querySelector('[aria-label^="New page like this: Telematics"]') as HTMLElement,
    );
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    const [titleInput, addressInput] = [...dialog.querySelectorAll('input')];
    if (!titleInput || !addressInput) throw new Error('no inputs');
    await userEvent.type(titleInput, 'Cold Chain');
    expect(addressInput).toHaveValue('/services/cold-chain');
    await userEvent.clear(addressInput);
    await userEvent.type(addressInput, '/services/iot');
    expect(dialog).toHaveTextContent('already used by the page "Telematics (IoT)"');
    expect(button('Create page')).toBeDisabled();
    await userEvent.clear(addressInput);
    await userEvent.type(addressInput, '/services/cold-chain');
    await userEvent.click(button('Create page'));
    await waitFor(() => expect(document.querySelector('h1')).toHaveTextContent('Edit: Cold Chain'));
    const put = server.calls.find((c) => c.method === 'PUT')?.body as {
      file: string;
      version: null;
      copyOf: string;
      data: { path: string; title: string; aliases?: unknown; blocks: unknown[] };
    };
    expect(put.file).toBe('pages/services/cold-chain.yaml');
    expect(put.version).toBeNull();
    // The server writes the copy from this file's text, so the template's comments stay.
    expect(put.copyOf).toBe('pages/services/iot.yaml');
    expect(put.data.path).toBe('/services/cold-chain');
    expect(put.data.aliases).toBeUndefined();
    // The Internet of Things page's list (services) ends at order 13 in the repository's pages.
    expect((put.data as { listing?: { order?: number } }).listing?.order).toBeGreaterThan(13);
    expect(put.data.blocks.length).toBeGreaterThan(0);
  });
});

describe('site settings and publishing', () => {
  it('edits site.yaml in a generated form with the same checks', async () => {
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await waitFor(() => expect(button('Site settings')).toBeInTheDocument());
    await userEvent.click(button('Site settings'));
    expect(document.querySelector('h1')).toHaveTextContent('Site settings');
    const phone = document.getElementById('site_contact_phone') as HTMLInputElement;
    expect(phone.value).toMatch(/\d/);
    await userEvent.click(phone);
    await userEvent.paste('x');
    await waitFor(() => expect(document.getElementById('site_contact_phone__error')).toBeTruthy());
    expect(button('Save')).toBeDisabled();
  });

  it('saves site.yaml with the text as opened, shows a conflict, and can load theirs', async () => {
    const opened = server.texts.get('site.yaml') ?? '';
    const theirs = opened.replace(/^(\s+phone: ")/m, '$1+1 ');
    server.answer('PUT /file', () => ({
      status: 409,
      body: {
        message: 'Someone else saved the site settings since you opened them.',
        current: { version: 'v7', text: theirs },
        changed: ['contact.phone', 'company.name'],
        conflicts: [
          { path: ['company', 'name'], theirs: 'Triune Tech', mine: 'Triune Technologies Pvt Ltd' },
        ],
        threeWay: true,
      },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await waitFor(() => expect(button('Site settings')).toBeInTheDocument());
    await userEvent.click(button('Site settings'));
    const name = document.getElementById('site_company_name') as HTMLInputElement;
    await userEvent.click(name);
    await userEvent.paste(' Pvt Ltd');
    await waitFor(() => expect(button('Save')).toBeEnabled());
    await userEvent.keyboard('{Control>}s{/Control}'); // the same shortcut as on a page
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed the site settings');
    expect(document.getElementById('save-status')).toHaveTextContent(
      'Not saved: someone else changed the site settings',
    );
    // Beside the field (found by its name: a role query over this long form takes seconds).
    expect(document.querySelector('button[aria-label="Keep theirs: Name in Company"]')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      file: 'site.yaml',
      base: opened,
    });
    expect(name).toHaveValue('Triune Technologies Pvt Ltd');
    await userEvent.click(button('Drop mine and load theirs'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('site_company_name')).toHaveValue('Triune Technologies');
    expect((document.getElementById('site_contact_phone') as HTMLInputElement).value).toMatch(/^\+1 /);
    expect(button('Save')).toBeDisabled();
  });

  it('says who published the live version, and when (the publish log)', async () => {
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    // The last Publish that went live (Priya's), not the failed one after it.
    await waitFor(() =>
      expect(document.body).toHaveTextContent(
        `Live version published by ${describeChange({ name: 'Priya', date: '2026-11-20T10:30:12Z' })}.`,
      ),
    );
    expect(document.body).not.toHaveTextContent('published by Ravi');
  });

  it('takes a job opening down, its address leading to Careers, and says so in the page list', async () => {
    let takenDown = false;
    server.answer('POST /take-down', () => {
      takenDown = true;
      return { status: 200, body: { version: 'v2', text: 'unpublished: true\n', commit: 'c'.repeat(40) } };
    });
    const pagesAnswer = (await (await server.fetch('/backend/api/admin/content/pages')).json()) as {
      pages: PageSummary[];
    };
    server.answer('GET /pages', () => ({
      status: 200,
      body: {
        pages: pagesAnswer.pages.map((p) =>
          takenDown && p.file === 'pages/careers/graphic-designer.yaml' ? { ...p, unpublished: true } : p,
        ),
      },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'More for Graphic Designer' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Take down Graphic Designer/ }));
    // jsdom has no showModal: the dialog is found as an element, its heading read as text.
    const dialog = document.querySelector('dialog') as HTMLElement;
    expect(within(dialog).getByRole('heading', { hidden: true }).textContent).toMatch(
      /^Take down “Graphic Designer/,
    );
    // The section's main page is offered first.
    expect(within(dialog).getByLabelText('Its address leads to')).toHaveValue('/careers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take down', hidden: true }));
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/take-down'))?.body).toMatchObject(
      {
        file: 'pages/careers/graphic-designer.yaml',
        to: '/careers',
      },
    );
    expect(
      await screen.findByText(/is taken down\. Publish the site to take it off the live site\./),
    ).toBeVisible();
    // (The "no openings right now" page is taken down already: the row is Graphic Designer's.)
    const row = await waitFor(() => {
      const found = screen
        .getAllByText('Taken down', { selector: 'span' })
        .map((badge) => badge.closest('tr') as HTMLElement)
        .find((r) => within(r).queryByRole('button', { name: /^Graphic Designer/ }));
      if (!found) throw new Error('Graphic Designer is not marked taken down yet');
      return found;
    });
    expect(within(row).getByRole('button', { name: /^Graphic Designer/ })).toBeInTheDocument();
    // Nothing to view on the site, and nothing more to take down.
    expect(within(row).queryByRole('link', { name: /View on site/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Take down/ })).toBeNull();
  });

  it('takes down a job that also answers at /careers, handing that address to another opening', async () => {
    server.answer('POST /take-down', () => ({
      status: 200,
      body: { version: 'v2', text: 'unpublished: true\n', commit: 'c'.repeat(40) },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'More for Customer Support' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Take down Customer Support/ }));
    const dialog = document.querySelector('dialog') as HTMLElement;
    // Its own address can lead to Careers: another opening answers there from now on.
    expect(within(dialog).getByLabelText('Its address leads to')).toHaveValue('/careers');
    const holder = within(dialog).getByLabelText(
      /^This page also answers at \/careers\. From now on, that address shows/,
    );
    const offered = within(holder)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    // Other job openings first, never the page itself.
    expect(offered[0]).toMatch(/\(\/careers\//);
    expect(offered.join()).not.toContain('/careers/customer-support');
    await userEvent.selectOptions(holder, 'pages/careers/app-developer.yaml');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take down', hidden: true }));
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/take-down'))?.body).toEqual({
      file: 'pages/careers/customer-support.yaml',
      version: expect.any(String),
      to: '/careers',
      aliasesTo: { '/careers': 'pages/careers/app-developer.yaml' },
    });
  });

  it('lists the latest Publishes, newest first, with who, the outcome and the time taken', async () => {
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByText('Publish history'));
    const table = screen.getByRole('table', { name: 'The latest 2 Publishes, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        describeChange({ name: 'Ravi', date: '2026-11-21T09:00:05Z' }),
        'Not published: the build stopped.',
        '5.0 s',
        '—',
      ],
      [
        describeChange({ name: 'Priya', date: '2026-11-20T10:30:12Z' }),
        'Live, 31 pages',
        '12.0 s',
        'aaaaaaaa',
      ],
    ]);
  });

  it('publishes and shows the progress until done', async () => {
    let polls = 0;
    server.answer('GET /publish', () => {
      polls++;
      return polls < 2
        ? { status: 200, body: { state: 'running', step: 'Building pages' } }
        : { status: 200, body: { state: 'done', durationMs: 42000 } };
    });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await waitFor(() => expect(button('Publish the site')).toBeInTheDocument());
    await userEvent.click(button('Publish the site'));
    await waitFor(() => expect(document.body).toHaveTextContent('Publishing: Building pages'), {
      timeout: 4000,
    });
    await waitFor(() => expect(document.body).toHaveTextContent('Published in 42 s.'), { timeout: 4000 });
  });
});
