/**
 * The live preview: the edited page drawn by the site's own block components and CSS, inside an
 * iframe (so the site's media queries see a phone, tablet or desktop width) that React renders
 * into with a portal — no second app, no messages, the preview changes in the same render as the
 * form. Clicking in the preview focuses the field that holds the clicked words; the other way
 * round, the field that has the keyboard is scrolled to in the preview and outlined there.
 */

import { Component, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MemoryRouter } from 'react-router-dom';
import type { Block, Page } from '../../content/model.ts';
import { BlockRenderer, preloadBlocks } from '../../renderer/BlockRenderer.tsx';
import { ContentProvider } from '../../renderer/ContentContext.tsx';
import { PageProvider } from '../../renderer/PageView.tsx';
import { blockRegistry } from '../../renderer/registry.ts';
import baseCss from '../../styles/base.css?inline';
import fontsCss from '../../styles/fonts.css?inline';
import tokensCss from '../../styles/tokens.css?inline';
import { matchesMedia } from '../../ui/motion.ts';
import styles from './content.module.css';
import type { PageDoc } from './document.ts';
import { findField } from './findField.ts';
import { mirrorStyles } from './frameStyles.ts';
import { MISSING_PICTURE, PROBLEM_MARK, previewBlock } from './previewBlocks.ts';
import type { ParsedSite } from './previewContent.ts';
import { previewContent } from './previewContent.ts';
import { focusName, type PreviewFocus, previewElementFor } from './previewFocus.ts';
import { blockLabel } from './schemaForms.ts';
import type { Segment } from './validation.ts';

export const DEVICES = [
  { name: 'Phone', width: 390 },
  { name: 'Tablet', width: 820 },
  { name: 'Desktop', width: 1280 },
] as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const SRC_DOC =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>';

/**
 * The last resort for a block that still fails to draw (previewBlocks.ts makes its data whole, so
 * this is for a component's own mistake): say so in its place, keep the rest.
 */
class BlockBoundary extends Component<{ children: ReactNode; label: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(prev: { children: ReactNode }) {
    if (prev.children !== this.props.children && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? (
      <p style={{ padding: '1rem', background: '#fef2f2', color: '#b91c1c', margin: 0 }}>
        {this.props.label}: this section cannot be shown yet. Check the boxes marked in red.
      </p>
    ) : (
      this.props.children
    );
  }
}

/** How the preview marks a part still to be filled in (a stand-in of previewBlocks.ts). */
const PROBLEM_CSS =
  '[data-preview-problem] { outline: 2px dashed #b91c1c; outline-offset: 2px; background: #fef2f2; color: #991b1b; }';

/**
 * How the preview shows the words of the field that has the keyboard: a thick outline with a white
 * ring inside it, visible on light and dark backgrounds, its shape not only its colour.
 */
const FOCUS_CSS =
  '[data-preview-focus] { outline: 4px solid #4338ca !important; outline-offset: 4px; box-shadow: 0 0 0 4px #fff; scroll-margin: 1rem; }';

/** Marks the elements that show a stand-in (a text or picture previewBlocks.ts put in), so the user sees what to fix. */
function markStandIns(root: HTMLElement): void {
  const d = root.ownerDocument;
  for (const el of root.querySelectorAll('[data-preview-problem]'))
    el.removeAttribute('data-preview-problem');
  const walker = d.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.nodeValue?.includes(PROBLEM_MARK)) node.parentElement?.setAttribute('data-preview-problem', '');
  for (const img of root.querySelectorAll('img'))
    if (img.getAttribute('src') === MISSING_PICTURE) img.setAttribute('data-preview-problem', '');
}

/** Each block's data made whole once per version of it (the preview draws on every keystroke). */
const wholeBlocks = new WeakMap<object, Record<string, unknown>>();
function drawable(data: Record<string, unknown>): Record<string, unknown> {
  let out = wholeBlocks.get(data);
  if (!out) {
    out = previewBlock(data);
    wholeBlocks.set(data, out);
  }
  return out;
}

