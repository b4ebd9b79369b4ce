/**
 * The home page's moving blocks hydrate without a mismatch: the server's HTML (no window, wide
 * screen, motion allowed) equals the first client render even when the browser is a phone that
 * prefers reduced motion, and React reports no recoverable (hydration) error.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, withContent } from '../../../tests/support/content.tsx';
import { BlockRenderer } from '../../renderer/BlockRenderer.tsx';
import { setTabHidden, stubMatchMedia } from '../../ui/motionTesting.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('home page hydration', () => {
  it.each([
    { width: 1280, reducedMotion: false },
    { width: 375, reducedMotion: true },
  ])(
    'hydrates the server HTML without a mismatch ($width px, reduced motion $reducedMotion)',
    async (media) => {
      vi.useFakeTimers();
      const blocks = await blocksOf('/');
      const ui = withContent(<BlockRenderer blocks={blocks} />);

      // The server render: what the pre-renderer writes (no matchMedia to answer media queries).
      Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: undefined });
      const html = renderToString(ui);
      expect(html).toContain('data-testid="hero-phrase"');

      stubMatchMedia(media);
      setTabHidden(false);
      const container = document.createElement('main');
      container.innerHTML = html;
      document.body.append(container);
      const recoverable = vi.fn();
      const consoleError = vi.spyOn(console, 'error');
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, ui, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError.mock.calls.filter((call) => /hydrat/i.test(String(call[0])))).toEqual([]);
      act(() => root?.unmount());
      container.remove();
    },
  );
});
