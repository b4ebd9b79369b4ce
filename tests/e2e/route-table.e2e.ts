/**
 * The specification's route table, asserted on its own: the content defines each of its 29
 * addresses (so the route visits cover them), and the server answers each with its pre-rendered page.
 */
import { describe, expect, it } from 'vitest';
import { deriveRoutes } from '../../src/content/model.ts';
import { baseUrl, SPEC_ROUTES, siteContent } from './support/site.ts';

describe('the route table of the specification', () => {
  it('lists 29 addresses, every one defined by the content', () => {
    expect(SPEC_ROUTES).toHaveLength(29);
    expect(new Set(SPEC_ROUTES).size).toBe(29);
    const defined = new Set(deriveRoutes(siteContent().pages).map((r) => r.path));
    expect(SPEC_ROUTES.filter((p) => !defined.has(p))).toEqual([]);
  });

  it('answers each address with 200 and an HTML page holding one h1', async () => {
    const wrong: string[] = [];
    for (const route of SPEC_ROUTES) {
      const response = await fetch(baseUrl() + route, { redirect: 'manual' });
      const html = await response.text();
      const h1s = html.match(/<h1[\s>]/g)?.length ?? 0;
      if (
        response.status !== 200 ||
        !response.headers.get('content-type')?.startsWith('text/html') ||
        h1s !== 1
      )
        wrong.push(`${route}: ${response.status} ${response.headers.get('content-type')}, ${h1s} h1`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the aliases with the same page as their canonical address', async () => {
    const pairs = [
      ['/products', '/products/triunetransitshield'],
      ['/services', '/services/school-management'],
      ['/careers', '/careers/customer-support'],
    ] as const;
    for (const [alias, canonical] of pairs) {
      const title = async (p: string) =>
        /<title>([^<]*)<\/title>/.exec(await (await fetch(baseUrl() + p)).text())?.[1];
      expect(await title(alias), alias).toBe(await title(canonical));
    }
  });

  it('lists every page once in sitemap.xml, without aliases, the 404 page or the staff inbox', async () => {
    const { site } = siteContent();
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const aliases = ['/products', '/services', '/careers'];
    const expected = SPEC_ROUTES.filter((p) => !aliases.includes(p)).map(
      (p) => site.url + (p === '/' ? '/' : p),
    );
    // The specification's pages, plus the privacy notice.
    expect([...locs].sort()).toEqual([...expected, `${site.url}/privacy`].sort());
    for (const path of [...aliases, '/404', '/admin']) expect(locs, path).not.toContain(site.url + path);

    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  it("points an alias's canonical link at its main address", async () => {
    const { site } = siteContent();
    const html = await (await fetch(`${baseUrl()}/services`)).text();
    expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(
      `${site.url}/services/school-management`,
    );
  });
});
