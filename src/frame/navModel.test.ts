import { describe, expect, it } from 'vitest';
import { loadContent } from '../../tests/support/content.tsx';
import { activeSectionIndex, mapsHref, resolveNavigation, telHref } from './navModel.ts';

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
