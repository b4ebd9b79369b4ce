/**
 * The whole home page through the real app: its sections in the specification's order and its
 * counts. The products, services and jobs shown are the page listings of those collections, so
 * their counts are compared with the collections (a service added as one YAML file shows up here).
 */
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { blocksOf, loadContent, renderRoute } from '../../../tests/support/content.tsx';
import { preloadBlocks } from '../../renderer/BlockRenderer.tsx';
import { stubMatchMedia } from '../../ui/motionTesting.ts';

beforeEach(() => stubMatchMedia());

describe('Home page', () => {
  it('shows its sections in order with 14 phrases, 6 industries, 6 clients, and every product, service and job', async () => {
    await preloadBlocks(await blocksOf('/'));
    await act(async () => {
      renderRoute('/');
    });
    const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 15000 });
    await screen.findByRole('heading', { level: 2, name: 'Job opportunities' }, { timeout: 15000 });
    const main = h1.closest('main') as HTMLElement;
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const sections = Array.from(main.querySelectorAll(':scope > section'));
    expect(sections.map((s) => s.getAttribute('aria-labelledby'))).toEqual([
      'home-heading',
      'industries-heading',
      'what-we-do-heading',
      'clients-heading',
      'products-heading',
      'services-heading',
      'jobs-heading',
    ]);

    expect(within(screen.getByTestId('hero-phrases')).getAllByRole('listitem')).toHaveLength(14);
    const industries = screen.getByRole('region', { name: 'Industries we serve' });
    expect(within(industries).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(within(screen.getByTestId('clients-track')).getAllByRole('listitem')).toHaveLength(6);
    const { products, services, jobs } = loadContent().collections;
    // At least the specification's 6 products, 13 services and 5 jobs, and every one listed shows.
    expect(products.length).toBeGreaterThanOrEqual(6);
    expect(services.length).toBeGreaterThanOrEqual(13);
    expect(jobs.length).toBeGreaterThanOrEqual(5);
    expect(within(screen.getByTestId('products-strip')).getAllByRole('listitem')).toHaveLength(
      products.length,
    );
    expect(within(screen.getByTestId('services-track')).getAllByRole('link')).toHaveLength(services.length);
    expect(within(screen.getByTestId('job-cards')).getAllByRole('link')).toHaveLength(jobs.length);
  });

  it('fills the strip, the carousel and the job cards from the real page listings', async () => {
    await preloadBlocks(await blocksOf('/'));
    await act(async () => {
      renderRoute('/');
    });
    await screen.findByRole('heading', { level: 2, name: 'Job opportunities' }, { timeout: 15000 });
    const { products, services, jobs } = loadContent().collections;

    // Products strip: title, card image and expanded image of each product.
    const strip = screen.getByTestId('products-strip');
    const items = Array.from(strip.querySelectorAll(':scope > li'));
    expect(items).toHaveLength(products.length);
    for (const [i, product] of products.entries()) {
      const item = items[i] as HTMLElement;
      expect(within(item).getByRole('button', { hidden: true }).textContent).toContain(product.title);
      const sources = Array.from(item.querySelectorAll('img')).map((img) => img.getAttribute('src'));
      expect(sources).toEqual([product.image?.src, product.expandedImage?.src]);
    }

    // Services carousel: each card opens its page in a new tab and carries its description.
    const cards = within(screen.getByTestId('services-track')).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(services.map((s) => s.link));
    for (const [i, card] of cards.entries()) {
      expect(card).toHaveAttribute('target', '_blank');
      expect(card).toHaveAttribute('rel', 'noopener noreferrer');
      expect(card).toHaveTextContent(services[i]?.description ?? 'missing description');
    }

    // Job cards: each links to its career page, in the listing order.
    const jobLinks = within(screen.getByTestId('job-cards')).getAllByRole('link');
    expect(jobLinks.map((a) => a.getAttribute('href'))).toEqual(jobs.map((j) => j.link));
  });
});
