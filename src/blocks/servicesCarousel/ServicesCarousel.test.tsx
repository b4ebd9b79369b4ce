import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf, ListedPage } from '../../content/model.ts';
import type { SiteContent } from '../../renderer/ContentContext.tsx';
import { manualFrames, setTabHidden, stubMatchMedia } from '../../ui/motionTesting.ts';
import ServicesCarousel from './ServicesCarousel.tsx';

const services: ListedPage[] = Array.from({ length: 13 }, (_, i) => ({
  link: `/services/service-${i + 1}`,
  title: `Service ${i + 1}`,
  menuLabel: `Service ${i + 1}`,
  description: `What service ${i + 1} does.`,
  image: { src: '/images/brand/logo.svg', alt: `Service ${i + 1} picture` },
  order: i + 1,
}));
const LOOP = 13 * 310;

function content(): SiteContent {
  const real = loadContent();
  return { ...real, collections: { ...real.collections, services } };
}

async function block(): Promise<BlockOf<'servicesCarousel'>> {
  const b = (await blocksOf('/')).find((x) => x.type === 'servicesCarousel');
  if (b?.type !== 'servicesCarousel') throw new Error('No servicesCarousel block on /');
  return b;
}

const offset = () => {
  const transform = screen.getByTestId('services-track').style.transform;
  if (!transform) return 0;
  const match = /translate3d\((-?[\d.]+)px/.exec(transform);
  return match ? -Number(match[1]) : Number.NaN;
};
/** The visible (first) set of cards: the copy that closes the loop is hidden from assistive tech. */
const card = (n: number) => screen.getByRole('link', { name: new RegExp(`^Service ${n} `) });
const pauseButton = () => screen.getByRole('button', { name: 'Pause the scrolling services' });
const playButton = () => screen.getByRole('button', { name: 'Play the scrolling services' });

let frames: ReturnType<typeof manualFrames>;
beforeEach(() => {
  stubMatchMedia();
  setTabHidden(false);
  frames = manualFrames();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ServicesCarousel', () => {
  it('uses the specification values from the home page YAML', async () => {
    const b = await block();
    expect(b.speedPxPerFrame).toBe(1.5);
    expect(b.stepPx).toBe(310);
  });

  it('shows each service once as a card that opens its page in a new tab', async () => {
    const site = content().site;
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(13);
    for (const [i, link] of links.entries()) {
      expect(link).toHaveAttribute('href', `/services/service-${i + 1}`);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // Screen readers hear that it opens a new tab, in the site's own words (site.yaml frame).
      expect(link.textContent).toContain(`Service ${i + 1} ${site.frame.newTabHint}`);
    }
  });

  it('scrolls 1.5 px per animation frame and loops seamlessly at one set of cards', async () => {
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    act(() => frames.run(10));
    expect(offset()).toBe(15);
    act(() => frames.run(Math.floor(LOOP / 1.5) - 10));
    expect(offset()).toBe(Math.floor(LOOP / 1.5) * 1.5);
    act(() => frames.run(1));
    // 2687 frames x 1.5 = 4030.5: past one set (4030), so it continues from 0.5 with the copy in view.
    expect(offset()).toBeCloseTo(0.5);
    expect(screen.getByTestId('services-track').querySelectorAll('li')).toHaveLength(26);
  });

  it('hovering a card pauses the scroll and expands it with its description and Explore More; leaving resumes', async () => {
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    act(() => frames.run(4));
    const third = card(3);
    fireEvent.pointerEnter(third);
    act(() => frames.run(50));
    expect(offset()).toBe(6);
    expect(third.closest('li')).toHaveAttribute('data-expanded', 'true');
    expect(within(third).getByText('What service 3 does.')).toBeInTheDocument();
    expect(within(third).getByText('Explore More')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.dataset.expanded === 'true')).toHaveLength(1);
    fireEvent.pointerLeave(third);
    expect(third.closest('li')).toHaveAttribute('data-expanded', 'false');
    act(() => frames.run(2));
    expect(offset()).toBe(9);
  });

  it('previous/next step by one card width of 310 px, wrapping at both ends', async () => {
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    fireEvent.pointerEnter(card(1)); // hold the drift still to measure the step alone
    const next = screen.getByRole('button', { name: 'Next service' });
    const previous = screen.getByRole('button', { name: 'Previous service' });
    fireEvent.click(next);
    act(() => frames.run(60));
    expect(offset()).toBeCloseTo(310, 6);
    fireEvent.click(previous);
    fireEvent.click(previous);
    act(() => frames.run(60));
    expect(offset()).toBeCloseTo(LOOP - 310, 6);
    fireEvent.click(next);
    act(() => frames.run(60));
    expect(offset()).toBeCloseTo(0, 6);
  });

  it('with prefers-reduced-motion: no animation frames at all, and the buttons move at once', async () => {
    stubMatchMedia({ reducedMotion: true });
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    expect(frames.request).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Next service' }));
    expect(offset()).toBe(310);
    fireEvent.click(screen.getByRole('button', { name: 'Previous service' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous service' }));
    expect(offset()).toBe(LOOP - 310);
  });

  it('stops requesting frames while the tab is hidden and after unmount', async () => {
    const { unmount } = renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    expect(frames.pending()).toBe(1);
    act(() => setTabHidden(true));
    expect(frames.pending()).toBe(0);
    act(() => setTabHidden(false));
    expect(frames.pending()).toBe(1);
    unmount();
    expect(frames.pending()).toBe(0);
  });

  it('has a pause button that stops the scroll (no frames at all) until Play resumes it', async () => {
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    act(() => frames.run(10));
    expect(offset()).toBe(15);
    fireEvent.click(pauseButton());
    expect(frames.pending()).toBe(0);
    act(() => frames.run(500));
    expect(offset()).toBe(15);
    // Previous/next still work while paused, at once.
    fireEvent.click(screen.getByRole('button', { name: 'Next service' }));
    expect(offset()).toBe(325);
    fireEvent.click(playButton());
    expect(pauseButton()).toBeInTheDocument();
    act(() => frames.run(2));
    expect(offset()).toBe(328);
  });

  it('does not resume a paused row when the pointer leaves a card or focus leaves it', async () => {
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    act(() => frames.run(4));
    fireEvent.click(pauseButton());
    const third = card(3);
    fireEvent.pointerEnter(third);
    expect(third.closest('li')).toHaveAttribute('data-expanded', 'true');
    fireEvent.pointerLeave(third);
    act(() => third.focus());
    act(() => third.blur());
    act(() => frames.run(100));
    expect(frames.pending()).toBe(0);
    // Focusing a card brings it to the start of the row; the row then stays there.
    expect(offset()).toBe(2 * 310);
    act(() => frames.run(100));
    expect(offset()).toBe(2 * 310);
  });

  it('starts paused with prefers-reduced-motion, and Play starts the scroll at 1.5 px per frame', async () => {
    stubMatchMedia({ reducedMotion: true });
    renderWithContent(<ServicesCarousel block={await block()} />, { content: content() });
    expect(frames.request).not.toHaveBeenCalled();
    fireEvent.click(playButton());
    act(() => frames.run(10));
    expect(offset()).toBe(15);
  });

  it("follows the block's numbers, not built-in ones: 2 px per frame, a 200 px step that glides in one frame", async () => {
    const b = { ...(await block()), speedPxPerFrame: 2, stepPx: 200, stepEasePerFrame: 1 };
    renderWithContent(<ServicesCarousel block={b} />, { content: content() });
    act(() => frames.run(10));
    expect(offset()).toBe(20);
    fireEvent.pointerEnter(card(1)); // hold the drift still to measure the step alone
    fireEvent.click(screen.getByRole('button', { name: 'Next service' }));
    act(() => frames.run(1));
    expect(offset()).toBe(220);
    fireEvent.click(screen.getByRole('button', { name: 'Previous service' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous service' }));
    act(() => frames.run(1));
    expect(offset()).toBe(13 * 200 - 180);
    fireEvent.pointerLeave(card(1));
    // The loop closes at 13 x 200 px.
    act(() => frames.run(89));
    expect(offset()).toBe(13 * 200 - 2);
    act(() => frames.run(1));
    expect(offset()).toBeCloseTo(0, 6);
  });

  it('shows only the first `limit` services when the block sets one (all of them by default)', async () => {
    renderWithContent(<ServicesCarousel block={{ ...(await block()), limit: 4 }} />, { content: content() });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      [1, 2, 3, 4].map((n) => `/services/service-${n}`),
    );
    expect(screen.getByTestId('services-track').querySelectorAll('li')).toHaveLength(8);
  });
});
