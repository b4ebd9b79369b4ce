import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContentSection from './ContentSection.tsx';
import { type FakeServer, fakeServer } from './testing.ts';

// The list opens the page editor, whose preview loads the page's block code (dynamic imports):
// not what these tests are about, and left loading when a test ended (issue 33). The preview has
// tests of its own (Preview.test.tsx, PageEditor.test.tsx).
vi.mock('./Preview.tsx', () => ({ Preview: () => null }));

const staff = { name: 'Priya', email: 'priya@example.com', role: 'content' as const };
let server: FakeServer;

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('the page list', () => {
  it('groups the pages by kind with title, address and last change', async () => {
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Content');
    expect(headings).toEqual(['Home', 'Products', 'Services', 'Careers', 'Other pages']);
    const services = screen.getByRole('region', { name: 'Services' });
    const iot = within(services)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('/services/iot'));
    expect(iot).toBeDefined();
    expect(iot?.textContent).toContain('Priya, 20 Nov 2026');
    expect(within(screen.getByRole('region', { name: 'Home' })).getAllByRole('row')).toHaveLength(2);
    expect(server.calls[0]?.url).toBe('/backend/api/admin/content/pages');
  });

  it('opens a page when its title is pressed', async () => {
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    const services = await screen.findByRole('region', { name: 'Services' });
    const button = within(services)
      .getAllByRole('button')
      .find((b) => b.textContent?.includes('IoT'));
    if (!button) throw new Error('no IoT page in the list');
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/IoT/);
  });

  it('says what went wrong when the pages cannot be loaded', async () => {
    server.answer('GET /pages', () => ({ status: 403, body: { message: 'Your role cannot edit content.' } }));
    render(<ContentSection api="/backend/api/admin" csrfToken="t" staff={staff} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role cannot edit content.');
  });
});
