/**
 * Pure helpers of the frame: the menu resolved from site.yaml (collection submenus expanded from the
 * pages' `listing:`), the active section of an address, and the contact links derived from site.yaml.
 */
import {
  type Collections,
  firstOf,
  type IconName,
  type ListedPage,
  type NavSubmenuCollection,
  type SiteConfig,
} from '../content/model.ts';

export interface NavEntry {
  label: string;
  link: string;
  icon?: IconName;
}

export interface NavSection {
  name: string;
  link: string;
  /** The dropdown's entries; empty for a plain link (Home, About, Contact Us). */
  items: NavEntry[];
}

export function resolveNavigation(
  navigation: SiteConfig['navigation'],
  collections: Collections,
): NavSection[] {
  return navigation.map((item) => {
    const submenu = item.submenu;
    let items: NavEntry[] = [];
    if (Array.isArray(submenu)) items = submenu.map(({ label, link, icon }) => ({ label, link, icon }));
    else if (submenu) items = collectionEntries(submenu, collections[submenu.collection]);
    return { name: item.name, link: item.link, items };
  });
}

/**
 * A collection's dropdown: every page in listing order, or, when site.yaml gives a `limit` the list
 * is longer than, its first `count` pages and then one entry to the page listing them all (a menu
 * of hundreds of services would otherwise be carried by every page). No limit, or a list that fits,
 * gives today's menu unchanged.
 */
export function collectionEntries(submenu: NavSubmenuCollection, pages: readonly ListedPage[]): NavEntry[] {
  const { limit } = submenu;
  const shown = firstOf(pages, limit?.count);
  const entries: NavEntry[] = shown.map((p) => ({
    label: p.menuLabel,
    link: p.link,
    ...(p.icon !== undefined && { icon: p.icon }),
  }));
  if (limit && shown.length < pages.length)
    entries.push({
      label: limit.label,
      link: limit.link,
      ...(limit.icon !== undefined && { icon: limit.icon }),
    });
  return entries;
}

/** "/services/iot/" -> "/services/iot"; "/" stays "/". */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * Whether an address belongs to a section: Home only for exactly "/"; any other site link covers its
 * first path segment and everything under it (so "/products/edufeemaster" is in Products whose link is
 * "/products", and aliases such as "/services" count too), plus any page its dropdown lists.
 * Anchors (Contact Us) are never the active section.
 */
export function isInSection(section: NavSection, pathname: string): boolean {
  const path = normalisePath(pathname);
  if (!section.link.startsWith('/')) return false;
  if (section.link === '/') return path === '/';
  const prefix = `/${section.link.split('/')[1]}`;
  return path === prefix || path.startsWith(`${prefix}/`) || section.items.some((item) => item.link === path);
}

export function activeSectionIndex(sections: readonly NavSection[], pathname: string): number {
  return sections.findIndex((section) => isInSection(section, pathname));
}

/** The dial link of a phone number as shown: "+91 80 4165 2290" -> "tel:+918041652290". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s()-]/g, '')}`;
}

export function mapsHref(contact: SiteConfig['contact']): string {
  return contact.mapsSearchUrl + encodeURIComponent(contact.address);
}
