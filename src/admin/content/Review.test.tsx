/**
 * Review before publishing (CONTENT_REVIEW on), as the editor shows it: a content editor submits a
 * page for review instead of publishing it, and reads in the page's draft band and the page list
 * that it is in review, or what a reviewer asked to change; a publisher opens the review from
 * Drafts, reads each changed field's live and draft words and the two pages side by side, and
 * approves it (which publishes it) or asks for changes, which needs a comment. Who submitted a
 * page withdraws it from review from its band; a page approved for its Publish at says so.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftGroup, PageReview, PageSummary, Review, ReviewFile } from './api.ts';
import ContentSection from './ContentSection.tsx';
import { type FakeServer, fakeServer } from './testing.ts';

let server: FakeServer;
const editor = { name: 'Priya', email: 'priya@example.com', role: 'content' as const };
const publisher = { name: 'Ravi', email: 'ravi@example.com', role: 'publisher' as const };
const CAMP = 'pages/products/summercamp.yaml';
const DRAFTS: DraftGroup[] = [
  { files: [{ file: CAMP, change: 'changed' }], by: ['Priya'], at: '2026-11-27T10:00:00Z' },
];

const REVIEW: Review = {
  id: 1,
  files: [CAMP],
  names: ['Summer Camp'],
  state: 'in-review',
  submittedBy: 'Priya',
  submittedAt: '2026-11-27T10:05:00Z',
  note: 'New heading for the spring launch.',
  publishAt: null,
  events: [
    { kind: 'submitted', by: 'Priya', at: '2026-11-27T10:05:00Z', comment: null, via: null },
    {
      kind: 'link-changes-requested',
      by: 'Meera',
      at: '2026-11-27T11:00:00Z',
      comment: 'Say spring, not summer.',
      via: 'preview link',
    },
  ],
};

/** The fake server with review on, for a content account (`mayPublish` false) or a publisher. */
async function reviewOn(mayPublish: boolean, review: PageReview | null = null) {
  server.answer('GET /drafts', () => ({
    status: 200,
    body: { enabled: true, drafts: DRAFTS, review: { required: true, mayPublish } },
  }));
  server.answer('GET /reviews', () => ({
    status: 200,
    body: { required: true, mayPublish, reviews: review ? [REVIEW] : [] },
  }));
  const response = await server.fetch('/backend/api/admin/content/pages');
  const { pages } = (await response.json()) as { pages: PageSummary[] };
  const marked = pages.map(
    (p): PageSummary =>
      p.file === CAMP
        ? { ...p, draft: { change: 'changed', by: ['Priya'], at: '2026-11-27T10:00:00Z', with: 0 }, review }
        : { ...p, draft: null, review: null },
  );
  server.answer('GET /pages', () => ({ status: 200, body: { pages: marked } }));
}

const IN_REVIEW: PageReview = {
  id: 1,
  state: 'in-review',
  by: 'Priya',
  at: '2026-11-27T10:05:00Z',
  comment: null,
  commentBy: null,
  commentAt: null,
  approvedBy: null,
  publishAt: null,
  stale: false,
  mayWithdraw: false,
};

