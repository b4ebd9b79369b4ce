/**
 * Drafts as a content editor meets them (issue 35): the page list says which pages have
 * unpublished changes and filters by it; the Drafts view publishes the drafts ticked and discards
 * one after a question; a page with a draft offers Publish this page.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftGroup, PageSummary } from './api.ts';
import ContentSection from './ContentSection.tsx';
import { type FakeServer, fakeServer } from './testing.ts';

let server: FakeServer;
const staff = { name: 'Priya', email: 'priya@example.com', role: 'content' as const };
const ABOUT = 'pages/about.yaml';
const CAMP = 'pages/products/summercamp.yaml';
const DRAFTS: DraftGroup[] = [
  {
    files: [
      { file: ABOUT, change: 'changed' },
      { file: 'public/images/pages/about/team.svg', change: 'new' },
    ],
    by: ['Priya'],
    at: '2026-11-27T10:00:00Z',
  },
  { files: [{ file: CAMP, change: 'changed' }], by: ['Ravi'], at: '2026-11-26T09:00:00Z' },
];

beforeEach(() => {
  localStorage.clear();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  let drafts = DRAFTS;
  server.answer('GET /drafts', () => ({ status: 200, body: { enabled: true, drafts } }));
  server.answer('POST /discard', (body) => {
    const files = (body as { files: string[] }).files;
    drafts = drafts.filter((g) => !g.files.some((f) => files.includes(f.file)));
    return { status: 200, body: { files } };
  });
});
afterEach(() => vi.dynamicImportSettled());
afterEach(() => vi.unstubAllGlobals());

/** The fake's page list, with the drafts above marked on their pages. */
async function withDraftStates() {
  const response = await server.fetch('/backend/api/admin/content/pages');
  const { pages } = (await response.json()) as { pages: PageSummary[] };
  const marked = pages.map((p) => {
    const group = DRAFTS.find((g) => g.files.some((f) => f.file === p.file));
    return {
      ...p,
      draft: group
        ? { change: 'changed' as const, by: group.by, at: group.at, with: group.files.length - 1 }
        : null,
    };
  });
  server.answer('GET /pages', () => ({ status: 200, body: { pages: marked } }));
}

const posts = (path: string) => server.calls.filter((c) => c.method === 'POST' && c.url.endsWith(path));

describe('drafts in the page list', () => {
  it('marks the pages with unpublished changes and filters by it', async () => {
    await withDraftStates();
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    const draftsButton = await screen.findByRole('button', { name: 'Drafts and publishing (2)' });
    expect(draftsButton).toBeInTheDocument();
    // No site-wide Publish where the server keeps drafts: publishing is chosen draft by draft.
    expect(screen.queryByRole('button', { name: 'Publish the site' })).toBeNull();
    const aboutRow = screen.getByRole('row', { name: /About/ });
    // Said in words, who and when included (not only on hover).
    expect(within(aboutRow).getByText(/^Draft/)).toHaveTextContent(/^Draft: Unpublished changes by Priya, /);
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'With unpublished changes');
    expect(screen.getByRole('status')).toHaveTextContent('2 pages are shown.');
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryByText(/^Draft/));
    expect(rows).toHaveLength(2);
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Taken down');
    // Only the "no openings right now" page, kept taken down until no job is open.
    expect(screen.getByRole('status')).toHaveTextContent('1 page is shown.');
    expect(screen.getByRole('row', { name: /No openings right now/ })).toBeInTheDocument();
  });
});

