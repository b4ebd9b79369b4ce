/**
 * The product pages (issue 7): the transport app page (also at /products) and the five Coming Soon
 * pages render their h1 and every block from YAML; the transport page's 19 benefit bullets are the
 * specification's words; the transit site opens in a new tab safely; the scroll arrow moves one
 * screen; Coming Soon pages carry the badge and a phone-only hero source.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../src/content/model.ts';
import { preloadBlocks } from '../../src/renderer/BlockRenderer.tsx';
import { blocksOf, loadContent, renderRoute } from '../support/content.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The specification's benefit bullets, word for word (section "Transport app page"). */
const SPEC_BENEFITS: Record<string, string[]> = {
  Parent: [
    "view multiple students' details",
    'real-time attendance communication',
    'live tracking and notifications',
    'choose route and stops and apply',
    'online complaints handling',
    'punctual pickups and drop-offs',
  ],
  'Driver/Conductor': [
    'see trip allocation',
    'see student travelling status before the trip',
    'mark attendance in the app',
    'transport communication',
    'raise complaints',
    "no need to store parents' contacts",
  ],
  'Transport Admin': [
    'live bus/van tracking and broadcast messages',
    'vehicle tracking alerts',
    'paperless department',
    'workflow automation',
    'manage routes, stops and student allocations',
    'manage driver/conductor and trip allocation',
    "manage parents' car parking inside the campus",
  ],
};
/** Shown as sentences: only the first letter is capitalised. */
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const PRODUCTS = [
  { path: '/products/triunetransitshield', h1: 'Triune TransitShield' },
  { path: '/products/edufeemaster', h1: 'Edu Fee Master' },
  { path: '/products/foriegnlan', h1: 'Videshi Bhaasha Tech' },
  { path: '/products/triunematrimony', h1: 'Triune Matrimony' },
  { path: '/products/triuneerp', h1: 'Triune ERP' },
  { path: '/products/summercamp', h1: 'Summer Camp' },
];
const COMING_SOON = PRODUCTS.slice(1);

async function renderPage(path: string) {
  // Load the page's block code first (as the app does before hydration), and render inside act()
  // so React retries the suspended page as soon as its data is there.
  await preloadBlocks(await blocksOf(path));
  await act(async () => {
    renderRoute(path);
  });
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { h1, main: screen.getByRole('main') };
}

/** Asserts the visible trace of one YAML block inside <main>; returns the element that proves it. */
function expectBlock(main: HTMLElement, block: Block): HTMLElement {
  const m = within(main);
  switch (block.type) {
    case 'pageHero':
      return m.getByRole('heading', { level: 1, name: block.heading });
    case 'aboutCard': {
      const heading = m.getByRole('heading', { level: 2, name: block.title });
      const paragraphs = Array.isArray(block.description) ? block.description : [block.description];
      for (const p of paragraphs) expect(m.getByText(p)).toBeInTheDocument();
      return heading;
    }
    case 'scrollDown':
      return m.getByRole('button', { name: block.label ?? 'Scroll down' });
    case 'imageRow': {
      for (const image of block.images) expect(m.getByAltText(image.alt)).toBeInTheDocument();
      return block.heading
        ? m.getByRole('heading', { level: 2, name: block.heading })
        : m.getByAltText(block.images[0].alt);
    }
    case 'bulletGrid':
      for (const card of block.cards)
        expect(m.getByRole('heading', { level: 3, name: card.title })).toBeInTheDocument();
      return m.getByRole('heading', { level: 3, name: block.cards[0].title });
    case 'featureImage':
      expect(m.getByAltText(block.image.alt)).toBeInTheDocument();
      return m.getByRole('heading', { level: 2, name: block.heading });
    case 'imageLink':
      return m.getByRole('link', { name: new RegExp(block.label) });
    case 'actionButton':
      return m.getByRole('link', { name: block.label });
    case 'productFooter':
      return m.getByRole('region', { name: [block.eyebrow, block.heading].filter(Boolean).join(' ') });
    case 'demoForm': {
      const form = main.querySelector<HTMLElement>(`#${block.anchor ?? 'demo'}`);
      expect(form).not.toBeNull();
      return form as HTMLElement;
    }
    case 'brochureForm': {
      const form = main.querySelector<HTMLElement>(`#${block.anchor ?? 'brochure'}`);
      expect(form).not.toBeNull();
      return form as HTMLElement;
    }
    default:
      throw new Error(`No check for block type ${block.type} yet: add one here.`);
  }
}

