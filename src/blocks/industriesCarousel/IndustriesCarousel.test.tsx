import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import { setTabHidden, stubMatchMedia } from '../../ui/motionTesting.ts';
import IndustriesCarousel from './IndustriesCarousel.tsx';

// keen-slider itself, with a record of the options it is given (to see where its timings come from).
const sliderOptions = vi.hoisted(() => [] as unknown[]);
vi.mock('keen-slider/react', async (importOriginal) => {
  const real = await importOriginal<typeof import('keen-slider/react')>();
  return {
    ...real,
    useKeenSlider: ((options: unknown, plugins: unknown) => {
      sliderOptions.push(options);
      return (real.useKeenSlider as (o: unknown, p: unknown) => unknown)(options, plugins);
    }) as typeof real.useKeenSlider,
  };
});
const lastSliderOptions = () => sliderOptions.at(-1) as { defaultAnimation?: { duration?: number } };

const SPEC_INDUSTRIES = [
  'Education & Learning',
  'Telematics',
  'E-Commerce',
  'Logistics & Supply Chain',
  'Health Care',
  'Banking',
];

async function block(): Promise<BlockOf<'industriesCarousel'>> {
  const b = (await blocksOf('/')).find((x) => x.type === 'industriesCarousel');
  if (b?.type !== 'industriesCarousel') throw new Error('No industriesCarousel block on /');
  return b;
}