export interface PreviewProps {
  doc: PageDoc;
  file: string;
  parsed: ParsedSite;
  /** The field of the form that has the keyboard: shown in view and outlined. */
  focused: PreviewFocus | null;
  onPick: (blockKey: string, path: Segment[] | null) => void;
  /** Set for an earlier version: the preview is read-only and says which version it shows. */
  label?: string;
  /** What the bar says beside the widths, in place of the editor's hint. */
  status?: string;
  /**
   * Whether the preview names itself with a (visually hidden) "Preview" heading: false where the
   * screen's own heading already names it (a review's "The live page" and "The draft").
   */
  titled?: boolean;
}

/** Where an element is in its frame's visible area (its window scrolled). */
function inView(el: Element, win: Window): boolean {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= win.innerHeight;
}

/** Scrolls the frame's window so `el` is in the middle (its top, if taller than the window). */
function scrollFrameTo(el: Element, win: Window, smooth: boolean): void {
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return; // not drawn (a hidden pane, or no layout at all)
  const middle = r.height < win.innerHeight ? (win.innerHeight - r.height) / 2 : 16;
  win.scrollTo({ top: Math.max(0, win.scrollY + r.top - middle), behavior: smooth ? 'smooth' : 'instant' });
}

/** A phone-sized screen opens the preview at phone width (a desktop page would be drawn a quarter size). */
function firstDevice(): (typeof DEVICES)[number] {
  return typeof window !== 'undefined' && window.innerWidth < 768 ? DEVICES[0] : DEVICES[2];
}

