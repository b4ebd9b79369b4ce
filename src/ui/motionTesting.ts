/**
 * Test helpers for the home page blocks (used only by *.test.tsx): a matchMedia stub that answers
 * width and reduced-motion queries, a controllable tab visibility, and a manual animation-frame queue.
 */
import { vi } from 'vitest';

export function stubMatchMedia({ width = 1280, reducedMotion = false } = {}) {
  const matches = (raw: string) => {
    const query = String(raw ?? '');
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    if (min) return width >= Number(min[1]);
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    if (max) return width <= Number(max[1]);
    if (query.includes('prefers-reduced-motion: reduce')) return reducedMotion;
    return false;
  };
  const stub = vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: stub });
  return stub;
}

export function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Replaces requestAnimationFrame with a queue that `run(n)` flushes one frame at a time. */
export function manualFrames() {
  let queue: Array<{ id: number; cb: FrameRequestCallback }> = [];
  let nextId = 1;
  const request = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    const id = nextId++;
    queue.push({ id, cb });
    return id;
  });
  const cancel = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    queue = queue.filter((f) => f.id !== id);
  });
  return {
    request,
    cancel,
    pending: () => queue.length,
    run(frames: number) {
      for (let i = 0; i < frames; i++) {
        const current = queue;
        queue = [];
        for (const f of current) f.cb(i * 16);
      }
    },
  };
}
