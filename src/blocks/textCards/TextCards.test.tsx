import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { SiteConfig } from '../../content/model.ts';
import TextCards from './TextCards.tsx';

describe('TextCards', () => {
  it('renders each card as a titled section with its paragraphs, in order', () => {
    renderWithContent(
      <TextCards
        block={{
          type: 'textCards',
          cards: [
            { title: 'About Us', content: 'We build apps.' },
            { title: 'Job Description', content: ['First paragraph.', 'Second paragraph.'] },
          ],
        }}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['About Us', 'Job Description']);
    const [about, job] = screen.getAllByRole('article');
    expect(within(about as HTMLElement).getByText('We build apps.').tagName).toBe('P');
    const paragraphs = within(job as HTMLElement)
      .getAllByText(/paragraph\.$/)
      .map((p) => p.textContent);
    expect(paragraphs).toEqual(['First paragraph.', 'Second paragraph.']);
  });

  it('puts the cards under the block heading (h2) as h3 when a heading is given', () => {
    renderWithContent(
      <TextCards
        block={{
          type: 'textCards',
          heading: 'The role',
          cards: [{ title: 'Job Description', content: 'Text.' }],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'The role' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Job Description' })).toBeInTheDocument();
  });

  it('shows a shared card (shared: name) with the title and paragraphs of site.yaml sharedText', () => {
    const real = loadContent();
    const sharedText: SiteConfig['sharedText'] = {
      aboutCompany: { title: 'About Us', content: ['We build apps.', 'We are small.'] },
    };
    const site: SiteConfig = { ...real.site, sharedText };
    renderWithContent(
      <TextCards
        block={{
          type: 'textCards',
          cards: [{ shared: 'aboutCompany' }, { title: 'Job Description', content: 'Text.' }],
        }}
      />,
      { content: { ...real, site } },
    );
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['About Us', 'Job Description']);
    const [about] = screen.getAllByRole('article');
    expect(within(about as HTMLElement).getByText('We build apps.').tagName).toBe('P');
    expect(within(about as HTMLElement).getByText('We are small.').tagName).toBe('P');
  });
});
