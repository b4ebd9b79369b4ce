import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import { setTabHidden, stubMatchMedia } from '../../ui/motionTesting.ts';
import Hero from './Hero.tsx';
import { pickOtherIndex } from './pickBanner.ts';

const SPEC_PHRASES = [
  'Software Development',
  'Mobile App Development',
  'Videshi Bhaasha Tech',
  'Emerging Tech Training',
  'Drone Tech & Flying Training',
  'Scientific Career Counselling',
  'Employee Background Verification',
  'Telematics',
  'Educational Institution Software',
  'Magazine & Brochure Printing Solutions',
  'Hardware & IT infrastructure supply',
  'Staff Recruitment',
  'Consulting Services',
  'Digital Marketing',
];

async function heroBlock(): Promise<BlockOf<'hero'>> {
  const block = (await blocksOf('/')).find((b) => b.type === 'hero');
  if (block?.type !== 'hero') throw new Error('The home page has no hero block');
  return block;
}

const phrase = () => screen.getByTestId('hero-phrase').textContent;
const activeBanner = () => {
  const active = document.querySelectorAll('img[data-active="true"]');
  expect(active).toHaveLength(1);
  return active[0]?.getAttribute('src');
};
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const pauseButton = () => screen.getByRole('button', { name: 'Pause the changing headline and pictures' });
const playButton = () => screen.getByRole('button', { name: 'Play the changing headline and pictures' });

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia();
  setTabHidden(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Hero', () => {
  it('takes the 14 phrases, 3 banners and 4 s interval of the specification from the home page YAML', async () => {
    const block = await heroBlock();
    expect(block.phrases).toEqual(SPEC_PHRASES);
    expect(block.banners).toHaveLength(3);
    expect(block.intervalMs).toBe(4000);
  });

  it('is the page h1: fixed words plus the first phrase, in an aria-live="off" element, and lists every phrase once', async () => {
    const block = await heroBlock();
    renderWithContent(<Hero block={block} />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent(`${block.heading} Software Development`);
    expect(screen.getByTestId('hero-phrase').closest('[aria-live]')).toHaveAttribute('aria-live', 'off');
    expect(
      within(screen.getByTestId('hero-phrases'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(SPEC_PHRASES);
  });

  it('first renders banner 0 as the high-priority image and phrase 0, like the pre-rendered page', async () => {
    const block = await heroBlock();
    renderWithContent(<Hero block={block} />);
    expect(activeBanner()).toBe(block.banners[0]?.src);
    const first = document.querySelector(`img[src="${block.banners[0]?.src}"]`);
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(phrase()).toBe(SPEC_PHRASES[0]);
  });

  it('rotates the phrase every 4 s, in order, wrapping after the last', async () => {
    renderWithContent(<Hero block={await heroBlock()} />);
    tick(3999);
    expect(phrase()).toBe(SPEC_PHRASES[0]);
    tick(1);
    expect(phrase()).toBe(SPEC_PHRASES[1]);
    tick(4000 * 12);
    expect(phrase()).toBe(SPEC_PHRASES[13]);
    tick(4000);
    expect(phrase()).toBe(SPEC_PHRASES[0]);
  });

  it('changes the banner every 4 s and never shows the same banner twice in a row (300 changes)', async () => {
    const block = await heroBlock();
    renderWithContent(<Hero block={block} />);
    const seen = [activeBanner()];
    tick(3999);
    expect(activeBanner()).toBe(seen[0]);
    for (let i = 0; i < 300; i++) {
      tick(i === 0 ? 1 : 4000);
      const now = activeBanner();
      expect(now).not.toBe(seen[seen.length - 1]);
      seen.push(now);
    }
    expect(new Set(seen)).toEqual(new Set(block.banners.map((b) => b.src)));
  });

  it('pickOtherIndex never returns the current index, even at the edges of Math.random', () => {
    for (const current of [0, 1, 2])
      for (const r of [0, 0.3, 0.5, 0.9999999]) expect(pickOtherIndex(current, 3, () => r)).not.toBe(current);
  });

  it('stops while the tab is hidden and resumes when it is visible again', async () => {
    renderWithContent(<Hero block={await heroBlock()} />);
    act(() => setTabHidden(true));
    tick(20000);
    expect(phrase()).toBe(SPEC_PHRASES[0]);
    act(() => setTabHidden(false));
    tick(4000);
    expect(phrase()).toBe(SPEC_PHRASES[1]);
  });

  it('does not move with prefers-reduced-motion, and leaves no timer behind after unmount', async () => {
    stubMatchMedia({ reducedMotion: true });
    const block = await heroBlock();
    const { unmount } = renderWithContent(<Hero block={block} />);
    tick(40000);
    expect(phrase()).toBe(SPEC_PHRASES[0]);
    expect(activeBanner()).toBe(block.banners[0]?.src);
    unmount();
    stubMatchMedia();
    const again = renderWithContent(<Hero block={block} />);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    again.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('has a pause button that stops the headline and banners until Play resumes them', async () => {
    const block = await heroBlock();
    renderWithContent(<Hero block={block} />);
    tick(4000);
    expect(phrase()).toBe(SPEC_PHRASES[1]);
    const banner = activeBanner();
    fireEvent.click(pauseButton());
    tick(4000 * 20);
    expect(phrase()).toBe(SPEC_PHRASES[1]);
    expect(activeBanner()).toBe(banner);
    expect(vi.getTimerCount()).toBe(0);

    fireEvent.click(playButton());
    expect(pauseButton()).toBeInTheDocument();
    tick(3999);
    expect(phrase()).toBe(SPEC_PHRASES[1]);
    tick(1);
    expect(phrase()).toBe(SPEC_PHRASES[2]);
    expect(activeBanner()).not.toBe(banner);
  });

  it("keeps the visitor's pause when the tab is hidden and shown again", async () => {
    renderWithContent(<Hero block={await heroBlock()} />);
    fireEvent.click(pauseButton());
    act(() => setTabHidden(true));
    act(() => setTabHidden(false));
    tick(4000 * 5);
    expect(phrase()).toBe(SPEC_PHRASES[0]);
    expect(playButton()).toBeInTheDocument();
  });

  it('starts paused with prefers-reduced-motion, and Play shows the other phrases every 4 s', async () => {
    stubMatchMedia({ reducedMotion: true });
    const block = await heroBlock();
    renderWithContent(<Hero block={block} />);
    tick(4000 * 3);
    expect(phrase()).toBe(SPEC_PHRASES[0]);
    expect(activeBanner()).toBe(block.banners[0]?.src);
    fireEvent.click(playButton());
    tick(4000);
    expect(phrase()).toBe(SPEC_PHRASES[1]);
    expect(activeBanner()).not.toBe(block.banners[0]?.src);
    tick(4000 * 12);
    expect(phrase()).toBe(SPEC_PHRASES[13]);
  });

  it("follows the block's intervalMs, not a built-in 4 s (3000 in a changed block)", async () => {
    const block = { ...(await heroBlock()), intervalMs: 3000 };
    renderWithContent(<Hero block={block} />);
    tick(2999);
    expect(phrase()).toBe(SPEC_PHRASES[0]);
    tick(1);
    expect(phrase()).toBe(SPEC_PHRASES[1]);
    tick(3000);
    expect(phrase()).toBe(SPEC_PHRASES[2]);
  });

  it('names its pause/play button with the words of the block', async () => {
    const block = { ...(await heroBlock()), pauseLabel: 'Stop headlines', playLabel: 'Start headlines' };
    renderWithContent(<Hero block={block} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop headlines' }));
    expect(screen.getByRole('button', { name: 'Start headlines' })).toBeInTheDocument();
  });

  it("keeps its top scrim (the transparent bar's backdrop) as deep as site.yaml's navSolidAfterPx", async () => {
    const block = await heroBlock();
    const content = loadContent();
    const site = { ...content.site, frame: { ...content.site.frame, navSolidAfterPx: 180 } };
    renderWithContent(<Hero block={block} />, { content: { ...content, site } });
    const hero = screen.getByRole('region', { name: /Your trusted partner for/ });
    expect(hero.style.getPropertyValue('--nav-solid-after')).toBe('180px');
  });
});
