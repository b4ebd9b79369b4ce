import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import { stubMatchMedia } from '../../ui/motionTesting.ts';
import styles from './ClientsMarquee.module.css';
import ClientsMarquee from './ClientsMarquee.tsx';

async function block(): Promise<BlockOf<'clientsMarquee'>> {
  const b = (await blocksOf('/')).find((x) => x.type === 'clientsMarquee');
  if (b?.type !== 'clientsMarquee') throw new Error('No clientsMarquee block on /');
  return b;
}

afterEach(() => vi.restoreAllMocks());

const track = () => screen.getByTestId('clients-track');
/** The three loop times the track carries (the component sets them; the stylesheet chooses). */
const loops = () => ({
  narrow: track().style.getPropertyValue('--marquee-narrow'),
  medium: track().style.getPropertyValue('--marquee-medium'),
  wide: track().style.getPropertyValue('--marquee-wide'),
});
/** Paused means the inline play state says so; running leaves it to the stylesheet (hover pauses there). */
const moving = () =>
  track().querySelectorAll('li').length === 12 && track().style.animationPlayState !== 'paused';
const pauseButton = () => screen.getByRole('button', { name: 'Pause the scrolling client logos' });
const playButton = () => screen.getByRole('button', { name: 'Play the scrolling client logos' });
const css = readFileSync(path.join(import.meta.dirname, 'ClientsMarquee.module.css'), 'utf8');
/** The declarations of `.track` in the stylesheet, outside any media query or under `query`. */
function trackRule(query?: string): string | undefined {
  if (!query) return /^\.track\s*{([^}]*)}/m.exec(css)?.[1];
  const escaped = query.replace(/[()]/g, (c) => `\\${c}`);
  return new RegExp(`@media ${escaped}\\s*{\\s*\\.track\\s*{([^}]*)}`).exec(css)?.[1];
}

describe('ClientsMarquee', () => {
  it('carries the three loop times of the YAML (15, 25, 35 s) on the track, whatever the screen', async () => {
    const b = await block();
    expect(b.loopSeconds).toEqual({ narrow: 15, medium: 25, wide: 35 });
    // The pre-rendered page has no screen to ask: the same three values for every width.
    for (const width of [375, 800, 1920]) {
      stubMatchMedia({ width });
      const { unmount } = renderWithContent(<ClientsMarquee block={b} />);
      expect(loops()).toEqual({ narrow: '15s', medium: '25s', wide: '35s' });
      unmount();
    }
  });

  it('lets the stylesheet choose: narrow below 640px, medium from 640px, wide from 1024px', () => {
    expect(trackRule()).toMatch(/animation-duration:\s*var\(--marquee-loop\)/);
    expect(trackRule()).toMatch(/--marquee-loop:\s*var\(--marquee-narrow\)/);
    expect(trackRule('(min-width: 640px)')).toMatch(/--marquee-loop:\s*var\(--marquee-medium\)/);
    expect(trackRule('(min-width: 1024px)')).toMatch(/--marquee-loop:\s*var\(--marquee-wide\)/);
  });

  it('shows the 6 clients with logos once, plus a hidden identical copy that closes the loop seamlessly', async () => {
    stubMatchMedia();
    renderWithContent(<ClientsMarquee block={await block()} />);
    const track = screen.getByTestId('clients-track');
    const clients = loadContent().site.clients;
    expect(
      within(track)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(clients.map((c) => c.name));
    const all = track.querySelectorAll('li');
    expect(all).toHaveLength(12);
    const half = Array.from(all).slice(6);
    expect(half.every((li) => li.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(half.map((li) => li.textContent)).toEqual(clients.map((c) => c.name));
    expect(Array.from(track.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual(
      [...clients, ...clients].map((c) => c.logo),
    );
  });

  it('stands still as a plain list with prefers-reduced-motion', async () => {
    stubMatchMedia({ reducedMotion: true });
    renderWithContent(<ClientsMarquee block={await block()} />);
    expect(track().querySelectorAll('li')).toHaveLength(6);
    expect(loops()).toEqual({ narrow: '', medium: '', wide: '' });
  });

  it("follows the block's loopSeconds, not built-in ones (10/20/30 s in a changed block)", async () => {
    stubMatchMedia();
    const b = { ...(await block()), loopSeconds: { narrow: 10, medium: 20, wide: 30 } };
    renderWithContent(<ClientsMarquee block={b} />);
    expect(loops()).toEqual({ narrow: '10s', medium: '20s', wide: '30s' });
  });

  it('has a pause button that stops the row where it is until Play resumes it; the pointer leaving does not resume it', async () => {
    stubMatchMedia();
    renderWithContent(<ClientsMarquee block={await block()} />);
    expect(moving()).toBe(true);
    fireEvent.click(pauseButton());
    expect(moving()).toBe(false);
    expect(track().querySelectorAll('li')).toHaveLength(12);
    const viewport = track().parentElement as HTMLElement;
    fireEvent.pointerEnter(viewport);
    fireEvent.pointerLeave(viewport);
    expect(moving()).toBe(false);
    fireEvent.click(playButton());
    expect(moving()).toBe(true);
    expect(loops().wide).toBe('35s');
  });

  it('with prefers-reduced-motion starts as a still list, and Play starts the loop anyway', async () => {
    stubMatchMedia({ reducedMotion: true });
    renderWithContent(<ClientsMarquee block={await block()} />);
    expect(moving()).toBe(false);
    fireEvent.click(playButton());
    expect(moving()).toBe(true);
    expect(loops().wide).toBe('35s');
    fireEvent.click(pauseButton());
    expect(moving()).toBe(false);
  });

  it('lets that Play win over the global reduced-motion reset (which would end the loop at once)', async () => {
    const reduce = /@media \(prefers-reduced-motion: reduce\)\s*{\s*\.track\.chosen\s*{([^}]*)}/.exec(
      css,
    )?.[1];
    expect(reduce).toMatch(/animation-duration:\s*var\(--marquee-loop\)\s*!important/);
    expect(reduce).toMatch(/animation-iteration-count:\s*infinite\s*!important/);

    stubMatchMedia({ reducedMotion: true });
    renderWithContent(<ClientsMarquee block={await block()} />);
    fireEvent.click(playButton());
    expect(track()).toHaveClass(styles.chosen as string);
  });
});
