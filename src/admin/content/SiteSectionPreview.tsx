/**
 * The preview of one section of Site settings: what that section changes, drawn by the site's own
 * components and CSS from the settings as typed (or from an earlier version), in a frame of its own
 * so the site's media queries see a phone, tablet or desktop: the header and its menus, the footer,
 * the forms, the industries carousel, the clients strip, the shared text cards
 * (siteSections.ts says which section shows what). It changes in the same render as the form.
 *
 * The frame is made as the page preview's is (Preview.tsx, whose frame is not exported): the
 * staff app's stylesheets are copied in without its rules for bare elements.
 */
import { Component, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MemoryRouter } from 'react-router-dom';
import type { Block, BlockType, Page, RouteEntry, SiteConfig } from '../../content/model.ts';
import { ContactForm } from '../../forms/ContactForm.tsx';
import { ChatWidget } from '../../frame/ChatWidget.tsx';
import { Footer } from '../../frame/Footer.tsx';
import { NavBar } from '../../frame/NavBar.tsx';
import { BlockRenderer, preloadBlocks } from '../../renderer/BlockRenderer.tsx';
import { ContentProvider } from '../../renderer/ContentContext.tsx';
import { PageProvider } from '../../renderer/PageView.tsx';
import { blockRegistry } from '../../renderer/registry.ts';
import baseCss from '../../styles/base.css?inline';
import fontsCss from '../../styles/fonts.css?inline';
import tokensCss from '../../styles/tokens.css?inline';
import styles from './content.module.css';
import type { Data } from './document.ts';
import { mirrorStyles } from './frameStyles.ts';
import { DEVICES } from './Preview.tsx';
import { previewBlock } from './previewBlocks.ts';
import { type ParsedSite, previewContent } from './previewContent.ts';
import own from './SiteEditor.module.css';
import type { SitePreviewPart, SiteSection } from './siteSections.ts';

const SRC_DOC =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>';

/** A part that cannot be drawn from the settings as they are now: says so, keeps the others. */
class PartBoundary extends Component<
  { children: ReactNode; name: string; data: unknown },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(prev: { data: unknown }) {
    if (prev.data !== this.props.data && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? (
      <p style={{ padding: '1rem', background: '#fef2f2', color: '#991b1b', margin: 0 }}>
        {this.props.name} cannot be shown yet. Check the boxes marked in red.
      </p>
    ) : (
      this.props.children
    );
  }
}

const PART_NAMES: Record<SitePreviewPart, string> = {
  header: 'The header',
  footer: 'The footer',
  chat: 'The chat button',
  demoForm: 'The demo and inquiry form',
  brochureForm: 'The brochure form',
  applicationForm: 'The job application form',
  contactForm: 'The chat’s contact form',
  industriesCarousel: 'The industries carousel',
  clientsMarquee: 'The clients strip',
  sharedTexts: 'The shared text cards',
};

const BLOCK_PARTS: Partial<Record<SitePreviewPart, BlockType>> = {
  demoForm: 'demoForm',
  brochureForm: 'brochureForm',
  applicationForm: 'applicationForm',
  industriesCarousel: 'industriesCarousel',
  clientsMarquee: 'clientsMarquee',
};

const PREVIEW_FILE = 'site-settings-preview';
const PREVIEW_PAGE = { path: '/site-settings-preview', title: 'Site settings', description: '', blocks: [] };

/** A part drawn as a block: the block as a page of the site has it (its own words), on that page. */
interface BlockPart {
  part: SitePreviewPart;
  block: Block;
  page: Page;
  route: RouteEntry;
}

function routeOf(page: Page, file: string): RouteEntry {
  return { path: page.path, canonicalPath: page.path, file, noindex: false };
}

/** The blocks a section's preview draws, each from the first page that has one (else made up). */
function blockParts(section: SiteSection, parsed: ParsedSite, site: Data): BlockPart[] {
  const out: BlockPart[] = [];
  const fallback = PREVIEW_PAGE as unknown as Page;
  for (const part of section.preview) {
    const type = BLOCK_PARTS[part];
    if (type) {
      const found = parsed.pages.find(({ page }) => page.blocks.some((b) => b.type === type));
      const data = found?.page.blocks.find((b) => b.type === type) ?? { type };
      const page = found?.page ?? fallback;
      out.push({
        part,
        block: previewBlock(data as unknown as Record<string, unknown>) as unknown as Block,
        page,
        route: routeOf(page, found?.file ?? PREVIEW_FILE),
      });
    } else if (part === 'sharedTexts') {
      const names = Object.keys((site.sharedText ?? {}) as Record<string, unknown>);
      const data = { type: 'textCards', cards: names.map((shared) => ({ shared })) };
      out.push({
        part,
        block: (names.length ? data : previewBlock(data)) as unknown as Block,
        page: fallback,
        route: routeOf(fallback, PREVIEW_FILE),
      });
    }
  }
  return out;
}