/** The industry shown first (the dot marked current). */
const current = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const next = () => screen.getByRole('button', { name: 'Next industry' });
const section = () => screen.getByRole('region', { name: 'Industries we serve' });
const pauseButton = () => screen.getByRole('button', { name: 'Pause the industries carousel' });
const playButton = () => screen.getByRole('button', { name: 'Play the industries carousel' });

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia();
  setTabHidden(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('IndustriesCarousel', () => {
  it('shows the 6 industries of site.yaml, each with image, title and description', async () => {
    renderWithContent(<IndustriesCarousel block={await block()} />);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(SPEC_INDUSTRIES);
    for (const industry of loadContent().site.industries) {
      expect(screen.getByText(industry.description)).toBeInTheDocument();
      expect(screen.getByAltText(industry.image.alt)).toHaveAttribute('src', industry.image.src);
    }
  });

  it('advances every 4 s and wraps from the last industry to the first', async () => {
    const b = await block();
    expect(b.intervalMs).toBe(4000);
    renderWithContent(<IndustriesCarousel block={b} />);
    expect(current()).toBe('Education & Learning');
    tick(3999);
    expect(current()).toBe('Education & Learning');
    tick(1);
    expect(current()).toBe('Telematics');
    tick(4000 * 4);
    expect(current()).toBe('Banking');
    tick(4000);
    expect(current()).toBe('Education & Learning');
  });

  it('has named previous/next buttons that wrap around at both ends', async () => {
    renderWithContent(<IndustriesCarousel block={await block()} />);
    const previous = screen.getByRole('button', { name: 'Previous industry' });
    const next = screen.getByRole('button', { name: 'Next industry' });
    fireEvent.click(previous);
    expect(current()).toBe('Banking');
    fireEvent.click(next);
    expect(current()).toBe('Education & Learning');
    fireEvent.click(next);
    expect(current()).toBe('Telematics');
    fireEvent.click(within(section()).getByRole('button', { name: 'Banking' }));
    fireEvent.click(next);
    expect(current()).toBe('Education & Learning');
  });

  it('pauses while the pointer is over it and resumes when it leaves', async () => {
    renderWithContent(<IndustriesCarousel block={await block()} />);
    fireEvent.pointerEnter(section());
    tick(20000);
    expect(current()).toBe('Education & Learning');
    fireEvent.pointerLeave(section());
    tick(3999);
    expect(current()).toBe('Education & Learning');
    tick(1);
    expect(current()).toBe('Telematics');
  });

  it('does not move by itself with prefers-reduced-motion or in a hidden tab; buttons still work', async () => {
    stubMatchMedia({ reducedMotion: true });
    const b = await block();
    const { unmount } = renderWithContent(<IndustriesCarousel block={b} />);
    tick(20000);
    expect(current()).toBe('Education & Learning');
    fireEvent.click(screen.getByRole('button', { name: 'Next industry' }));
    expect(current()).toBe('Telematics');
    unmount();

    stubMatchMedia();
    renderWithContent(<IndustriesCarousel block={b} />);
    act(() => setTabHidden(true));
    tick(20000);
    expect(current()).toBe('Education & Learning');
  });

  it('renders the track and slides with keen-slider classes, so its CSS lays them out before the slider starts', async () => {
    renderWithContent(<IndustriesCarousel block={await block()} />);
    const slides = document.querySelectorAll('.keen-slider > .keen-slider__slide');
    expect(slides).toHaveLength(6);
  });

  it('gives the slides, before the slider starts, the widths the slider gives them (1, 2 from 768px, 3 from 1024px)', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'IndustriesCarousel.module.css'), 'utf8');
    const width = (rule: string) => {
      expect(rule).toMatch(/min-width:\s*([^;]+);/);
      const min = /min-width:\s*([^;]+);/.exec(rule)?.[1];
      expect(/max-width:\s*([^;]+);/.exec(rule)?.[1]).toBe(min);
      return min;
    };
    expect(width(/^\.slide\s*{([^}]*)}/m.exec(css)?.[1] ?? '')).toBe('100%');
    const at = (px: number) =>
      new RegExp(`@media \\(min-width: ${px}px\\)\\s*{\\s*\\.slide\\s*{([^}]*)}`).exec(css)?.[1] ?? '';
    expect(width(at(768))).toBe('50%');
    expect(width(at(1024))).toBe('calc(100% / 3)');
  });

  it('has a pause button that stops the auto-advance until Play resumes it', async () => {
    renderWithContent(<IndustriesCarousel block={await block()} />);
    tick(4000);
    expect(current()).toBe('Telematics');
    fireEvent.click(pauseButton());
    tick(4000 * 20);
    expect(current()).toBe('Telematics');
    fireEvent.click(next());
    expect(current()).toBe('E-Commerce');
    tick(4000 * 5);
    expect(current()).toBe('E-Commerce');
    fireEvent.click(playButton());
    tick(3999);
    expect(current()).toBe('E-Commerce');
    tick(1);
    expect(current()).toBe('Logistics & Supply Chain');
  });

  it('works from the keyboard, and focus on the pause button itself does not hold the carousel', async () => {
    const user = userEvent.setup({ delay: null });
    // Testing Library waits for a 0 ms timeout after each action: let the fake clock run it.
    const press = async (keys: string) => {
      const done = user.keyboard(keys);
      await vi.advanceTimersByTimeAsync(0);
      await done;
    };
    renderWithContent(<IndustriesCarousel block={await block()} />);
    act(() => pauseButton().focus());
    tick(4000);
    expect(current()).toBe('Telematics');
    await press('{Enter}');
    expect(playButton()).toHaveFocus();
    tick(4000 * 10);
    expect(current()).toBe('Telematics');
    await press(' ');
    expect(pauseButton()).toHaveFocus();
    tick(4000);
    expect(current()).toBe('E-Commerce');
  });

  it('leaving with the pointer (or focus) does not resume a carousel the visitor paused', async () => {
    renderWithContent(<IndustriesCarousel block={await block()} />);
    fireEvent.pointerEnter(section());
    fireEvent.click(pauseButton());
    fireEvent.pointerLeave(section());
    tick(4000 * 10);
    expect(current()).toBe('Education & Learning');

    act(() => next().focus());
    act(() => next().blur());
    tick(4000 * 10);
    expect(current()).toBe('Education & Learning');
  });

  it('moves on at once when Play is pressed with the pointer still over it; hovering again pauses again', async () => {
    renderWithContent(<IndustriesCarousel block={await block()} />);
    fireEvent.click(pauseButton());
    fireEvent.pointerEnter(section());
    fireEvent.click(playButton());
    tick(4000);
    expect(current()).toBe('Telematics');
    fireEvent.pointerLeave(section());
    fireEvent.pointerEnter(section());
    tick(4000 * 5);
    expect(current()).toBe('Telematics');
  });

  it('starts paused with prefers-reduced-motion; Play starts it, with instant slides', async () => {
    stubMatchMedia({ reducedMotion: true });
    renderWithContent(<IndustriesCarousel block={await block()} />);
    tick(4000 * 5);
    expect(current()).toBe('Education & Learning');
    expect(lastSliderOptions().defaultAnimation?.duration).toBe(0);
    fireEvent.click(playButton());
    tick(4000);
    expect(current()).toBe('Telematics');
    tick(4000);
    expect(current()).toBe('E-Commerce');
  });

  it('takes its timings from the block: interval and slide animation (3000 and 900 ms in a changed block)', async () => {
    const b = await block();
    expect(b.slideDurationMs).toBe(700);
    renderWithContent(<IndustriesCarousel block={{ ...b, intervalMs: 3000, slideDurationMs: 900 }} />);
    expect(lastSliderOptions().defaultAnimation?.duration).toBe(900);
    tick(2999);
    expect(current()).toBe('Education & Learning');
    tick(1);
    expect(current()).toBe('Telematics');
  });

  it('shows only the first `limit` industries when the block sets one (all 6 by default)', async () => {
    renderWithContent(<IndustriesCarousel block={{ ...(await block()), limit: 3 }} />);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(SPEC_INDUSTRIES.slice(0, 3));
    expect(document.querySelectorAll('.keen-slider > .keen-slider__slide')).toHaveLength(3);
  });
});
