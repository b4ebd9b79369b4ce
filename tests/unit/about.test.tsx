/** The About page: company description, the specification's tagline and three images. */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadBlocks } from '../../src/renderer/BlockRenderer.tsx';
import { blocksOf, renderRoute } from '../support/content.tsx';

async function renderAbout() {
  // Load the page's block code first (as the app does before hydration), and render inside act()
  // so React retries the suspended page as soon as its data is there.
  await preloadBlocks(await blocksOf('/about'));
  await act(async () => {
    renderRoute('/about');
  });
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { h1, main: screen.getByRole('main') };
}

describe('/about', () => {
  it('has one h1 and a company description', async () => {
    const { h1, main } = await renderAbout();
    expect(h1).toHaveTextContent('About Us');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const card = within(main)
      .getByRole('heading', { level: 2, name: 'Who we are' })
      .closest('section') as HTMLElement;
    expect(card).toHaveTextContent(/software and services company based in Bangalore/);
    expect(card).toHaveTextContent(/Triune TransitShield/);
    expect(within(card).getAllByRole('paragraph').length).toBeGreaterThanOrEqual(3);
  });

  it('shows the tagline word for word', async () => {
    const { main } = await renderAbout();
    expect(within(main).getByText("Let's build something incredible together.")).toBeInTheDocument();
  });

  it('shows the three about images with alt text', async () => {
    const { main } = await renderAbout();
    const row = within(main)
      .getByRole('heading', { level: 2, name: 'Life at Triune' })
      .closest('section') as HTMLElement;
    const images = within(row).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/images/about/about-1.svg',
      '/images/about/about-2.svg',
      '/images/about/about-3.svg',
    ]);
    for (const img of images) expect(img.getAttribute('alt')).not.toBe('');
  });

  it('invites the visitor to get in touch via the footer', async () => {
    const { main } = await renderAbout();
    expect(within(main).getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '#contactus');
  });
});