export interface SiteSectionPreviewProps {
  section: SiteSection;
  /** The settings to draw (the form's, or an earlier version's), pictures at the editor's addresses. */
  site: Data;
  /** The other pages (for the menus' lists and the blocks' own words). */
  parsed: ParsedSite;
  /** Set for an earlier version: says which version it shows. */
  label?: string;
}

export function SiteSectionPreview({ section, site, parsed, label }: SiteSectionPreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const [device, setDevice] = useState<(typeof DEVICES)[number]>(DEVICES[2]);
  const [box, setBox] = useState({ width: 800, height: 600 });
  const [ready, setReady] = useState(false);

  const parts = useMemo(() => blockParts(section, parsed, site), [section, parsed, site]);
  const types = [...new Set(parts.map((p) => p.block.type))].join(' ');
  useEffect(() => {
    setReady(false);
    const blocks = types
      .split(' ')
      .filter((t) => t in blockRegistry)
      .map((type) => ({ type }) as Block);
    let live = true;
    void preloadBlocks(blocks).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [types]);

  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onLoad = () => {
    const d = frame.current?.contentDocument;
    if (!d || d.getElementById('site-globals')) return;
    if (!d.getElementById('root')) {
      const root = d.createElement('div');
      root.id = 'root';
      d.body.append(root);
    }
    const globals = d.createElement('style');
    globals.id = 'site-globals';
    globals.textContent = `${fontsCss}\n${tokensCss}\n${baseCss}`;
    d.head.append(globals);
    const stop = mirrorStyles(d);
    // For looking: links do not navigate and forms do not send (menus and lists still open).
    d.addEventListener('submit', (e) => e.preventDefault(), true);
    d.addEventListener(
      'click',
      (e) => {
        const target = e.target as Element | null;
        if (target?.closest?.('a[href]')) e.preventDefault();
      },
      true,
    );
    frame.current?.addEventListener('unload', stop, { once: true });
    setMount(d.getElementById('root'));
  };

  const config = site as unknown as SiteConfig;
  const content = useMemo(
    () => previewContent(parsed, PREVIEW_FILE, PREVIEW_PAGE as unknown as Page, config).content,
    [parsed, config],
  );
  const fixedHeader = section.preview.includes('header');
  const scale = Math.min(1, box.width / device.width);
  const name = label ? `${section.previewName} in the ${label}` : section.previewName;

  return (
    <div className={`${styles.previewPane} ${own.previewPane}`}>
      <fieldset className={styles.previewBar}>
        <legend className={styles.visuallyHidden}>Preview width</legend>
        <h2 className={styles.visuallyHidden}>Preview of {section.previewName}</h2>
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
          {label ? 'Read only: this version cannot be edited.' : `Shows ${section.previewName} as you type.`}
        </span>
      </fieldset>
      <div className={styles.previewFrameWrap} ref={wrap}>
        <div style={{ width: device.width * scale, height: '100%' }}>
          <iframe
            ref={frame}
            title={`Preview of ${name} at ${device.name.toLowerCase()} width`}
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
            <MemoryRouter initialEntries={[PREVIEW_PAGE.path]}>
              {section.preview.includes('header') && (
                <PartBoundary name={PART_NAMES.header} data={site}>
                  <NavBar />
                </PartBoundary>
              )}
              <main
                id="main"
                className="page"
                data-site-preview={section.id}
                // The header is fixed at the top: the rest starts below it.
                style={fixedHeader ? { paddingTop: '7rem', minHeight: '12rem' } : { minHeight: 0 }}
              >
                {parts.map((p) => (
                  <PartBoundary key={p.part} name={PART_NAMES[p.part]} data={site}>
                    <PageProvider page={p.page} route={p.route}>
                      <BlockRenderer blocks={[p.block]} />
                    </PageProvider>
                  </PartBoundary>
                ))}
                {section.preview.includes('contactForm') && (
                  <PartBoundary name={PART_NAMES.contactForm} data={site}>
                    <section className="section" aria-label={config.frame?.chatTitle ?? 'Contact form'}>
                      <div className="container" style={{ maxWidth: '28rem' }}>
                        <h2>{config.frame?.chatTitle}</h2>
                        <ContactForm onSent={() => undefined} />
                      </div>
                    </section>
                  </PartBoundary>
                )}
              </main>
              {section.preview.includes('footer') && (
                <PartBoundary name={PART_NAMES.footer} data={site}>
                  <Footer />
                </PartBoundary>
              )}
              {section.preview.includes('chat') && (
                <PartBoundary name={PART_NAMES.chat} data={site}>
                  <ChatWidget />
                </PartBoundary>
              )}
            </MemoryRouter>
          </ContentProvider>,
          mount,
        )}
    </div>
  );
}
