import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksOf, loadContent, renderRoute, renderWithContent } from '../../tests/support/content.tsx';
import { preloadBlocks } from '../renderer/BlockRenderer.tsx';
import type { SiteContent } from '../renderer/ContentContext.tsx';
import { IDLE_TIMEOUT_MS } from '../ui/idle.ts';
import { Frame } from './Frame.tsx';
import { NavBar } from './NavBar.tsx';
import { scrollWindowTo, stubMatchMedia } from './testing.ts';

const content = loadContent();
const { site, collections } = content;

function header() {
  return screen.getByRole('banner');
}
function desktopNav() {
  return within(header()).getAllByRole('navigation', { name: site.frame.mainMenuLabel })[0] as HTMLElement;
}
function hamburger() {
  return within(header()).getByRole('button', { name: site.frame.menuButtonLabel });
}
function sheet() {
  const id = hamburger().getAttribute('aria-controls');
  const el = id && document.getElementById(id);
  if (!el) throw new Error('no mobile sheet');
  return el;
}

/** A copy of the real content whose Services menu is a long hand-written list (a mega menu). */
function contentWithListMenu(): SiteContent {
  const navigation = site.navigation.map((item) =>
    item.name === 'Services'
      ? {
          ...item,
          submenu: Array.from({ length: 13 }, (_, i) => ({
            label: `Service ${i + 1}`,
            link: `/services/s${i + 1}`,
            icon: 'cpu' as const,
          })),
        }
      : item,
  ) as typeof site.navigation;
  return { ...content, site: { ...site, navigation } };
}

let scrollTo: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  stubMatchMedia(false);
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  scrollWindowTo(0);
});

afterEach(() => {
  vi.useRealTimers();
  scrollTo.mockRestore();
});

