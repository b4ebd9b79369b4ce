import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import CollectionList from './CollectionList.tsx';

const { collections } = loadContent();

const block = (collection: BlockOf<'collectionList'>['collection']): BlockOf<'collectionList'> => ({
  type: 'collectionList',
  collection,
  eyebrow: 'Our services',
  heading: 'All services',
  intro: 'Each on a page of its own.',
});

const cards = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('collectionList block', () => {
  it('is the page main heading, with the eyebrow and the intro from YAML', () => {
    renderWithContent(<CollectionList block={block('services')} />);
    const section = screen.getByRole('region', { name: 'All services' });
    expect(within(section).getByRole('heading', { level: 1 })).toHaveTextContent('All services');
    expect(section).toHaveTextContent('Our services');
    expect(section).toHaveTextContent('Each on a page of its own.');
  });

  it('lists every service in listing order: a link with its title (h2) and description', () => {
    renderWithContent(<CollectionList block={block('services')} />);
    const items = cards();
    expect(items).toHaveLength(13);
    expect(items).toHaveLength(collections.services.length);
    collections.services.forEach((service, i) => {
      const link = within(items[i] as HTMLElement).getByRole('link');
      expect(link).toHaveAttribute('href', service.link);
      expect(link).not.toHaveAttribute('target');
      expect(within(link).getByRole('heading', { level: 2 })).toHaveTextContent(service.title);
      if (service.description) expect(link).toHaveTextContent(service.description);
    });
  });

  it('shows the listing picture (decorative: the title names the link), or else its icon', () => {
    renderWithContent(<CollectionList block={block('jobs')} />);
    const jobs = collections.jobs;
    expect(cards()).toHaveLength(5);
    jobs.forEach((job, i) => {
      const link = within(cards()[i] as HTMLElement).getByRole('link');
      expect(link).toHaveAccessibleName(expect.stringContaining(job.title));
      const picture = link.querySelector('img');
      if (job.image) expect(picture).toHaveAttribute('alt', '');
      else expect(picture).toBeNull();
      if (!job.image && job.icon) expect(link.querySelector('svg')).not.toBeNull();
    });
  });

  it('lists the products, each one reachable with Tab in order', async () => {
    renderWithContent(<CollectionList block={block('products')} />);
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(collections.products.map((p) => p.link));
    expect(links).toHaveLength(6);
    const user = userEvent.setup();
    for (const link of links) {
      await user.tab();
      expect(link).toHaveFocus();
    }
  });
});
