/** Test helpers of the frame (jsdom has no matchMedia and a read-only scrollY). */
import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/** Installs a matchMedia answering `matches` for every query (e.g. reduced motion off). */
export function stubMatchMedia(matches = false) {
  const mql = (query: string) => ({
    matches,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: vi.fn(mql) });
}

/** Puts the window at a scroll position and tells the page it scrolled. */
export function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
  fireEvent.scroll(window);
}
