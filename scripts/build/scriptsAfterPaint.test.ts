import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { HYDRATED_EVENT } from '../../src/renderer/hydratedEvent.ts';
import { BOOT_SCRIPT, bootTag, scriptsAfterPaint } from './scriptsAfterPaint.ts';

const built = (head: string, body = '<div id="root"><h1>Page</h1></div>') =>
  `<!doctype html><html><head>${head}</head><body>${body}\n  </body></html>`;

const viteHead =
  '<link rel="preload" as="font" href="/f.woff2" crossorigin>' +
  '<link rel="modulepreload" crossorigin href="/assets/about.js">\n    ' +
  '<script type="module" crossorigin src="/assets/index.js"></script>\n    ' +
  '<link rel="modulepreload" crossorigin href="/assets/react.js">\n    ' +
  '<link rel="modulepreload" crossorigin href="/assets/about.js">\n    ' +
  '<script type="application/ld+json">{}</script>';

/**
 * Parses `html` in jsdom with scripts on, with the page's frames and timers held in queues so the
 * test decides when each runs (jsdom fetches no module script: what the boot adds stays in <head>).
 */
function open(html: string, options: { hidden?: boolean; paintObserver?: boolean } = {}) {
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  // The page's PerformanceObserver callbacks, for the test to report paints to.
  const observers: ((names: string[]) => void)[] = [];
  const dom = new JSDOM(html, {
    runScripts: 'dangerously',
    beforeParse(window) {
      window.requestAnimationFrame = (run: FrameRequestCallback) => frames.push(() => run(0));
      (window as unknown as { setTimeout: (run: () => void, ms: number) => number }).setTimeout = (run, ms) =>
        timers.push({ run, ms });
      Object.defineProperty(window.document, 'visibilityState', {
        get: () => (options.hidden ? 'hidden' : 'visible'),
      });
      if (!options.paintObserver) return;
      class FakeObserver {
        static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
        constructor(callback: (list: unknown, observer: FakeObserver) => void) {
          observers.push((names) =>
            callback({ getEntriesByName: (n: string) => names.filter((name) => name === n) }, this),
          );
        }
        observe() {}
        disconnect() {
          observers.length = 0;
        }
      }
      Object.assign(window, { PerformanceObserver: FakeObserver });
    },
  });
  const head = dom.window.document.head;
  const added = () => ({
    preload: [...head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    module: [...head.querySelectorAll('script[type="module"]')].map((s) => [
      s.getAttribute('src'),
      s.getAttribute('crossorigin'),
    ]),
    lowPriority: [...head.querySelectorAll('link, script')].every(
      (el) => Reflect.get(el, 'fetchPriority') === 'low',
    ),
  });
  const paint = (name: string) => {
    for (const report of [...observers]) report([name]);
  };
  return { frames, timers, added, paint, window: dom.window };
}

describe('scriptsAfterPaint (build)', () => {
  it('moves the module entry and its preloads, each once and in order, into one boot script at the end of <body>', () => {
    const out = scriptsAfterPaint(built(viteHead));
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="preload" as="font" href="/f.woff2" crossorigin>');
    expect(out).toContain('<script type="application/ld+json">{}</script>');
    expect(out).toMatch(
      /<script data-entry="\/assets\/index.js" data-preload="\/assets\/about.js \/assets\/react.js">[\s\S]+?<\/script>\n {2}<\/body>/,
    );
  });

  it('leaves a page without a module entry as it was, and refuses a page with two', () => {
    const plain = built('<title>x</title>');
    expect(scriptsAfterPaint(plain)).toBe(plain);
    expect(() =>
      scriptsAfterPaint(
        built('<script type="module" src="/a.js"></script><script type="module" src="/b.js"></script>'),
      ),
    ).toThrow(/2 module entries/);
  });

  it('writes the same script text on every page, so the CSP needs one hash', () => {
    const a = scriptsAfterPaint(built('<script type="module" src="/assets/a.js"></script>'));
    const b = scriptsAfterPaint(
      built(
        '<script type="module" src="/assets/b.js"></script><link rel="modulepreload" href="/assets/c.js">',
      ),
    );
    const text = (html: string) => /<script data-entry[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(text(a)).toBe(BOOT_SCRIPT);
    expect(text(b)).toBe(BOOT_SCRIPT);
  });
});

describe('the boot script (in the browser)', () => {
  const page = built(
    '<title>x</title>',
    `<div id="root"></div>${bootTag('/assets/index.js', ['/assets/react.js', '/assets/Hero.js'])}`,
  );

  const loaded = {
    preload: ['/assets/react.js', '/assets/Hero.js'],
    module: [['/assets/index.js', '']],
    lowPriority: true,
  };
  const nothing = { preload: [], module: [], lowPriority: true };

  it('asks for nothing until the browser reports the first contentful paint, then for the preloads and the entry, at low priority', () => {
    const { timers, added, paint } = open(page, { paintObserver: true });
    expect(added()).toEqual(nothing);
    paint('first-paint'); // a paint with no content yet
    expect(timers.filter((t) => t.ms === 0)).toHaveLength(0);
    paint('first-contentful-paint');
    expect(added()).toEqual(nothing); // in the task after it
    timers.find((t) => t.ms === 0)?.run();
    expect(added()).toEqual(loaded);
    // The safety-net timer, when it fires later, adds nothing twice.
    timers.find((t) => t.ms === 3000)?.run();
    expect(added()).toEqual(loaded);
  });

  it('without paint entries, waits for the frame after parsing', () => {
    const { frames, timers, added } = open(page);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(added()).toEqual(nothing);
    timers.find((t) => t.ms === 0)?.run();
    expect(added()).toEqual(loaded);
  });

  it('loads at once in a hidden tab, which paints nothing', () => {
    const { frames, added } = open(page, { hidden: true, paintObserver: true });
    expect(frames).toHaveLength(0);
    expect(added()).toEqual(loaded);
  });

  it('loads after 3 s on a visible page that never reports a paint', () => {
    const { timers, added } = open(page, { paintObserver: true });
    timers.find((t) => t.ms === 3000)?.run();
    expect(added()).toEqual(loaded);
  });

  const withControls = built(
    '<title>x</title>',
    `<div id="root"><button type="button" id="menu"><svg><path id="icon"></path></svg></button><a id="link" href="/about">About</a></div>${bootTag('/assets/index.js', ['/assets/react.js', '/assets/Hero.js'])}`,
  );

  it('holds a button press made before the page has hydrated, loads at once, and presses the button again once it has', () => {
    const { added, window } = open(withControls, { paintObserver: true });
    const icon = window.document.getElementById('icon');
    const menu = window.document.getElementById('menu');
    icon?.dispatchEvent(new window.MouseEvent('click', { bubbles: true })); // a tap on the icon in the button
    expect(added()).toEqual(loaded); // no waiting for the paint

    // Hydration attaches the button's handler, then the entry announces it (twice under StrictMode).
    let presses = 0;
    menu?.addEventListener('click', () => presses++);
    window.dispatchEvent(new window.Event(HYDRATED_EVENT));
    window.dispatchEvent(new window.Event(HYDRATED_EVENT));
    expect(presses).toBe(1);
    // From then on a press is the page's own business: nothing is held or repeated.
    menu?.click();
    expect(presses).toBe(2);
  });

  it('holds a key pressed on a button (ArrowDown on a menu button) and presses it again while the button has focus', () => {
    const { added, window } = open(withControls, { paintObserver: true });
    const menu = window.document.getElementById('menu');
    menu?.focus();
    menu?.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(added()).toEqual(loaded);

    const keys: string[] = [];
    let presses = 0;
    menu?.addEventListener('keydown', (e) => keys.push((e as KeyboardEvent).key));
    menu?.addEventListener('click', () => presses++);
    window.dispatchEvent(new window.Event(HYDRATED_EVENT));
    expect(keys).toEqual(['ArrowDown']);
    expect(presses).toBe(0);
  });

  it('lets Enter, Space and Tab be (Enter and Space arrive as a click), and drops a key whose button lost focus', () => {
    const { added, window } = open(withControls, { paintObserver: true });
    const menu = window.document.getElementById('menu');
    menu?.focus();
    for (const key of ['Enter', ' ', 'Tab'])
      menu?.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true }));
    expect(added()).toEqual(nothing);

    menu?.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    menu?.blur();
    const keys: string[] = [];
    menu?.addEventListener('keydown', (e) => keys.push((e as KeyboardEvent).key));
    window.dispatchEvent(new window.Event(HYDRATED_EVENT));
    expect(keys).toEqual([]);
  });

  it('holds nothing when the page hydrates before any press, and leaves links alone', () => {
    const { added, window } = open(withControls, { paintObserver: true });
    window.document
      .getElementById('link')
      ?.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(added()).toEqual(nothing);
    let presses = 0;
    window.document.getElementById('menu')?.addEventListener('click', () => presses++);
    window.dispatchEvent(new window.Event(HYDRATED_EVENT));
    expect(presses).toBe(0);
  });
});