describe('background', () => {
  it('on the home page is transparent above the threshold and dark translucent from it, both ways', () => {
    expect(site.frame.navSolidAfterPx).toBe(100);
    renderWithContent(<NavBar />, { path: '/' });
    expect(header()).toHaveAttribute('data-theme', 'transparent');
    scrollWindowTo(99);
    expect(header()).toHaveAttribute('data-theme', 'transparent');
    scrollWindowTo(100);
    expect(header()).toHaveAttribute('data-theme', 'dark');
    scrollWindowTo(99);
    expect(header()).toHaveAttribute('data-theme', 'transparent');
  });

  it('on any other page is light from the start and stays light', () => {
    renderWithContent(<NavBar />, { path: '/about' });
    expect(header()).toHaveAttribute('data-theme', 'light');
    scrollWindowTo(99);
    expect(header()).toHaveAttribute('data-theme', 'light');
    scrollWindowTo(100);
    expect(header()).toHaveAttribute('data-theme', 'light');
  });

  it('shows the company logo as the home link', () => {
    renderWithContent(<NavBar />, { path: '/about' });
    const home = within(header()).getByRole('link', { name: site.company.name });
    expect(home).toHaveAttribute('href', '/');
    const sources = Array.from(home.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual([site.company.logo, site.company.logoInverse]);
  });

  it.each([
    ['/about', 'the light header', site.company.logo],
    ['/', 'the home page’s dark header', site.company.logoInverse],
  ])('on %s loads only the logo %s shows, and the other once the browser is idle', (path, _theme, shown) => {
    vi.useFakeTimers();
    try {
      renderWithContent(<NavBar />, { path });
      const home = within(header()).getByRole('link', { name: site.company.name });
      const loading = () =>
        Object.fromEntries(
          Array.from(home.querySelectorAll('img')).map((img) => [
            img.getAttribute('src'),
            img.getAttribute('loading'),
          ]),
        );
      const hidden = shown === site.company.logo ? site.company.logoInverse : site.company.logo;
      expect(loading()).toEqual({ [shown]: 'eager', [hidden]: 'lazy' });
      act(() => {
        vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
      });
      expect(loading()).toEqual({ [shown]: 'eager', [hidden]: 'eager' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('desktop dropdowns', () => {
  it('lists the sections of site.yaml in order, with Contact Us scrolling to the footer', () => {
    renderWithContent(<NavBar />, { path: '/about' });
    const names = within(desktopNav())
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.parentElement === desktopNav())
      .map((li) => (li.firstElementChild as HTMLElement).textContent);
    expect(names).toEqual(['Home', 'About', 'Products', 'Services', 'Careers', 'Contact Us']);
    expect(within(desktopNav()).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '#contactus',
    );
  });

  it('open on hover with every entry of the collection, and close after the pointer leaves', () => {
    vi.useFakeTimers();
    renderWithContent(<NavBar />, { path: '/about' });
    const button = within(desktopNav()).getByRole('button', { name: 'Products' });
    expect(button).toHaveAttribute('aria-haspopup', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel).not.toBeVisible();

    fireEvent.pointerEnter(button.parentElement as HTMLElement);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const entries = within(panel).getAllByRole('link');
    expect(entries.map((a) => a.textContent)).toEqual(collections.products.map((p) => p.menuLabel));
    expect(entries.map((a) => a.getAttribute('href'))).toEqual(collections.products.map((p) => p.link));
    // Each entry shows its icon.
    for (const [i, entry] of entries.entries())
      if (collections.products[i]?.icon) expect(entry.querySelector('svg')).not.toBeNull();

    // Moving to another section switches the dropdown.
    const services = within(desktopNav()).getByRole('button', { name: 'Services' });
    fireEvent.pointerLeave(button.parentElement as HTMLElement);
    fireEvent.pointerEnter(services.parentElement as HTMLElement);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    fireEvent.pointerLeave(services.parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(100));
    expect(services).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(100));
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });

  it('ignore touch "hover": a tap toggles through the click', async () => {
    renderWithContent(<NavBar />, { path: '/about' });
    const button = within(desktopNav()).getByRole('button', { name: 'Careers' });
    fireEvent.pointerEnter(button.parentElement as HTMLElement, { pointerType: 'touch' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('work from the keyboard: Tab, Enter/Space, ArrowDown, arrows between entries, Escape', async () => {
    const user = userEvent.setup();
    renderWithContent(<NavBar />, { path: '/about' });
    const nav = desktopNav();
    const products = within(nav).getByRole('button', { name: 'Products' });

    await user.tab(); // logo
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(products).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(products).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(products).toHaveFocus();

    await user.keyboard(' ');
    expect(products).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(products).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(products).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(products.getAttribute('aria-controls') ?? '') as HTMLElement;
    const entries = within(panel).getAllByRole('link');
    expect(entries[0]).toHaveFocus();
    if (entries.length > 1) {
      await user.keyboard('{ArrowDown}');
      expect(entries[1]).toHaveFocus();
      await user.keyboard('{ArrowUp}');
      expect(entries[0]).toHaveFocus();
    }
    // Tab reaches every entry.
    for (const entry of entries.slice(1)) {
      await user.tab();
      expect(entry).toHaveFocus();
    }
    await user.keyboard('{Escape}');
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(products).toHaveFocus();

    // Tabbing out of an open dropdown closes it.
    await user.keyboard('{Enter}');
    expect(products).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i <= entries.length; i++) await user.tab();
    expect(within(nav).getByRole('button', { name: 'Services' })).toHaveFocus();
    expect(products).toHaveAttribute('aria-expanded', 'false');
  });

  it('show a long list as a two-column mega menu with each entry and its icon', () => {
    renderWithContent(<NavBar />, { path: '/about', content: contentWithListMenu() });
    const button = within(desktopNav()).getByRole('button', { name: 'Services' });
    fireEvent.pointerEnter(button.parentElement as HTMLElement);
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const entries = within(panel).getAllByRole('link');
    expect(entries).toHaveLength(13);
    expect(entries[12]).toHaveAttribute('href', '/services/s13');
    expect(entries[12]).toHaveTextContent('Service 13');
    expect(entries[12]?.querySelector('svg')).not.toBeNull();
    expect(panel.className).toMatch(/dropdownWide/);
  });
});

describe('mobile menu', () => {
  it('opens from the hamburger and keeps only one section open at a time', async () => {
    const user = userEvent.setup();
    renderWithContent(<NavBar />, { path: '/about' });
    expect(hamburger()).toHaveAttribute('aria-expanded', 'false');
    expect(sheet()).not.toBeVisible();

    await user.click(hamburger());
    expect(hamburger()).toHaveAttribute('aria-expanded', 'true');
    expect(sheet()).toBeVisible();

    const section = (name: string) => within(sheet()).getByRole('button', { name });
    const panelOf = (name: string) =>
      document.getElementById(section(name).getAttribute('aria-controls') ?? '') as HTMLElement;
    for (const name of ['Products', 'Services', 'Careers'])
      expect(section(name)).toHaveAttribute('aria-expanded', 'false');

    await user.click(section('Products'));
    expect(section('Products')).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf('Products')).toBeVisible();

    await user.click(section('Services'));
    expect(section('Services')).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf('Services')).toBeVisible();
    expect(section('Products')).toHaveAttribute('aria-expanded', 'false');
    expect(panelOf('Products')).not.toBeVisible();
    expect(within(panelOf('Services')).getAllByRole('link')).toHaveLength(collections.services.length);

    await user.click(section('Services'));
    expect(section('Services')).toHaveAttribute('aria-expanded', 'false');
    expect(panelOf('Services')).not.toBeVisible();

    await user.keyboard('{Escape}');
    expect(hamburger()).toHaveAttribute('aria-expanded', 'false');
    expect(hamburger()).toHaveFocus();
  });

  it('opens with the current section unfolded', async () => {
    renderWithContent(<NavBar />, { path: '/services/iot' });
    await userEvent.click(hamburger());
    expect(within(sheet()).getByRole('button', { name: 'Services' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(sheet()).getByRole('link', { current: 'page' })).toHaveAttribute('href', '/services/iot');
  });

  it('closes when an entry is chosen', async () => {
    const user = userEvent.setup();
    renderWithContent(<NavBar />, { path: '/about' });
    await user.click(hamburger());
    await user.click(within(sheet()).getByRole('link', { name: 'Contact Us' }));
    expect(hamburger()).toHaveAttribute('aria-expanded', 'false');
    expect(sheet()).not.toBeVisible();
  });
});

describe('active section', () => {
  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/services/iot', 'Services'],
    ['/services', 'Services'],
    ['/products/edufeemaster', 'Products'],
    ['/careers/customer-support', 'Careers'],
  ])('%s highlights %s (and nothing else)', (path, name) => {
    renderWithContent(<NavBar />, { path });
    const current = Array.from(desktopNav().querySelectorAll(':scope > ul > li > [aria-current]'));
    expect(current.map((el) => el.textContent)).toEqual([name]);
  });

  it('marks the page itself in its dropdown', () => {
    renderWithContent(<NavBar />, { path: '/services/iot' });
    const services = within(desktopNav()).getByRole('button', { name: 'Services' });
    expect(services).toHaveAttribute('aria-current', 'true');
    fireEvent.pointerEnter(services.parentElement as HTMLElement);
    const panel = document.getElementById(services.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByRole('link', { current: 'page' })).toHaveAttribute('href', '/services/iot');
  });
});

describe('choosing an item', () => {
  // The blocks' code loads lazily; load it up front so that navigating is not slowed by transforms.
  beforeAll(async () => {
    for (const path of ['/about', '/services/iot']) await preloadBlocks(await blocksOf(path));
  }, 60000);

  /** Renders the whole app at a path and waits for the page's blocks (their code loads lazily). */
  async function renderApp(path: string) {
    await act(async () => {
      renderRoute(path);
    });
    await screen.findByRole('heading', { level: 1 }, { timeout: 15000 });
  }
  /** Clicks inside an awaited act, so a page that suspends while loading settles in the test. */
  async function clickAndSettle(user: ReturnType<typeof userEvent.setup>, element: HTMLElement) {
    await act(async () => {
      await user.click(element);
    });
  }
  const shownPage = () => document.querySelector('main')?.getAttribute('data-page');

  it('leaves the scroll position alone when the loaded page hydrates (a visitor may have scrolled)', async () => {
    scrollWindowTo(700);
    scrollTo.mockClear();
    await renderApp('/services/iot');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('opened at an #anchor, still opens the next page at its top', async () => {
    const user = userEvent.setup();
    await renderApp('/services/iot#contactus');
    scrollWindowTo(700);
    scrollTo.mockClear();
    await clickAndSettle(user, within(desktopNav()).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(shownPage()).toBe('/about'), { timeout: 15000 });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('navigates and scrolls to the top; the current page scrolls back to its top too', async () => {
    const user = userEvent.setup();
    await renderApp('/services/iot');
    scrollWindowTo(700);
    scrollTo.mockClear();

    await clickAndSettle(user, within(desktopNav()).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(shownPage()).toBe('/about'), { timeout: 15000 });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(within(desktopNav()).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');

    scrollTo.mockClear();
    await user.click(within(desktopNav()).getByRole('link', { name: 'About' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('from a dropdown closes it and opens the page at its top', async () => {
    const user = userEvent.setup();
    await renderApp('/about');
    const services = within(desktopNav()).getByRole('button', { name: 'Services' });
    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    scrollTo.mockClear();
    const target = collections.services.find((s) => s.link === '/services/iot') ?? collections.services[0];
    if (!target) throw new Error('no service pages');
    const panel = document.getElementById(services.getAttribute('aria-controls') ?? '') as HTMLElement;
    await clickAndSettle(user, within(panel).getByRole('link', { name: target.menuLabel }));
    await waitFor(() => expect(shownPage()).toBe(target.link), { timeout: 15000 });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(services).toHaveAttribute('aria-expanded', 'false');
    expect(services).toHaveAttribute('aria-current', 'true');
  });

  it('from the mobile menu closes it and opens the page at its top', async () => {
    const user = userEvent.setup();
    await renderApp('/services/iot');
    await user.click(hamburger());
    scrollTo.mockClear();
    await clickAndSettle(user, within(sheet()).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(shownPage()).toBe('/about'), { timeout: 15000 });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(hamburger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Contact Us scrolls to the footer leaving 100px for the header, on any page', async () => {
    const user = userEvent.setup();
    renderWithContent(
      <Frame>
        <main />
      </Frame>,
      { path: '/services/iot' },
    );
    scrollWindowTo(1000);
    scrollTo.mockClear();
    // jsdom lays nothing out: the footer's top is 0 in the viewport, i.e. at the current scroll position.
    await user.click(within(desktopNav()).getByRole('link', { name: 'Contact Us' }));
    expect(scrollTo).toHaveBeenCalledWith(
      expect.objectContaining({ top: 1000 - site.frame.contactScrollOffsetPx }),
    );
    expect(site.frame.contactScrollOffsetPx).toBe(100);
  });
});