export function Preview({ doc, file, parsed, focused, onPick, label, status, titled = true }: PreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const [device, setDevice] = useState<(typeof DEVICES)[number]>(firstDevice);
  const [box, setBox] = useState({ width: 800, height: 600 });
  const [ready, setReady] = useState(false);
  const docRef = useRef(doc);
  docRef.current = doc;
  const pickRef = useRef(onPick);
  pickRef.current = onPick;

  // Load every block's code once, so no block waits for the visitor to scroll (there is none here).
  const types = [...new Set(doc.blocks.map((b) => String(b.data.type)))].join(' ');
  useEffect(() => {
    const blocks = types
      .split(' ')
      .filter((t) => t in blockRegistry)
      .map((type) => ({ type }) as Block);
    void preloadBlocks(blocks).then(() => setReady(true));
  }, [types]);

  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      // A hidden pane (the Edit / Preview switch) measures 0: the frame keeps its last size.
      if (entry && entry.contentRect.width > 0 && entry.contentRect.height > 0)
        setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onLoad = () => {
    const d = frame.current?.contentDocument;
    if (!d || d.getElementById('site-globals')) return;
    // A browser loads the srcdoc; jsdom (tests) ignores it and leaves an empty document.
    if (!d.getElementById('root')) {
      const root = d.createElement('div');
      root.id = 'root';
      d.body.append(root);
    }
    const globals = d.createElement('style');
    globals.id = 'site-globals';
    globals.textContent = `${fontsCss}\n${tokensCss}\n${baseCss}\n${FOCUS_CSS}\n${PROBLEM_CSS}`;
    d.head.append(globals);
    const stop = mirrorStyles(d);
    // The preview is for looking and pointing: links do not navigate, forms do not send.
    d.addEventListener('submit', (e) => e.preventDefault(), true);
    d.addEventListener(
      'click',
      (e) => {
        const target = e.target as Element | null;
        if (!target) return;
        e.preventDefault();
        const holder = target.closest('[data-block-key]');
        const key = holder?.getAttribute('data-block-key');
        if (!key) return;
        const block = docRef.current.blocks.find((b) => b.key === key);
        const img = target.closest('img');
        pickRef.current(
          key,
          findField(block?.data, target.textContent ?? '', img?.getAttribute('src') ?? undefined),
        );
      },
      true,
    );
    frame.current?.addEventListener('unload', stop, { once: true });
    setMount(d.getElementById('root'));
  };

  const page = useMemo(
    () => ({ ...doc.details, blocks: doc.blocks.map((b) => drawable(b.data)) }) as unknown as Page,
    [doc],
  );
  const { content, route } = useMemo(() => previewContent(parsed, file, page), [parsed, file, page]);

  // After every drawing: mark what still needs filling in.
  useEffect(() => {
    if (mount) markStandIns(mount);
  });

  // After every drawing: outline the words of the field that has the keyboard (they change as the
  // user types), and scroll to them when that field is new or they left the visible area.
  const scrolledTo = useRef('');
  useEffect(() => {
    const d = frame.current?.contentDocument;
    const win = d?.defaultView;
    if (!d || !win || !mount) return;
    for (const el of d.querySelectorAll('[data-preview-focus]')) el.removeAttribute('data-preview-focus');
    const name = focusName(focused);
    if (!focused) {
      scrolledTo.current = '';
      return;
    }
    const holder = [...d.querySelectorAll('[data-block-key]')].find(
      (el) => el.getAttribute('data-block-key') === focused.blockKey,
    );
    if (!holder) return;
    const data = docRef.current.blocks.find((b) => b.key === focused.blockKey)?.data;
    // A block's own button (or a field whose words do not show): the block, by its first drawn part.
    const shown =
      (focused.path && previewElementFor(holder, data, focused.path)) ??
      [...holder.children].find((el) => el.textContent?.trim() || el.querySelector('img, svg')) ??
      holder.firstElementChild;
    if (!shown) return;
    shown.setAttribute('data-preview-focus', '');
    const isNew = scrolledTo.current !== name;
    if (isNew || !inView(shown, win)) scrollFrameTo(shown, win, isNew && !matchesMedia(REDUCED_MOTION));
    scrolledTo.current = name;
  });

  const scale = Math.min(1, box.width / device.width);
  return (
    <div className={styles.previewPane}>
      <fieldset className={styles.previewBar}>
        <legend className={styles.visuallyHidden}>Preview width</legend>
        {titled && <h2 className={styles.visuallyHidden}>Preview</h2>}
        {DEVICES.map((d) => (
          <button
            key={d.name}
            type="button"
            className={d === device ? styles.primary : styles.secondary}
            aria-pressed={d === device}
            onClick={() => setDevice(d)}
          >
            {d.name} ({d.width}px)
          </button>
        ))}
        <span className={styles.status}>
          {status ??
            (label ? 'Read only: this version cannot be edited.' : 'Click a part of the preview to edit it.')}
        </span>
      </fieldset>
      <div className={styles.previewFrameWrap} ref={wrap}>
        <div style={{ width: device.width * scale, height: '100%' }}>
          <iframe
            ref={frame}
            title={`Preview of ${label ? `the ${label}` : 'the page'} at ${device.name.toLowerCase()} width`}
            className={styles.previewFrame}
            srcDoc={SRC_DOC}
            onLoad={onLoad}
            style={{
              width: device.width,
              height: box.height / scale,
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
            }}
          />
        </div>
      </div>
      {mount &&
        ready &&
        createPortal(
          <ContentProvider value={content}>
            <MemoryRouter initialEntries={[route.path]}>
              <PageProvider page={page} route={route}>
                <main id="main" className="page" data-page={route.canonicalPath}>
                  {doc.blocks.map((b) => (
                    <div key={b.key} data-block-key={b.key} style={{ display: 'contents' }}>
                      <BlockBoundary label={blockLabel(String(b.data.type))}>
                        <BlockRenderer blocks={[drawable(b.data) as unknown as Block]} />
                      </BlockBoundary>
                    </div>
                  ))}
                </main>
              </PageProvider>
            </MemoryRouter>
          </ContentProvider>,
          mount,
        )}
    </div>
  );
}