describe.each([...PRODUCTS, { path: '/products', h1: 'Triune TransitShield' }])('$path', ({ path, h1 }) => {
  it(`renders the h1 "${h1}" and every block from YAML, in order`, async () => {
    const { h1: heading, main } = await renderPage(path);
    expect(heading).toHaveTextContent(h1);
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const blocks = await blocksOf(path);
    const elements = blocks.map((block) => expectBlock(main, block));
    // Each block's element comes after the previous block's element in the document.
    elements.slice(1).forEach((element, i) => {
      expect(elements[i]?.compareDocumentPosition(element)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    });
  });
});

describe('the transport app page', () => {
  it('has the sections of the specification in order', async () => {
    const types = (await blocksOf('/products/triunetransitshield')).map((b) => b.type);
    const order = [
      'pageHero',
      'aboutCard',
      'scrollDown',
      'imageRow',
      'bulletGrid',
      'featureImage',
      'imageLink',
    ];
    expect(types.filter((t) => order.includes(t))).toEqual(order);
    // Then the brochure form, Get Start Today and the demo form, last.
    expect(types.slice(types.indexOf('imageLink'))).toEqual([
      'imageLink',
      'brochureForm',
      'actionButton',
      'demoForm',
    ]);
  });

  it('shows the About App blurb and the three Smart Mobility Apps screens', async () => {
    const { main } = await renderPage('/products/triunetransitshield');
    expect(within(main).getByRole('heading', { level: 2, name: 'About App' })).toBeInTheDocument();
    const apps = within(main)
      .getByRole('heading', { level: 2, name: 'Smart Mobility Apps' })
      .closest('section') as HTMLElement;
    const images = within(apps).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/images/products/triunetransitshield/app-parent.svg',
      '/images/products/triunetransitshield/app-driver.svg',
      '/images/products/triunetransitshield/app-admin.svg',
    ]);
    expect(within(apps).getByText('Parent App')).toBeInTheDocument();
    expect(within(apps).getByText('Driver / Conductor App')).toBeInTheDocument();
    expect(within(apps).getByText('Transport Admin')).toBeInTheDocument();
  });

  it("shows exactly the specification's 19 benefit bullets for the three audiences", async () => {
    const { main } = await renderPage('/products/triunetransitshield');
    let total = 0;
    for (const [audience, bullets] of Object.entries(SPEC_BENEFITS)) {
      const card = within(main)
        .getByRole('heading', { level: 3, name: audience })
        .closest('article') as HTMLElement;
      const items = within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toEqual(bullets.map(sentence));
      total += items.length;
    }
    expect(total).toBe(19);
    expect(Object.values(SPEC_BENEFITS).map((b) => b.length)).toEqual([6, 6, 7]);
  });

  it('has the brochure request form with an email field and its Submit button', async () => {
    const { main } = await renderPage('/products/triunetransitshield');
    const section = main.querySelector<HTMLElement>('#brochure');
    expect(section).not.toBeNull();
    const email = within(section as HTMLElement).getByRole('textbox', { name: /email/i });
    expect(email).toHaveAttribute('type', 'email');
    expect(within(section as HTMLElement).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('opens the external transit app site in a new tab with a safe rel', async () => {
    const { main } = await renderPage('/products/triunetransitshield');
    const block = (await blocksOf('/products/triunetransitshield')).find((b) => b.type === 'imageLink');
    if (block?.type !== 'imageLink') throw new Error('No imageLink block on the transport page');
    const link = within(main).getByRole('link', { name: /Visit the TransitShield website/ });
    // The address written in YAML, an external https site.
    expect(block.href).toMatch(/^https:\/\//);
    expect(link).toHaveAttribute('href', block.href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(link).getByRole('img')).toHaveAttribute(
      'src',
      '/images/products/triunetransitshield/transit-site.svg',
    );
  });

  it('shows the Why choose Us image', async () => {
    const { main } = await renderPage('/products/triunetransitshield');
    const section = within(main)
      .getByRole('heading', { level: 2, name: 'Why choose Us' })
      .closest('section') as HTMLElement;
    expect(within(section).getByRole('img')).toHaveAttribute(
      'src',
      '/images/products/triunetransitshield/why-choose-us.svg',
    );
  });

  it('scrolls smoothly by one screen height from the scroll-down arrow', async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    const { main } = await renderPage('/products/triunetransitshield');
    fireEvent.click(within(main).getByRole('button', { name: 'Scroll down' }));
    expect(scrollBy).toHaveBeenCalledWith({ top: 844, behavior: 'smooth' });
  });

  it('scrolls to the demo form from Get Start Today', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { main } = await renderPage('/products/triunetransitshield');
    const button = within(main).getByRole('link', { name: 'Get Start Today' });
    expect(button).toHaveAttribute('href', '#demo');
    const demo = main.querySelector('#demo');
    expect(demo).not.toBeNull();
    // The button comes before the form it scrolls to.
    expect(button.compareDocumentPosition(demo as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    scrollTo.mockClear();
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });
});

describe('the Coming Soon pages', () => {
  it.each(COMING_SOON)('$path shows a Coming Soon badge and a phone-only hero picture', async ({ path }) => {
    const { h1, main } = await renderPage(path);
    const slug = path.split('/').at(-1);
    const hero = h1.closest('section') as HTMLElement;
    expect(within(hero).getByText('Coming Soon')).toBeInTheDocument();
    const source = hero.querySelector('picture > source');
    expect(source).toHaveAttribute('media', '(max-width: 767px)');
    expect(source).toHaveAttribute('srcset', `/images/products/${slug}/hero-mobile.svg`);
    expect(hero.querySelector('picture > img')).toHaveAttribute(
      'src',
      `/images/products/${slug}/hero-desktop.svg`,
    );
    expect(within(main).getByRole('heading', { level: 2, name: 'About App' })).toBeInTheDocument();
  });

  it.each(COMING_SOON)('$path shares one layout: hero, About App card, demo form', async ({ path }) => {
    const types = (await blocksOf(path)).map((b) => b.type);
    expect(types.slice(0, 3)).toEqual(['pageHero', 'aboutCard', 'demoForm']);
  });

  it.each(['/products/edufeemaster', '/products/foriegnlan'])(
    '%s ends with its own footer block above the shared footer',
    async (path) => {
      const types = (await blocksOf(path)).map((b) => b.type);
      expect(types.at(-1)).toBe('productFooter');
      const { h1, main } = await renderPage(path);
      const band = within(main).getByRole('region', { name: `Launching soon ${h1.textContent}` });
      // It is the last thing in <main>, right above the shared footer.
      expect(main.lastElementChild).toBe(band);
      expect(within(band).getByRole('link', { name: 'Register your interest' })).toHaveAttribute(
        'href',
        '#demo',
      );
    },
  );

  it('the other three have no product footer block', async () => {
    for (const path of ['/products/triunematrimony', '/products/triuneerp', '/products/summercamp']) {
      expect((await blocksOf(path)).map((b) => b.type)).not.toContain('productFooter');
    }
  });
});

describe('the products list', () => {
  it("lists the specification's six products in its order, the transport app first, each linking to its page", () => {
    const products = loadContent().collections.products;
    const spec = PRODUCTS.map((p) => p.path);
    // Products added later as one YAML file each may come anywhere after the transport app.
    const listed = products.filter((p) => spec.includes(p.link));
    expect(listed.map((p) => p.link)).toEqual(spec);
    expect(listed.map((p) => p.title)).toEqual(PRODUCTS.map((p) => p.h1));
    expect(products[0]?.link).toBe('/products/triunetransitshield');
    for (const p of listed) {
      const slug = p.link.split('/').at(-1);
      expect(p.image?.src).toBe(`/images/products/${slug}/card.svg`);
      expect(p.expandedImage?.src).toBe(`/images/products/${slug}/expanded.svg`);
    }
    // The home strip shows a card image, an expanded image and an icon for every product.
    for (const p of products) {
      expect(p.image?.src, p.link).toBeTruthy();
      expect(p.expandedImage?.src, p.link).toBeTruthy();
      expect(p.icon, p.link).toBeTruthy();
    }
  });
});