describe('the Drafts view', () => {
  it('publishes only the drafts left ticked', async () => {
    await withDraftStates();
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Drafts and publishing (2)' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Drafts' })).toBeInTheDocument();
    // A page's picture is part of its draft, said by name.
    expect(screen.getByText('Picture team.svg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Publish Summer Camp/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish selected (1 of 2)' }));
    await waitFor(() => expect(posts('/publish')).toHaveLength(1));
    expect(posts('/publish')[0]?.body).toEqual({ files: [ABOUT, 'public/images/pages/about/team.svg'] });
  });

  it('asks which words stay where the live site and a draft changed the same field', async () => {
    await withDraftStates();
    let clashes = [
      { file: ABOUT, field: 'Title', key: '["title"]', live: 'From a developer', draft: 'From the editor' },
    ];
    server.answer('GET /drafts', () => ({ status: 200, body: { enabled: true, drafts: DRAFTS, clashes } }));
    server.answer('POST /take-in-live', () => {
      clashes = [];
      return { status: 200, body: { clashes } };
    });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Drafts and publishing (2)' }));
    const section = await screen.findByRole('region', { name: 'The live site changed the same words (1)' });
    const field = within(section).getByRole('group', { name: `Title (${ABOUT})` });
    expect(
      within(field).getByRole('radio', { name: 'Keep the live words: “From a developer”' }),
    ).toBeChecked();
    await userEvent.click(
      within(field).getByRole('radio', { name: "Keep the draft's words: “From the editor”" }),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Keep the words chosen' }));
    await waitFor(() => expect(posts('/take-in-live')).toHaveLength(1));
    expect(posts('/take-in-live')[0]?.body).toEqual({ keepDraft: { [ABOUT]: ['["title"]'] } });
    await waitFor(() => expect(screen.queryByRole('region', { name: /^The live site changed/ })).toBeNull());
  });

  it('shows the publish log: who did what, newest first', async () => {
    await withDraftStates();
    server.answer('GET /activity', () => ({
      status: 200,
      body: {
        entries: [
          { at: '2026-11-28T05:00:00Z', by: 'Meera', what: 'Approved About Us' },
          { at: '2026-11-28T04:00:00Z', by: 'Priya', what: 'Revoked a preview link to About Us' },
        ],
      },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Drafts and publishing (2)' }));
    const log = await screen.findByRole('table', { name: 'The latest 2 entries, newest first' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Meera', 'Approved About Us'],
      ['Priya', 'Revoked a preview link to About Us'],
    ]);
  });

  it('discards a draft after asking, and lists what is left', async () => {
    await withDraftStates();
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Drafts and publishing (2)' }));
    await userEvent.click(screen.getByRole('button', { name: /^Discard the draft of Summer Camp/ }));
    // jsdom has no showModal: the dialog is found as an element, its heading read as text.
    const dialog = document.querySelector('dialog') as HTMLElement;
    expect(dialog.querySelector('h2')).toHaveTextContent(/^Discard the draft of Summer Camp/);
    expect(dialog).toHaveTextContent('It returns to what is on the live site.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft', hidden: true }));
    await waitFor(() => expect(posts('/discard')[0]?.body).toEqual({ files: [CAMP] }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Publish selected (1 of 1)' })).toBeEnabled(),
    );
  });
});

describe("a page's draft", () => {
  it('offers Publish this page, which publishes that page only', async () => {
    await withDraftStates();
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(band).toHaveTextContent('Not live yet: saved changes by Ravi');
    await userEvent.click(within(band).getByRole('button', { name: 'Publish this page' }));
    await waitFor(() => expect(posts('/publish')[0]?.body).toEqual({ files: [CAMP] }));
  });
});

describe('when the drafts cannot be read', () => {
  it('says so, and never falls back to publishing everything', async () => {
    server.answer('GET /drafts', () => ({
      status: 503,
      body: { message: 'The shared content repository cannot be reached.' },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The shared content repository cannot be reached.',
    );
    expect(screen.queryByRole('button', { name: 'Publish the site' })).toBeNull();
  });
});

describe('a job opening', () => {
  it('says in the list until when it is open, and that it then leaves the site by itself', async () => {
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    const row = await screen.findByRole('row', { name: /App Developer/ });
    expect(within(row).getByText(/^Open until/)).toHaveTextContent(
      'Open until 28 Feb 2027: Scheduled: leaves the site by itself on 1 Mar 2027, its address leading to /careers',
    );
  });
});

describe('a page with a schedule of its own', () => {
  it('says in the list when its draft goes live and when it leaves the site', async () => {
    const response = await server.fetch('/backend/api/admin/content/pages');
    const { pages } = (await response.json()) as { pages: PageSummary[] };
    server.answer('GET /pages', () => ({
      status: 200,
      body: {
        pages: pages.map((p) =>
          p.file === ABOUT
            ? {
                ...p,
                schedule: { publishAt: '2027-01-10T09:00', takeDownAt: '2027-03-31T18:00' },
                draft: { change: 'changed', by: ['Priya'], at: null, with: 0 },
              }
            : p,
        ),
      },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    const row = await screen.findByRole('row', { name: /About/ });
    expect(within(row).getByText(/^Goes live/)).toHaveTextContent('Goes live 10 Jan 2027, 09:00 (scheduled)');
    expect(within(row).getByText(/^Leaves the site/)).toHaveTextContent(
      'Leaves the site 31 Mar 2027, 18:00 (scheduled)',
    );
  });
});
