// @vitest-environment node
/**
 * What each page carries (src/content/pageData.ts): its own content and only the entries of the
 * shared lists, and the pictures, that its menus and blocks show. The proof that nothing is missing
 * is the page itself: every address of the site, drawn from its data alone, is the same HTML as
 * drawn from the whole site, with today's menus and with a shortened one.
 */
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { readImageSizes } from '../../node/imageSizes.ts';
import { NOT_FOUND_PATH, type SiteConfig } from '../../src/content/model.ts';
import {
  type ContentSlice,
  mergeSlice,
  pageDataUrl,
  pageSliceFor,
  siteDataFor,
  type WholeSite,
} from '../../src/content/pageData.ts';
import { App } from '../../src/renderer/App.tsx';
import { contentFromData } from '../../src/renderer/browserContent.ts';
import { ContentProvider, type SiteContent } from '../../src/renderer/ContentContext.tsx';
import { REPO_ROOT } from '../support/content.tsx';

function wholeSite(root = REPO_ROOT): WholeSite {
  const reading = readFolder(root);
  if (!reading.model) throw new Error('The site has errors');
  return {
    ...reading.model,
    imageSizes: readImageSizes(path.join(root, 'public'), reading.images),
    imageVariants: {},
  };
}

/** The site with the services menu shortened to its first `count` pages and an "All services" entry. */
function withServicesMenuLimit(whole: WholeSite, count: number): WholeSite {
  const navigation = whole.site.navigation.map((item) =>
    item.submenu && !Array.isArray(item.submenu) && item.submenu.collection === 'services'
      ? {
          ...item,
          submenu: { ...item.submenu, limit: { count, label: 'All services', link: '/services/all' } },
        }
      : item,
  );
  return { ...whole, site: { ...whole.site, navigation } as SiteConfig };
}

/** The whole site as tests render it: every page and address known. */
function everything(whole: WholeSite): SiteContent {
  return contentFromData({
    site: whole.site,
    routes: [...whole.routes],
    pages: Object.fromEntries(whole.pages.map((p) => [p.file, p.page])),
    collections: whole.collections,
    imageSizes: whole.imageSizes,
    imageVariants: whole.imageVariants,
  });
}

function html(content: SiteContent, address: string): string {
  return renderToString(
    <ContentProvider value={content}>
      <StaticRouter location={address}>
        <App />
      </StaticRouter>
    </ContentProvider>,
  );
}

const whole = wholeSite();
const addresses = [...whole.routes.map((r) => r.path), NOT_FOUND_PATH];

describe("a page's data", () => {
  for (const [name, site] of [
    ["today's menus", whole],
    ['a services menu of 3 and "All services"', withServicesMenuLimit(whole, 3)],
  ] as const) {
    it(`draws every address exactly as the whole site does (${name})`, () => {
      const all = everything(site);
      for (const address of addresses) {
        const own = contentFromData(siteDataFor(site, address));
        expect(html(own, address), address).toBe(html(all, address));
      }
    });
  }

  it("holds the page's own content and addresses, and no other page's", () => {
    const about = siteDataFor(whole, '/about');
    expect(Object.keys(about.pages)).toEqual(['pages/about.yaml']);
    expect(about.routes.map((r) => r.path)).toEqual(['/about']);
    const services = whole.routes.filter(
      (r) => r.file === whole.routes.find((x) => x.path === '/services')?.file,
    );
    expect(siteDataFor(whole, '/services').routes).toEqual(services);
  });

  it('carries only the first entries a shortened menu shows, and one more to tell there are more', () => {
    const limited = withServicesMenuLimit(whole, 3);
    const about = siteDataFor(limited, '/about');
    expect(about.collections.services).toEqual(whole.collections.services.slice(0, 4));
  });

  it('carries the sizes of the pictures it shows and of no others', () => {
    const about = siteDataFor(whole, '/about');
    const text = JSON.stringify({ site: about.site, pages: about.pages, collections: about.collections });
    for (const picture of Object.keys(about.imageSizes)) expect(text).toContain(JSON.stringify(picture));
    const unshown = Object.keys(whole.imageSizes).filter((p) => !text.includes(JSON.stringify(p)));
    expect(unshown.length).toBeGreaterThan(0);
    for (const picture of unshown) expect(about.imageSizes).not.toHaveProperty(picture);
  });
});

describe('the data client-side navigation fetches', () => {
  it('is the page without the site settings, at one file per address', () => {
    const slice = pageSliceFor(whole, '/services/iot');
    expect(slice).toBeDefined();
    expect(slice).not.toHaveProperty('site');
    expect(Object.keys(slice?.pages ?? {})).toEqual(['pages/services/iot.yaml']);
    expect(pageSliceFor(whole, '/no-such-page')).toBeUndefined();
    expect(pageDataUrl('/')).toBe('/page-data/page-data.json');
    expect(pageDataUrl('/services/iot')).toBe('/page-data/services/iot/page-data.json');
  });

  it('adds to what the browser holds: new addresses once, the longer list, every picture', () => {
    const held: ContentSlice = siteDataFor(withServicesMenuLimit(whole, 3), '/about');
    const home = pageSliceFor(whole, '/') as ContentSlice;
    mergeSlice(held, home);
    mergeSlice(held, home);
    expect(held.routes.filter((r) => r.path === '/')).toHaveLength(1);
    expect(Object.keys(held.pages).sort()).toEqual(['pages/about.yaml', 'pages/index.yaml']);
    expect(held.collections.services.length).toBe(Math.max(4, home.collections.services.length));
    for (const picture of Object.keys(home.imageSizes)) expect(held.imageSizes).toHaveProperty(picture);
  });
});
