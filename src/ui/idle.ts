/**
 * `useBrowserIdle()`: false on the server and in the first client render (so hydration matches),
 * true once the browser has had an idle moment after the component mounted. For work that should
 * happen soon but must not compete with the page's load: `requestIdleCallback` where the browser
 * has it, otherwise (Safari) a short timer.
 */
import { useEffect, useState } from 'react';

/** The longest wait for an idle moment (the fallback timer is shorter). */
export const IDLE_TIMEOUT_MS = 2000;
const FALLBACK_DELAY_MS = 1000;

export function useBrowserIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}
