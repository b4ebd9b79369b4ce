import { describe, expect, it } from 'vitest';
import { loadContent } from '../../tests/support/content.tsx';
import type { ListedPage } from '../content/model.ts';
import { activeSectionIndex, collectionEntries, mapsHref, resolveNavigation, telHref } from './navModel.ts';

const { site, collections } = loadContent();
const sections = resolveNavigation(site.navigation, collections);
const activeName = (path: string) => sections[activeSectionIndex(sections, path)]?.name;

describe('resolveNavigation', () => {
  it('expands collection submenus from the pages listed in them, in order', () => {
    const products = sections.find((s) => s.name === 'Products');
    expect(products?.items).toEqual(
      collections.products.map((p) => ({
        label: p.menuLabel,
        link: p.link,
        ...(p.icon && { icon: p.icon }),
      })),
    );
    expect(products?.items.length).toBeGreaterThan(0);
    expect(sections.find((s) => s.name === 'About')?.items).toEqual([]);
  });

  it('keeps a hand-written list submenu as written', () => {
    const [section] = resolveNavigation(
      [{ name: 'More', link: '/about', submenu: [{ label: 'Team', link: '/about', icon: 'users' }] }],
      collections,
    );
    expect(section?.items).toEqual([{ label: 'Team', link: '/about', icon: 'users' }]);
  });
});

describe('collection menus with a limit', () => {
  const page = (n: number): ListedPage => ({
    link: `/services/s${n}`,
    title: `Service ${n}`,
    menuLabel: `S${n}`,
    icon: 'cpu',
    order: n,
  });
  const pages = Array.from({ length: 5 }, (_, i) => page(i + 1));
  const limit = (count: number) => ({ count, label: 'All services', link: '/services/all' });

  it("keeps today's menus: 6 products, 13 services, 5 openings, each entry a page of its list", () => {
    const counts = Object.fromEntries(sections.map((s) => [s.name, s.items.length]));
    expect(counts).toEqual({ Home: 0, About: 0, Products: 6, Services: 13, Careers: 5, 'Contact Us': 0 });
    const listed = [...collections.products, ...collections.services, ...collections.jobs].map((p) => p.link);
    expect(sections.flatMap((s) => s.items.map((item) => item.link))).toEqual(listed);
  });

  it('lists the first `count` pages in order, then the entry to the page listing them all', () => {
    const items = collectionEntries({ collection: 'services', limit: limit(3) }, pages);
    expect(items.map((i) => i.label)).toEqual(['S1', 'S2', 'S3', 'All services']);
    expect(items.at(-1)).toEqual({ label: 'All services', link: '/services/all' });
    expect(items[0]).toEqual({ label: 'S1', link: '/services/s1', icon: 'cpu' });
  });

  it('gives the last entry its icon when site.yaml names one', () => {
    const items = collectionEntries(
      { collection: 'services', limit: { ...limit(1), icon: 'layout-grid' } },
      pages,
    );
    expect(items).toHaveLength(2);
    expect(items[1]).toEqual({ label: 'All services', link: '/services/all', icon: 'layout-grid' });
  });

  it('lists every page, without the last entry, when they fit (exactly or with room)', () => {
    const all = collectionEntries({ collection: 'services' }, pages);
    expect(all.map((i) => i.link)).toEqual(pages.map((p) => p.link));
    expect(collectionEntries({ collection: 'services', limit: limit(5) }, pages)).toEqual(all);
    expect(collectionEntries({ collection: 'services', limit: limit(50) }, pages)).toEqual(all);
  });

  it('shortens a site.yaml menu of 20 services to the limit plus "All services"', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => page(i + 1));
    const navigation = site.navigation.map((item) =>
      item.name === 'Services'
        ? { ...item, submenu: { collection: 'services' as const, limit: limit(13) } }
        : item,
    ) as typeof site.navigation;
    const services = resolveNavigation(navigation, { ...collections, services: twenty }).find(
      (s) => s.name === 'Services',
    );
    expect(services?.items).toHaveLength(14);
    expect(services?.items.slice(0, 13).map((i) => i.link)).toEqual(twenty.slice(0, 13).map((p) => p.link));
    expect(services?.items[13]).toEqual({ label: 'All services', link: '/services/all' });
  });
});

describe('activeSectionIndex', () => {
  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/about/', 'About'],
    ['/products', 'Products'],
    ['/products/edufeemaster', 'Products'],
    ['/services', 'Services'],
    ['/services/iot', 'Services'],
    ['/careers/app-developer', 'Careers'],
    ['/404', undefined],
    ['/servicesx', undefined],
  ])('%s -> %s', (path, name) => {
    expect(activeName(path)).toBe(name);
  });

  it('covers the pages a dropdown lists even outside the section prefix', () => {
    const custom = [{ name: 'Services', link: '/services/iot', items: [{ label: 'Camp', link: '/camp' }] }];
    expect(activeSectionIndex(custom, '/services/mobile-app')).toBe(0);
    expect(activeSectionIndex(custom, '/camp')).toBe(0);
  });
});

describe('contact links', () => {
  it('dials the phone without spaces and searches the address on the map', () => {
    expect(telHref('+91 80 4165 2290')).toBe('tel:+918041652290');
    expect(mapsHref({ ...site.contact, address: 'A & B, Road' })).toBe(
      `${site.contact.mapsSearchUrl}A%20%26%20B%2C%20Road`,
    );
  });
});
