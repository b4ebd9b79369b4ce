import { type RefObject, useEffect, useRef } from 'react';

/**
 * A heading (tabIndex -1) that takes the keyboard focus when its screen appears, so a keyboard or
 * screen-reader user lands on the new screen's title, as after a page load. `key` changes refocus.
 */
export function useFocusOnShow<T extends HTMLElement>(key?: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger on purpose.
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}
