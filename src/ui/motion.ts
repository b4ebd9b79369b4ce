/**
 * Motion helpers shared by the home page blocks (hero, carousels, strip, marquee): media queries,
 * reduced-motion preference, tab visibility, the visitor's own play/pause choice and an interval
 * that stops when it should. All are hydration-safe: the server (and the first client render)
 * assume motion allowed, a visible tab and the given server value of a media query; the real values
 * apply right after hydration.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

function mediaQueryList(query: string): MediaQueryList | undefined {
  return typeof window === 'undefined' ? undefined : window.matchMedia?.(query);
}

/** Whether a media query matches now (and re-renders when that changes). */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const mql = mediaQueryList(query);
      if (!mql) return () => {};
      if (mql.addEventListener) {
        mql.addEventListener('change', notify);
        return () => mql.removeEventListener('change', notify);
      }
      mql.addListener?.(notify);
      return () => mql.removeListener?.(notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? serverValue,
    () => serverValue,
  );
}

/** A one-off check, for event handlers (e.g. "is this a wide screen?" when the pointer enters). */
export function matchesMedia(query: string): boolean {
  return mediaQueryList(query)?.matches === true;
}

export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', false);
}

function subscribeVisibility(notify: () => void) {
  document.addEventListener('visibilitychange', notify);
  return () => document.removeEventListener('visibilitychange', notify);
}

/** False while the browser tab is hidden. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * Whether a block's auto-moving content plays, by the visitor's choice (WCAG 2.2.2 Pause, Stop,
 * Hide): until they press the block's pause/play button it plays unless they prefer reduced motion;
 * after that their last choice holds for as long as the block stays on the page, whatever the
 * reduced-motion preference or a hover or focus pause does. `playing` is only this choice: a block
 * also stops while the tab is hidden and during its own hover, focus or selection pauses.
 */
export function useMotionChoice(): { playing: boolean; toggle: () => void } {
  const reduced = useReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reduced;
  const toggle = useCallback(() => setChoice(!playing), [playing]);
  return { playing, toggle };
}

/** Calls `callback` every `ms` while `active`; stops on unmount and whenever `active` turns false. */
export function useInterval(callback: () => void, ms: number, active: boolean): void {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  });
  useEffect(() => {
    if (!active || ms <= 0) return;
    const id = window.setInterval(() => saved.current(), ms);
    return () => window.clearInterval(id);
  }, [ms, active]);
}

/** The next index after `current` of `count`, wrapping at the end; -1 steps back, wrapping at 0. */
export function wrapIndex(index: number, count: number): number {
  return count === 0 ? 0 : ((index % count) + count) % count;
}
