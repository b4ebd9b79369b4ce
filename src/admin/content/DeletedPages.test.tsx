/** Deleting a page from Take down, and bringing a deleted page back from Deleted pages. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContentSection from './ContentSection.tsx';
import { type FakeServer, fakeServer } from './testing.ts';

let server: FakeServer;
const staff = { name: 'Priya', email: 'priya@example.com', role: 'content' as const };
const JOB = 'pages/careers/graphic-designer.yaml';

beforeEach(() => {
  localStorage.clear();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.dynamicImportSettled());
afterEach(() => vi.unstubAllGlobals());

const posted = (path: string) => server.calls.filter((c) => c.method === 'POST' && c.url.endsWith(path));

describe('deleting a page', () => {
  it('Take down offers to delete the file, and says so after', async () => {
    server.answer('POST /take-down', () => ({
      status: 200,
      body: { version: null, text: null, commit: 'c1' },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'More for Graphic Designer' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Take down Graphic Designer/ }));
    // jsdom has no showModal: the dialog is found as an element.
    const dialog = document.querySelector('dialog') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Delete it/, hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));
    await waitFor(() => expect(posted('/take-down')).toHaveLength(1));
    expect(posted('/take-down')[0]?.body).toMatchObject({ file: JOB, to: '/careers', delete: true });
    expect(await screen.findByText(/is deleted \(Deleted pages can bring it back\)\./)).toBeInTheDocument();
  });
});

describe('Deleted pages', () => {
  it('lists each deleted page with who deleted it, and Restore brings it back', async () => {
    server.answer('GET /deleted', () => ({
      status: 200,
      body: {
        pages: [
          {
            file: JOB,
            commit: 'b'.repeat(40),
            name: 'Ravi',
            date: '2026-11-26T09:00:00Z',
            title: 'Graphic Designer (Remote) | Careers',
            path: '/careers/graphic-designer',
          },
        ],
      },
    }));
    server.answer('POST /restore-deleted', () => ({
      status: 200,
      body: { version: 'v', text: '', commit: 'c2' },
    }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deleted pages' }));
    const row = await screen.findByRole('row', { name: /Graphic Designer/ });
    expect(row).toHaveTextContent('/careers/graphic-designer');
    expect(row).toHaveTextContent(/Ravi, /);
    await userEvent.click(
      within(row).getByRole('button', { name: 'Restore Graphic Designer (Remote) | Careers' }),
    );
    await waitFor(() =>
      expect(posted('/restore-deleted')[0]?.body).toEqual({ file: JOB, commit: 'b'.repeat(40) }),
    );
    expect(
      await screen.findByText(
        'Graphic Designer (Remote) | Careers is back at /careers/graphic-designer. Publish the site to put it on the live site again.',
      ),
    ).toBeInTheDocument();
  });
});
