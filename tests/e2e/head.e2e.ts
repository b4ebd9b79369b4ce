/**
 * What search engines and social networks read, on every pre-rendered page as the server sends it
 * (read with JavaScript off): one <title> equal to the page's YAML title, its description, an
 * absolute canonical address (an alias's pointing at its main page), Open Graph and Twitter card
 * tags, `lang`, one h1 and heading levels that never skip, valid JSON-LD (Organization on home,
 * JobPosting on career pages), the main picture preloaded once (nothing else), and the 404 page
 * kept out of search engines. sitemap.xml lists exactly the indexable pages.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveRoutes, fullTitle, jobTitleOf, NOT_FOUND_PATH } from '../../src/content/model.ts';
import { baseUrl, launchBrowser, siteContent } from './support/site.ts';

interface HeadFacts {
  lang: string;
  titles: string[];
  meta: Record<string, string[]>;
  canonical: string[];
  robots: string[];
  h1: number;
  levels: number[];
  jsonLd: string[];
  imagePreloads: { href: string; srcset: string; media: string; priority: string; inBody: boolean }[];
  fontPreloads: number;
  priorityImages: { src: string; mobile: string }[];
}

function readHead(): HeadFacts {
  const meta: Record<string, string[]> = {};
  for (const el of Array.from(document.head.querySelectorAll('meta[name], meta[property]'))) {
    const key = el.getAttribute('name') ?? el.getAttribute('property') ?? '';
    meta[key] = [...(meta[key] ?? []), el.getAttribute('content') ?? ''];
  }
  const headings = Array.from(document.body.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  return {
    lang: document.documentElement.lang,
    titles: Array.from(document.querySelectorAll('title')).map((t) => t.textContent ?? ''),
    meta,
    canonical: Array.from(document.querySelectorAll('link[rel="canonical"]')).map(
      (l) => l.getAttribute('href') ?? '',
    ),
    robots: meta.robots ?? [],
    h1: document.querySelectorAll('h1').length,
    levels: headings.map((h) => Number(h.tagName.slice(1))),
    jsonLd: Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
      (s) => s.textContent ?? '',
    ),
    imagePreloads: Array.from(document.querySelectorAll('link[rel="preload"][as="image"]')).map((l) => ({
      href: l.getAttribute('href') ?? '',
      srcset: l.getAttribute('imagesrcset') ?? '',
      media: l.getAttribute('media') ?? '',
      priority: l.getAttribute('fetchpriority') ?? '',
      inBody: document.body.contains(l),
    })),
    fontPreloads: document.head.querySelectorAll('link[rel="preload"][as="font"][crossorigin]').length,
    priorityImages: Array.from(document.querySelectorAll('img[fetchpriority="high"]')).map((img) => ({
      src: img.getAttribute('src') ?? '',
      mobile: img.parentElement?.querySelector('source[media]')?.getAttribute('srcset') ?? '',
    })),
  };
}

/** Heading levels in document order that go down by more than one (h2 then h4). */
function skippedLevels(levels: number[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < levels.length; i++) {
    const [prev = 0, next = 0] = [levels[i - 1], levels[i]];
    if (next > prev + 1) out.push(`h${prev} then h${next} (heading ${i + 1})`);
  }
  return out;
}

type Json = { [key: string]: unknown };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  // The HTML as crawlers and social networks read it: no script runs, nothing else is fetched.
  context = await browser.newContext({ javaScriptEnabled: false });
  page = await context.newPage();
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'document' ? route.continue() : route.abort(),
  );
});
afterAll(async () => {
  await browser?.close();
});

async function headOf(path: string): Promise<{ status: number | undefined; head: HeadFacts }> {
  const response = await page.goto(baseUrl() + path);
  return { status: response?.status(), head: await page.evaluate(readHead) };
}

const { site, pages } = siteContent();
const pageOf = new Map(pages.map((p) => [p.file, p.page]));
const routes = deriveRoutes(pages).filter((r) => r.path !== NOT_FOUND_PATH);
const aliases = routes.filter((r) => r.path !== r.canonicalPath);
const absoluteUrl = (path: string) => `${site.url}${path === '/' ? '/' : path}`;