beforeEach(() => {
  localStorage.clear();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.dynamicImportSettled());
afterEach(() => vi.unstubAllGlobals());

const posts = (path: string) => server.calls.filter((c) => c.method === 'POST' && c.url.endsWith(path));
/** jsdom has no showModal: the dialog is found as an element. */
const openDialog = () => document.querySelector('dialog') as HTMLElement;

describe('a content editor, with review on', () => {
  it('submits the page for review instead of publishing it', async () => {
    await reviewOn(false);
    server.answer('POST /reviews', () => ({ status: 201, body: { review: REVIEW } }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(band).toHaveTextContent('Not live yet: saved changes by Priya');
    expect(within(band).queryByRole('button', { name: 'Publish this page' })).toBeNull();
    await userEvent.click(within(band).getByRole('button', { name: 'Submit for review' }));
    const dialog = openDialog();
    expect(dialog.querySelector('h2')).toHaveTextContent('Submit this page for review?');
    await userEvent.type(
      within(dialog).getByLabelText('Note for the reviewer (optional)'),
      'New heading for the spring launch.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for review', hidden: true }));
    await waitFor(() => expect(posts('/reviews')).toHaveLength(1));
    expect(posts('/reviews')[0]?.body).toEqual({ files: [CAMP], note: 'New heading for the spring launch.' });
    expect(await within(band).findByRole('status')).toHaveTextContent('Submitted for review.');
    expect(posts('/publish')).toHaveLength(0);
  });

  it('Drafts offers Submit selected for review, not Publish selected', async () => {
    await reviewOn(false);
    server.answer('POST /reviews', () => ({ status: 201, body: { review: REVIEW } }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Drafts and publishing (1)' }));
    expect(screen.queryByRole('button', { name: /^Publish selected/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit selected for review (1 of 1)' }));
    await userEvent.click(
      within(openDialog()).getByRole('button', { name: 'Submit for review', hidden: true }),
    );
    await waitFor(() => expect(posts('/reviews')[0]?.body).toEqual({ files: [CAMP] }));
  });

  it('says in the band and the list that a page is in review, and offers no second submission', async () => {
    await reviewOn(false, IN_REVIEW);
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    const row = await screen.findByRole('row', { name: /Summer Camp/ });
    expect(within(row).getByText(/^In review/)).toHaveTextContent(
      /^In review: submitted by Priya, 27 Nov 2026/,
    );
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'In review');
    expect(screen.getByRole('status')).toHaveTextContent('1 page is shown.');
    await userEvent.click(within(row).getByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(band).toHaveTextContent(/In review: submitted by Priya, 27 Nov 2026/);
    expect(within(band).queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(within(band).queryByRole('button', { name: 'Publish this page' })).toBeNull();
  });

  it('shows what a reviewer asked to change and when, and offers Submit for review again', async () => {
    await reviewOn(false, {
      ...IN_REVIEW,
      state: 'changes-requested',
      comment: 'Say spring, not summer.',
      commentBy: 'Meera',
      // Midday UTC: 27 Nov in any time zone the tests run in.
      commentAt: '2026-11-27T12:00:00Z',
    });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    const asked = /^Changes requested by Meera, 27 Nov 2026, \d{2}:\d{2}: “Say spring, not summer\.”$/;
    const row = await screen.findByRole('row', { name: /Summer Camp/ });
    expect(within(row).getByText(/^Changes requested/)).toHaveTextContent(asked);
    await userEvent.click(within(row).getByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(within(band).getByText(/^Changes requested/)).toHaveTextContent(asked);
    expect(within(band).getByRole('button', { name: 'Submit for review' })).toBeEnabled();
    // Sent back, it is the editor's to change: nothing to withdraw.
    expect(within(band).queryByRole('button', { name: 'Withdraw from review' })).toBeNull();
  });

  it('withdraws the page from review after a question: a plain draft again, to submit again', async () => {
    await reviewOn(false, { ...IN_REVIEW, mayWithdraw: true });
    const response = await server.fetch('/backend/api/admin/content/pages');
    const { pages } = (await response.json()) as { pages: PageSummary[] };
    server.answer('POST /reviews/1/withdraw', () => {
      // The page's state as the server then tells it: a draft in no review.
      const drafted = pages.map((p) => ({ ...p, review: null }));
      server.answer('GET /pages', () => ({ status: 200, body: { pages: drafted } }));
      return { status: 200, body: { review: { ...REVIEW, state: 'withdrawn' } } };
    });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(band).toHaveTextContent(/In review: submitted by Priya, 27 Nov 2026/);
    // Asked first; Cancel withdraws nothing.
    await userEvent.click(within(band).getByRole('button', { name: 'Withdraw from review' }));
    expect(openDialog().querySelector('h2')).toHaveTextContent('Withdraw this page from review?');
    await userEvent.click(within(openDialog()).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(screen.queryByText('Withdraw this page from review?')).toBeNull();
    expect(posts('/withdraw')).toHaveLength(0);

    await userEvent.click(within(band).getByRole('button', { name: 'Withdraw from review' }));
    await userEvent.click(
      within(openDialog()).getByRole('button', { name: 'Withdraw from review', hidden: true }),
    );
    await waitFor(() => expect(posts('/reviews/1/withdraw')).toHaveLength(1));
    expect(await within(band).findByRole('status')).toHaveTextContent(
      'Withdrawn from review: the page is a draft again. Submit it again when it is ready.',
    );
    expect(await within(band).findByRole('button', { name: 'Submit for review' })).toBeEnabled();
    expect(band).toHaveTextContent('Not live yet: saved changes by Priya');
    expect(within(band).queryByRole('button', { name: 'Withdraw from review' })).toBeNull();
  });

  it('offers no Withdraw from review to a colleague who did not submit the page', async () => {
    await reviewOn(false, { ...IN_REVIEW, by: 'Ravi', mayWithdraw: false });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(band).toHaveTextContent(/In review: submitted by Ravi/);
    expect(within(band).queryByRole('button', { name: 'Withdraw from review' })).toBeNull();
  });

  it('says a page approved for its Publish at goes live then, and offers no second submission', async () => {
    await reviewOn(false, {
      ...IN_REVIEW,
      state: 'approved',
      approvedBy: 'Meera',
      publishAt: '2026-12-01T09:00',
    });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    const row = await screen.findByRole('row', { name: /Summer Camp/ });
    expect(within(row).getByText(/^Approved/)).toHaveTextContent(
      'Approved by Meera: goes live at its Publish at time, 1 Dec 2026, 09:00.',
    );
    // Drafts does not offer to submit it again: it is approved as it is.
    await userEvent.click(screen.getByRole('button', { name: 'Drafts and publishing (1)' }));
    expect(screen.getByRole('checkbox', { name: 'Submit Summer Camp for review' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit selected for review' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '← All pages' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(band).toHaveTextContent('Approved by Meera: goes live at its Publish at time, 1 Dec 2026, 09:00.');
    expect(band).not.toHaveTextContent('being published');
    expect(within(band).queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  it('says a page saved since it was submitted must be submitted again, and offers it', async () => {
    await reviewOn(false, { ...IN_REVIEW, stale: true });
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={editor} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Summer Camp/ }));
    const band = await screen.findByRole('region', { name: 'Draft' });
    expect(band).toHaveTextContent(
      'In review, but saved again since it was submitted: submit it again, so that the publisher reviews these words.',
    );
    expect(within(band).getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  });
});

describe('a publisher, with review on', () => {
  const changes = (): { review: Review; files: ReviewFile[] } => {
    const live = server.texts.get(CAMP) ?? '';
    return {
      review: REVIEW,
      files: [
        {
          file: CAMP,
          name: 'Summer Camp',
          change: 'changed',
          live,
          draft: live.replace('    heading: Summer Camp\n', '    heading: Spring Camp\n'),
          fields: [{ field: 'Heading in Page hero', before: 'Summer Camp', after: 'Spring Camp' }],
        },
      ],
    };
  };

  async function openReview(staff: typeof publisher | typeof editor = publisher) {
    await reviewOn(staff === publisher, IN_REVIEW);
    server.answer('GET /reviews/1/changes', () => ({ status: 200, body: changes() }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Drafts and publishing (1)' }));
    const waiting = screen.getByRole('region', { name: 'Waiting for review (1)' });
    expect(waiting).toHaveTextContent('Submitted by Priya, 27 Nov 2026');
    expect(waiting).toHaveTextContent('Note from Priya: “New heading for the spring launch.”');
    await userEvent.click(within(waiting).getByRole('button', { name: 'Open review: Summer Camp' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review: Summer Camp' })).toBeInTheDocument();
  }

  it('opens the review from Drafts: the words changed, what happened, and the two pages', async () => {
    await openReview();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const table = await screen.findByRole('table', { name: 'What changed in Summer Camp' });
    const row = within(table).getByRole('row', { name: /Heading in Page hero/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Summer Camp', 'Spring Camp']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Field', 'Live', 'Draft']);
    expect(screen.getByRole('region', { name: 'What happened' })).toHaveTextContent(
      'Changes requested by Meera (from a preview link), 27 Nov 2026',
    );
    expect(screen.getByTitle(/^Preview of the live page of Summer Camp/)).toBeInTheDocument();
    expect(screen.getByTitle(/^Preview of the draft of Summer Camp/)).toBeInTheDocument();
  });

  it('approves and publishes, followed as a Publish', async () => {
    server.answer('POST /reviews/1/approve', () => ({ status: 202, body: { state: 'running' } }));
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Approve and publish' }));
    await waitFor(() => expect(posts('/reviews/1/approve')).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('Published in 1 s.')).toBeInTheDocument(), { timeout: 3000 });
    expect(posts('/publish')).toHaveLength(0);
  });

  it('once published, tells the two pages as a record: before, and as published', async () => {
    await openReview();
    // The review as the server tells it after its Publish (the screen asks again once it ends).
    server.answer('GET /reviews', () => ({
      status: 200,
      body: { required: true, mayPublish: true, reviews: [{ ...REVIEW, state: 'published' }] },
    }));
    server.answer('POST /reviews/1/approve', () => ({ status: 202, body: { state: 'running' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve and publish' }));
    expect(await screen.findByText('Changed, now published.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Before' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Published' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'The draft' })).toBeNull();
  });

  it('approves a page whose Publish at is still to come: it says when it goes live, not that it is published', async () => {
    const message = 'Approved. It goes live at its Publish at time, 1 Dec 2026, 09:00, by itself.';
    server.answer('POST /reviews/1/approve', () => {
      server.answer('GET /reviews', () => ({
        status: 200,
        body: {
          required: true,
          mayPublish: true,
          reviews: [
            {
              ...REVIEW,
              state: 'approved',
              publishAt: '2026-12-01T09:00',
              events: [
                ...REVIEW.events,
                { kind: 'approved', by: 'Ravi', at: '2026-11-27T12:00:00Z', comment: null, via: null },
              ],
            },
          ],
        },
      }));
      return { status: 202, body: { state: 'done', message } };
    });
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Approve and publish' }));
    await waitFor(() => expect(posts('/reviews/1/approve')).toHaveLength(1));
    expect(
      await screen.findByText(
        /Approved by Ravi: goes live at its Publish at time, 1 Dec 2026, 09:00\.$/,
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/being published/)).toBeNull();
    // The approval's own answer stays: no Publish was started, so none is reported.
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/^Published in/)).toBeNull();
    expect(posts('/publish')).toHaveLength(0);
  });

  it('Request changes refuses an empty comment, then sends it', async () => {
    server.answer('POST /reviews/1/request-changes', (body) => ({
      status: 200,
      body: {
        review: {
          ...REVIEW,
          state: 'changes-requested',
          events: [
            ...REVIEW.events,
            {
              kind: 'changes-requested',
              by: 'Ravi',
              at: '2026-11-27T12:00:00Z',
              comment: (body as { comment: string }).comment,
              via: null,
            },
          ],
        },
      },
    }));
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    const dialog = openDialog();
    const box = within(dialog).getByLabelText('What should change?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request', hidden: true }));
    expect(within(dialog).getByRole('alert', { hidden: true })).toHaveTextContent(
      '“What should change?” is required: type it in.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(posts('/request-changes')).toHaveLength(0);
    await userEvent.type(box, 'Use the spring picture too.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request', hidden: true }));
    await waitFor(() =>
      expect(posts('/reviews/1/request-changes')[0]?.body).toEqual({
        comment: 'Use the spring picture too.',
      }),
    );
    expect(
      await screen.findByText('Changes requested: the draft goes back to Priya with your words.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve and publish' })).toBeNull();
  });

  it('a content account reads the review only', async () => {
    await openReview(editor);
    await screen.findByRole('table', { name: 'What changed in Summer Camp' });
    expect(screen.queryByRole('button', { name: 'Approve and publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request changes' })).toBeNull();
  });
});
