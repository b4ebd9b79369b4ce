/**
 * The history of one section of Site settings: only the versions that changed that section are
 * listed (by the top-level keys the server says each changed), with a button for every version,
 * and Restore asks first, naming the version and "the site settings".
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentApi, HistoryVersion } from './api.ts';
import { HistoryPanel } from './HistoryPanel.tsx';
import { siteSection, versionChangedSection } from './siteSections.ts';

const version = (commit: string, subject: string, keys: string[]): HistoryVersion & { keys: string[] } => ({
  commit,
  name: 'Priya',
  email: 'priya@example.com',
  date: '2026-11-20T16:00:00Z',
  subject,
  changes: [],
  keys,
});

const versions = [
  version('c3', 'Site settings: changed Menu button words', ['frame']),
  version('c2', 'Site settings: changed client Nandi Freight', ['clients']),
  version('c1', 'Initial content', ['company', 'clients', 'frame']),
];

const client = {
  history: vi.fn(async () => ({ enabled: true, versions })),
  version: vi.fn(async () => 'clients: []\n'),
} as unknown as ContentApi;

describe('HistoryPanel for a section of Site settings', () => {
  it('lists the versions that changed the section, and every version on request', async () => {
    const clients = siteSection('clients');
    if (!clients) throw new Error('no clients section');
    const onRestore = vi.fn(async () => undefined);
    render(
      <HistoryPanel
        file="site.yaml"
        title="History of Clients"
        what="site settings"
        filter={{ label: 'Clients', keep: (v) => versionChangedSection(v, clients) }}
        canRestore
        client={client}
        shown={null}
        onShow={() => undefined}
        onRestore={onRestore}
        onClose={() => undefined}
      />,
    );
    const panel = screen.getByRole('region', { name: 'History of Clients' });
    await within(panel).findByText('The versions that changed Clients (2 of 3).');
    const subjects = () =>
      within(panel)
        .queryAllByText(/^Site settings:|^Initial/)
        .map((e) => e.textContent);
    expect(subjects()).toEqual([
      expect.stringMatching(/^Site settings: changed client Nandi Freight/),
      expect.stringMatching(/^Initial content/),
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Show every version' }));
    expect(subjects()).toHaveLength(3);
    fireEvent.click(within(panel).getByRole('button', { name: 'Only Clients' }));
    expect(subjects()).toHaveLength(2);

    fireEvent.click(
      within(panel).getByRole('button', { name: /^Restore the version "Site settings: changed client/ }),
    );
    const question = within(panel).getByRole('alertdialog');
    expect(question.textContent).toMatch(/the site settings as it is now stays in the history/);
    expect(onRestore).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, restore this version' }));
    expect(onRestore).toHaveBeenCalledWith('c2');
  });
});
