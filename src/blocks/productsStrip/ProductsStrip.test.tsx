import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf, ListedPage } from '../../content/model.ts';
import type { SiteContent } from '../../renderer/ContentContext.tsx';
import { setTabHidden, stubMatchMedia } from '../../ui/motionTesting.ts';
import ProductsStrip from './ProductsStrip.tsx';

const products: ListedPage[] = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'].map((title, i) => ({
  link: `/products/${title.toLowerCase()}`,
  title,
  menuLabel: title,
  description: `${title} in one sentence.`,
  image: { src: '/images/brand/logo.svg', alt: `${title} card` },
  expandedImage: { src: '/images/brand/logo.svg', alt: `${title} expanded` },
  order: i + 1,
}));

function content(): SiteContent {
  const real = loadContent();
  return { ...real, collections: { ...real.collections, products } };
}

async function block(): Promise<BlockOf<'productsStrip'>> {
  const b = (await blocksOf('/')).find((x) => x.type === 'productsStrip');
  if (b?.type !== 'productsStrip') throw new Error('No productsStrip block on /');
  return b;
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function renderStrip(changes: Partial<BlockOf<'productsStrip'>> = {}) {
  return renderWithContent(
    <>
      <ProductsStrip block={{ ...(await block()), ...changes }} />
      <Location />
    </>,
    { content: content() },
  );
}

const expanded = () => screen.getByRole('button', { expanded: true }).textContent?.replace(/^\d+/, '');
const item = (title: string) =>
  screen.getByRole('button', { name: new RegExp(title) }).closest('li') as HTMLElement;
const pauseButton = () => screen.getByRole('button', { name: 'Pause the product rotation' });
const playButton = () => screen.getByRole('button', { name: 'Play the product rotation' });
/** Advances time in small steps, letting React re-render (and restart timers) between them, as a browser would. */
const tick = (ms: number) => {
  for (let left = ms; left > 0; left -= Math.min(left, 100))
    act(() => vi.advanceTimersByTime(Math.min(left, 100)));
};

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia({ width: 1280 });
  setTabHidden(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ProductsStrip', () => {
  it('uses the specification timings from the home page YAML', async () => {
    const b = await block();
    expect(b.intervalMs).toBe(4000);
    expect(b.pauseAfterInteractionMs).toBe(5000);
    expect(b.exploreLabel).toBe('Explore More');
  });

  it('expands one product at a time, the next every 4 s, wrapping from the last to the first', async () => {
    await renderStrip();
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(expanded()).toBe('Alpha');
    tick(3999);
    expect(expanded()).toBe('Alpha');
    tick(1);
    expect(expanded()).toBe('Beta');
    tick(4000 * 4);
    expect(expanded()).toBe('Zeta');
    tick(4000);
    expect(expanded()).toBe('Alpha');
  });

  it('selects on click at any width, pauses 5 s, then rotates on from the selected item', async () => {
    stubMatchMedia({ width: 375 });
    await renderStrip();
    tick(1000);
    fireEvent.click(screen.getByRole('button', { name: /Delta/ }));
    expect(expanded()).toBe('Delta');
    tick(5000);
    expect(expanded()).toBe('Delta');
    tick(3999);
    expect(expanded()).toBe('Delta');
    tick(1);
    expect(expanded()).toBe('Epsilon');
    tick(4000);
    expect(expanded()).toBe('Zeta');
    tick(4000);
    expect(expanded()).toBe('Alpha');
  });

  it('a new selection during the pause restarts the 5 s pause', async () => {
    await renderStrip();
    fireEvent.click(screen.getByRole('button', { name: /Gamma/ }));
    tick(4000);
    fireEvent.click(screen.getByRole('button', { name: /Beta/ }));
    tick(8999);
    expect(expanded()).toBe('Beta');
    tick(1);
    expect(expanded()).toBe('Gamma');
  });

  it('selects on hover at 768px or wider only', async () => {
    stubMatchMedia({ width: 768 });
    const wide = await renderStrip();
    fireEvent.pointerEnter(item('Gamma'));
    expect(expanded()).toBe('Gamma');
    wide.unmount();

    stubMatchMedia({ width: 767 });
    await renderStrip();
    fireEvent.pointerEnter(item('Gamma'));
    expect(expanded()).toBe('Alpha');
  });

  it('clicking the expanded item opens its page in the same tab; Explore More links there too', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderStrip();
    fireEvent.click(screen.getByRole('button', { name: /Beta/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/');
    const explore = within(item('Beta')).getByRole('link', { name: 'Explore More' });
    expect(explore).toHaveAttribute('href', '/products/beta');
    expect(explore).not.toHaveAttribute('target');
    fireEvent.click(screen.getByRole('button', { name: /Beta/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products/beta');
    expect(open).not.toHaveBeenCalled();
  });

  it('keeps the Explore More of collapsed items out of reach (one reachable link)', async () => {
    await renderStrip();
    expect(screen.getAllByRole('link', { name: 'Explore More' })).toHaveLength(1);
  });

  it('does not rotate with prefers-reduced-motion or in a hidden tab, and leaves no timer after unmount', async () => {
    stubMatchMedia({ width: 1280, reducedMotion: true });
    const reduced = await renderStrip();
    tick(20000);
    expect(expanded()).toBe('Alpha');
    reduced.unmount();

    stubMatchMedia({ width: 1280 });
    const hidden = await renderStrip();
    act(() => setTabHidden(true));
    tick(20000);
    expect(expanded()).toBe('Alpha');
    act(() => setTabHidden(false));
    hidden.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('has a pause button that stops the rotation until Play resumes it', async () => {
    await renderStrip();
    tick(4000);
    expect(expanded()).toBe('Beta');
    fireEvent.click(pauseButton());
    tick(4000 * 20);
    expect(expanded()).toBe('Beta');
    fireEvent.click(playButton());
    expect(pauseButton()).toBeInTheDocument();
    tick(3999);
    expect(expanded()).toBe('Beta');
    tick(1);
    expect(expanded()).toBe('Gamma');
  });

  it('stays paused after a selection (hover or click) once its 5 s pause is over', async () => {
    await renderStrip();
    fireEvent.click(pauseButton());
    fireEvent.pointerEnter(item('Delta'));
    expect(expanded()).toBe('Delta');
    fireEvent.pointerLeave(item('Delta'));
    fireEvent.click(screen.getByRole('button', { name: /Epsilon/ }));
    expect(expanded()).toBe('Epsilon');
    tick(5000 + 4000 * 10);
    expect(expanded()).toBe('Epsilon');
  });

  it("Play during a selection's pause rotates on from the selection without waiting out the pause", async () => {
    await renderStrip();
    fireEvent.click(pauseButton());
    fireEvent.click(screen.getByRole('button', { name: /Gamma/ }));
    tick(1000);
    fireEvent.click(playButton());
    tick(4000);
    expect(expanded()).toBe('Delta');
  });

  it('starts paused with prefers-reduced-motion, and Play starts the rotation', async () => {
    stubMatchMedia({ width: 1280, reducedMotion: true });
    await renderStrip();
    tick(4000 * 5);
    expect(expanded()).toBe('Alpha');
    fireEvent.click(playButton());
    tick(4000);
    expect(expanded()).toBe('Beta');
    tick(4000);
    expect(expanded()).toBe('Gamma');
  });

  it("follows the block's timings, not built-in ones: a 3000 ms rotation and a 7000 ms pause", async () => {
    await renderStrip({ intervalMs: 3000, pauseAfterInteractionMs: 7000 });
    tick(2999);
    expect(expanded()).toBe('Alpha');
    tick(1);
    expect(expanded()).toBe('Beta');
    fireEvent.click(screen.getByRole('button', { name: /Epsilon/ }));
    tick(7000 + 2999);
    expect(expanded()).toBe('Epsilon');
    tick(1);
    expect(expanded()).toBe('Zeta');
  });

  it('shows only the first `limit` products when the block sets one (all of them by default)', async () => {
    await renderStrip({ limit: 2 });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(item('Alpha')).toBeInTheDocument();
    expect(item('Beta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Gamma/ })).toBeNull();
  });
});