describe('head tags of every page', () => {
  it('has the three aliases of the specification among its routes', () => {
    expect(aliases.map((a) => `${a.path} -> ${a.canonicalPath}`).sort()).toEqual([
      '/careers -> /careers/customer-support',
      '/products -> /products/triunetransitshield',
      '/services -> /services/school-management',
    ]);
  });

  for (const route of routes) {
    it(route.path, async () => {
      const yaml = pageOf.get(route.file);
      if (!yaml) throw new Error(`No page file ${route.file}`);
      const { status, head } = await headOf(route.path);
      expect(status).toBe(200);
      expect(head.lang, 'lang').toMatch(/^en\b/);
      // The page's own title in site.yaml's template ("… | Triune Technologies"); sharing cards
      // carry the page's own title, next to og:site_name.
      expect(head.titles, '<title>').toEqual([fullTitle(yaml, site)]);
      expect(head.titles[0]).toContain(site.company.name);
      expect(head.meta.description, 'meta description').toEqual([yaml.description]);

      const canonical = absoluteUrl(route.canonicalPath);
      expect(head.canonical, 'canonical (an alias points at its main address)').toEqual([canonical]);
      expect(canonical).toMatch(/^https:\/\//);
      expect(head.robots, 'no noindex').toEqual([]);
      expect(head.meta['og:title']).toEqual([yaml.title]);
      expect(head.meta['og:description']).toEqual([yaml.description]);
      expect(head.meta['og:url']).toEqual([canonical]);
      expect(head.meta['og:image']?.[0], 'og:image, absolute').toMatch(/^https:\/\/\S+\.(jpe?g|png|webp)$/);
      expect(head.meta['twitter:card']).toEqual(['summary_large_image']);

      expect(head.h1, 'exactly one h1').toBe(1);
      expect(head.levels[0], 'the first heading is the h1').toBe(1);
      expect(skippedLevels(head.levels), 'heading levels never skip').toEqual([]);

      const data = head.jsonLd.map((text) => JSON.parse(text) as Json);
      const types = data.map((d) => d['@type']);
      if (route.path === '/') {
        const org = data.find((d) => d['@type'] === 'Organization');
        expect(org, 'Organization on the home page').toBeDefined();
        expect(org?.name).toBe(site.company.name);
        expect(org?.logo).toBe(absoluteUrl(site.company.logo));
        const contact = (org?.contactPoint as Json[] | undefined)?.[0];
        expect(contact?.['@type']).toBe('ContactPoint');
        expect(contact?.telephone).toBe(site.contact.phone);
        expect(org?.sameAs).toEqual(Object.values(site.social));
        expect(((org?.sameAs ?? []) as string[]).every((u) => /^https:\/\//.test(u))).toBe(true);
      } else {
        expect(types, 'Organization only on the home page').not.toContain('Organization');
      }
      const job = jobTitleOf(yaml);
      if (job) {
        const posting = data.find((d) => d['@type'] === 'JobPosting');
        expect(posting, 'JobPosting on a career page').toBeDefined();
        expect(posting?.title).toBe(job);
        expect((posting?.hiringOrganization as Json | undefined)?.name).toBe(site.company.name);
        expect(posting?.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(String(posting?.description ?? '')).not.toBe('');
        expect(posting?.url).toBe(canonical);
      } else {
        expect(types, 'JobPosting only on career pages').not.toContain('JobPosting');
      }

      // The main picture, preloaded once per screen it is drawn for, at high priority; nothing else.
      expect(
        head.imagePreloads.filter((p) => p.inBody),
        'image preloads inside the page',
      ).toEqual([]);
      const main = head.priorityImages[0];
      expect(main, 'a main picture').toBeDefined();
      const preloaded = head.imagePreloads.map((p) => p.href || p.srcset);
      expect(new Set(preloaded).size, 'each picture preloaded once').toBe(preloaded.length);
      expect(new Set(head.imagePreloads.map((p) => p.media)).size, 'one preload per screen').toBe(
        head.imagePreloads.length,
      );
      expect(preloaded.sort()).toEqual([main?.src, main?.mobile].filter(Boolean).sort());
      expect(head.imagePreloads.every((p) => p.priority === 'high')).toBe(true);
      expect(
        preloaded.filter((href) => /\/images\/brand\/logo/.test(href)),
        'logos',
      ).toEqual([]);
      expect(head.fontPreloads, 'the body font preloaded').toBe(1);
    });
  }

  it('the 404 page: noindex, no canonical, its own title, one h1', async () => {
    const notFound = pages.find((p) => p.page.path === NOT_FOUND_PATH)?.page;
    const { status, head } = await headOf('/no-such-page/for-the-head-test');
    expect(status).toBe(404);
    expect(head.titles).toEqual([notFound && fullTitle(notFound, site)]);
    expect(head.robots).toEqual(['noindex']);
    expect(head.canonical).toEqual([]);
    expect(head.h1).toBe(1);
    expect(skippedLevels(head.levels)).toEqual([]);
    expect(head.jsonLd).toEqual([]);
  });

  it('sitemap.xml lists each indexable page once, by its main address: no alias, 404 or staff inbox', async () => {
    const xml = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const indexable = deriveRoutes(pages).filter((r) => !r.noindex && r.path === r.canonicalPath);
    expect([...locs].sort()).toEqual(indexable.map((r) => absoluteUrl(r.path)).sort());
    for (const path of [...aliases.map((a) => a.path), NOT_FOUND_PATH, '/admin'])
      expect(locs, path).not.toContain(absoluteUrl(path));
  });
});
