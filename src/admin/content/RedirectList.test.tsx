import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteFiles } from './api.ts';
import ContentSection from './ContentSection.tsx';
import { type FakeServer, fakeServer, repositoryImages, sha } from './testing.ts';

vi.mock('./Preview.tsx', () => ({ Preview: () => null }));

const staff = { name: 'Priya', email: 'priya@example.com', role: 'content' as const };
let server: FakeServer;

/** GET /site as the server answers it, with this text of redirects.yaml (null: no file). */
function siteWithRedirects(redirects: string | null) {
  server.answer('GET /site', () => ({
    status: 200,
    body: {
      files: Object.fromEntries([...server.texts].map(([f, text]) => [f, { text, version: sha(text) }])),
      images: repositoryImages(),
      history: { enabled: true },
      redirects,
    } satisfies SiteFiles,
  }));
}

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

async function openRedirects() {
  render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Redirects' }));
  const heading = screen.getByRole('heading', { level: 1, name: 'Redirects' });
  expect(heading).toHaveFocus();
}

describe('the list of redirects', () => {
  it('lists each old address and the page it leads to, from the page list', async () => {
    siteWithRedirects(
      '# yaml-language-server: $schema=./schema/redirects.schema.json\nredirects:\n  - from: /careers/qa-engineer\n    to: /careers\n    note: Filled in March.\n  - { from: /about-us.html, to: /about }\n',
    );
    await openRedirects();
    const table = screen.getByRole('table', { name: 'Redirects' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Old address', '→ Leads to', 'Note']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').length + 1)).toEqual([3, 3]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('/careers/qa-engineer');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: /\/careers/ })).toHaveAttribute(
      'href',
      '/careers',
    );
    expect(rows[0]).toHaveTextContent('Filled in March.');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('/about-us.html');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: /\/about/ })).toHaveAttribute(
      'href',
      '/about',
    );
    // Read-only: nothing to type into, and the way back to the pages.
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '← All pages' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeInTheDocument();
  });

  it('says so when the site has no redirects', async () => {
    siteWithRedirects(null);
    await openRedirects();
    expect(screen.getByText('This site has no redirects.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says what is wrong when redirects.yaml cannot be read', async () => {
    siteWithRedirects('redirects:\n  - { from: /a, to: /b\n');
    await openRedirects();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The redirects cannot be read');
    expect(alert).toHaveTextContent('redirects.yaml has a mistake');
  });
});
