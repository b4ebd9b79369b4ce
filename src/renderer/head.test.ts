/**
 * The sharing tags of a page's head: its own card by default (absolute, with size and alt), the
 * picture its YAML names otherwise; after a client-side navigation the document's tags follow.
 */
import { describe, expect, it } from 'vitest';
import type { Page, RouteEntry, SiteConfig } from '../content/model.ts';
import { applyHead, headFor, socialCardPath } from './head.ts';

const site = {
  url: 'https://www.example.in',
  titleTemplate: '{title} | {company}',
  company: { name: 'Example Co' },
} as SiteConfig;
const page = (path: string, extra: Partial<Page> = {}) =>
  ({ path, title: `Title of ${path}`, description: 'About it.', blocks: [], ...extra }) as Page;
const route = (path: string): RouteEntry => ({ path, canonicalPath: path, file: 'x', noindex: false });
const metaOf = (path: string, extra?: Partial<Page>, sizes?: Record<string, [number, number]>) =>
  Object.fromEntries(
    headFor(route(path), page(path, extra), site, sizes).tags.map((t) => [
      t.attrs.property ?? t.attrs.name ?? t.attrs.rel,
      t.attrs.content ?? t.attrs.href,
    ]),
  );

describe('sharing tags', () => {
  it("point at the page's own card, absolute, with its size and a text", () => {
    expect(metaOf('/careers/app-developer')).toMatchObject({
      'og:image': 'https://www.example.in/cards/careers/app-developer.jpg',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Title of /careers/app-developer: Example Co',
      'twitter:image': 'https://www.example.in/cards/careers/app-developer.jpg',
    });
    expect(socialCardPath('/')).toBe('/cards/index.jpg');
    expect(metaOf('/careers/graphic-designer')['og:image']).not.toBe(
      metaOf('/careers/app-developer')['og:image'],
    );
  });

  it('use the picture a page names in its YAML, with its size when the build knows it', () => {
    const own = { image: '/images/team.jpg' };
    expect(metaOf('/about', own, { '/images/team.jpg': [1600, 900] })).toMatchObject({
      'og:image': 'https://www.example.in/images/team.jpg',
      'og:image:width': '1600',
      'og:image:height': '900',
      'twitter:image': 'https://www.example.in/images/team.jpg',
    });
    expect(metaOf('/about', own)['og:image:width']).toBeUndefined();
  });

  it('follow a client-side navigation, dropping a size that no longer applies', () => {
    applyHead(headFor(route('/a'), page('/a'), site));
    expect(document.head.querySelector('meta[property="og:image:width"]')?.getAttribute('content')).toBe(
      '1200',
    );
    applyHead(headFor(route('/b'), page('/b', { image: '/images/b.jpg' }), site));
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://www.example.in/images/b.jpg',
    );
    expect(document.head.querySelector('meta[property="og:image:width"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:image:height"]')).toBeNull();
  });
});
