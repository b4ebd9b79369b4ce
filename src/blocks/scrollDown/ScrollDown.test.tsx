import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import ScrollDown from './ScrollDown.tsx';

const originalHeight = window.innerHeight;
const originalMatchMedia = window.matchMedia;

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: originalHeight });
  window.matchMedia = originalMatchMedia;
});

function setViewportHeight(px: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: px });
}

describe('ScrollDown', () => {
  it('scrolls smoothly down by exactly one screen height', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    setViewportHeight(812);
    renderWithContent(<ScrollDown block={{ type: 'scrollDown' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll down' }));
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy).toHaveBeenCalledWith({ top: 812, behavior: 'smooth' });
  });

  it('uses the screen height at the time of the click', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    renderWithContent(<ScrollDown block={{ type: 'scrollDown' }} />);
    setViewportHeight(1080);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll down' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 1080, behavior: 'smooth' });
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    window.matchMedia = ((query: string) =>
      ({ matches: query.includes('reduce'), media: query }) as MediaQueryList) as typeof window.matchMedia;
    setViewportHeight(700);
    renderWithContent(<ScrollDown block={{ type: 'scrollDown' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll down' }));
    expect(scrollBy).toHaveBeenCalledWith({ top: 700, behavior: 'auto' });
  });

  it('takes its screen-reader label from YAML', () => {
    renderWithContent(<ScrollDown block={{ type: 'scrollDown', label: 'Scroll to the apps' }} />);
    expect(screen.getByRole('button', { name: 'Scroll to the apps' })).toBeInTheDocument();
  });
});
