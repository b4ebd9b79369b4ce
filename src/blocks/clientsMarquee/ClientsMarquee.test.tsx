import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import { stubMatchMedia } from '../hero/testing.ts';
import ClientsMarquee from './ClientsMarquee.tsx';

async function block(): Promise<BlockOf<'clientsMarquee'>> {
  const b = (await blocksOf('/')).find((x) => x.type === 'clientsMarquee');
  if (b?.type !== 'clientsMarquee') throw new Error('No clientsMarquee block on /');
  return b;
}

afterEach(() => vi.restoreAllMocks());

describe('ClientsMarquee', () => {
  it('takes one loop 15 s under 640px, 25 s under 1024px and 35 s otherwise (from the YAML)', async () => {
    const b = await block();
    expect(b.loopSeconds).toEqual({ narrow: 15, medium: 25, wide: 35 });
    for (const [width, seconds] of [
      [375, '15s'],
      [639, '15s'],
      [640, '25s'],
      [1023, '25s'],
      [1024, '35s'],
      [1920, '35s'],
    ] as const) {
      stubMatchMedia({ width });
      const { unmount } = renderWithContent(<ClientsMarquee block={b} />);
      expect(screen.getByTestId('clients-track').style.animationDuration).toBe(seconds);
      unmount();
    }
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
    const track = screen.getByTestId('clients-track');
    expect(track.querySelectorAll('li')).toHaveLength(6);
    expect(track.style.animationDuration).toBe('');
  });
});
