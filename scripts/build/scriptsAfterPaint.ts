import { HYDRATED_EVENT } from '../../src/renderer/hydratedEvent.ts';

/**
 * Build step (issue 23): a pre-rendered page asks for its JavaScript only after the browser has
 * painted it. The page reads without script; asked for during parsing, the scripts (about 95 KB gzip)
 * share a phone's connection and main thread with what the first paint needs, and Lighthouse counts
 * every request that finished before the largest paint as part of it (its LCP was 2.1-2.4 s while
 * the text itself painted with the first frame, at FCP).
 *
 * The module entry and its module preloads leave the HTML as tags and become two attributes of one
 * small inline script at the end of <body>, which adds them to <head> after the first contentful
 * paint:
 *   <script data-entry="/assets/index-x.js" data-preload="/assets/a.js /assets/b.js">…</script>
 * The script's text is the same on every page, so the Content-Security-Policy lists one hash for it
 * (server/static.ts inlineScriptHashes finds it in the build). scripts/check-bundle.ts reads the two
 * attributes to measure what a page loads.
 */

/**
 * Runs in the browser, inline (so it is plain ES5-level JavaScript, with no imports). It waits for
 * the first contentful paint as the browser reports it (a 'paint' performance entry; where there is
 * none, the frame after parsing), then asks for the scripts at low priority, so that they never go
 * before a picture or a font the page asks for later. A hidden tab (opened in the background) paints
 * nothing: it loads at once. The 3 s timer is a safety net for a visible page that never reports a
 * paint.
 *
 * A press of a button (the menu, a slide arrow) before the page has hydrated would do nothing, and
 * the paint comes well before the code on a phone: the script holds the last such press (a click,
 * or a key such as ArrowDown on a menu's button), starts loading at once, and presses the button
 * again when the entry announces HYDRATED_EVENT (a key only if the button still has focus). Links
 * need no help (they work as plain links), nor do forms (src/renderer/lazyBlock.ts holds a submit).
 */
export const BOOT_SCRIPT = `(function (boot) {
  var started = false;
  function add(tag, props) {
    var el = document.createElement(tag);
    el.crossOrigin = '';
    el.fetchPriority = 'low';
    for (var key in props) el[key] = props[key];
    document.head.appendChild(el);
  }
  function load() {
    if (started) return;
    started = true;
    var preload = (boot.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preload.length; i++) if (preload[i]) add('link', { rel: 'modulepreload', href: preload[i] });
    add('script', { type: 'module', src: boot.getAttribute('data-entry') });
  }
  function soon() { setTimeout(load, 0); }
  var held = null;
  var heldKey = null;
  function hold(event) {
    var button = event.target.closest && event.target.closest('button[type="button"]');
    if (!button) return;
    // Enter and Space press a button by clicking it (held as that click); Tab moves on by itself.
    if (event.type === 'keydown' && (/^(Enter| |Tab)$/.test(event.key) || event.altKey || event.ctrlKey || event.metaKey)) return;
    held = button;
    heldKey = event.type === 'keydown' ? event.key : null;
    load();
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('keydown', hold, true);
  addEventListener('${HYDRATED_EVENT}', function () {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('keydown', hold, true);
    if (!held || !held.isConnected) return;
    if (heldKey === null) return held.click();
    // A key goes to the button only while it still has the focus the visitor pressed it with.
    if (document.activeElement === held)
      held.dispatchEvent(new KeyboardEvent('keydown', { key: heldKey, bubbles: true, cancelable: true }));
  }, { once: true });
  if (document.visibilityState === 'hidden') return load();
  setTimeout(load, 3000);
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) return requestAnimationFrame(soon);
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    soon();
  }).observe({ type: 'paint', buffered: true });
})(document.currentScript);`;

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/** The boot tag for a page whose entry is `entry` and whose other first-load modules are `preload`. */
export function bootTag(entry: string, preload: readonly string[]): string {
  return `<script data-entry="${entry}" data-preload="${preload.join(' ')}">${BOOT_SCRIPT}</script>`;
}

/**
 * Moves the page's module entry and module preloads (each once, in their order) into the boot
 * script at the end of <body>. A page without a module entry is returned as it was.
 */
export function scriptsAfterPaint(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1] as string);
  const [entry] = entries;
  if (!entry) return html;
  if (entries.length > 1) throw new Error(`A page has ${entries.length} module entries; expected one.`);
  const preload = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string))].filter(
    (href) => href !== entry,
  );
  const rest = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return rest.replace('</body>', () => `  ${bootTag(entry, preload)}\n  </body>`);
}
