// @vitest-environment node
/** checkMenuPages: a shortened header menu must lead to a page listing every page it leaves out. */
import { describe, expect, it } from 'vitest';
import {
  ALL_SERVICES_FIXTURE,
  ALL_SERVICES_PAGE,
  filesWithServices,
  type MenuLimit,
  siteWithServicesLimit,
} from '../../tests/support/manyServices.ts';
import { blockPlaces } from '../content/pageKinds.ts';
import { bundledSchemas } from './bundledSchemas.ts';
import { checkAddresses, checkMenuPages } from './pageRules.ts';
import { parseYamlText } from './yamlFile.ts';

const places = blockPlaces(bundledSchemas);
const LIMIT: MenuLimit = { count: 10, label: 'All services', link: '/services/all' };

/** The menu check on the real site grown to `services` services, with `extra` pages added. */
function check(services: number, extra: Record<string, string> = {}, limit = LIMIT) {
  const siteText = siteWithServicesLimit(limit);
  const files = new Map([...filesWithServices(services, siteText), ...Object.entries(extra)]);
  const pageYaml = new Map(
    [...files].filter(([f]) => f.startsWith('pages/')).map(([f, text]) => [f, parseYamlText(text, f)]),
  );
  const { routes } = checkAddresses(pageYaml, [...pageYaml.keys()], () => undefined);
  const errors = checkMenuPages(parseYamlText(siteText, 'site.yaml'), pageYaml, routes, places);
  const lines = siteText.split('\n');
  const line = lines.findIndex((l) => l.trim() === `link: ${limit.link}`) + 1;
  return { errors, at: { file: 'site.yaml', line, column: (lines[line - 1] ?? '').indexOf(limit.link) + 1 } };
}

const listing = (collection: string) =>
  `${ALL_SERVICES_FIXTURE.replace('collection: services', `collection: ${collection}`)}`;

describe('checkMenuPages', () => {
  it('accepts a cut menu whose last entry leads to a page listing the collection', () => {
    expect(check(20, { [ALL_SERVICES_PAGE]: ALL_SERVICES_FIXTURE }).errors).toEqual([]);
  });

  it("accepts today's site: no menu has a limit", () => {
    const site = parseYamlText(
      'navigation:\n  - name: Services\n    link: /services\n    submenu:\n      collection: services\n',
      'site.yaml',
    );
    expect(checkMenuPages(site, new Map(), new Map(), places)).toEqual([]);
  });

  it('says which file to create when the cut menu leads to no page, at the link in site.yaml', () => {
    const { errors, at } = check(20);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      ...at,
      code: 'menu-page-missing',
      where: 'navigation[3].submenu.limit.link',
      path: ['navigation', 3, 'submenu', 'limit', 'link'],
    });
    expect(errors[0]?.message).toBe(
      'The Services menu shows 10 of the 20 services pages, then "All services", leading to "/services/all", but no page has that address, so the other 10 are in no menu. Create pages/services/all.yaml (path: /services/all) holding a collectionList block with collection: services (README, "How to add a page"), or set link to the address of a page that has one.',
    );
  });

  it('warns before the cut: a menu that fits today still names a page that does not exist', () => {
    const { errors } = check(13, {}, { ...LIMIT, count: 13 });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(
      /^The Services menu lists all 13 services pages today; once there are more than 13, it ends with "All services", leading to "\/services\/all", but no page has that address\. Create pages\/services\/all\.yaml/,
    );
  });

  it('points at the page that already lists the collection', () => {
    const { errors } = check(20, {
      'pages/our-services.yaml': listing('services').replace('path: /services/all', 'path: /our-services'),
    });
    expect(errors[0]?.message).toContain(
      'Set link to "/our-services": pages/our-services.yaml lists every services page.',
    );
  });

  it('refuses a cut menu leading to a page that does not list that collection', () => {
    const { errors, at } = check(20, { [ALL_SERVICES_PAGE]: listing('products') });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ ...at, code: 'menu-page-incomplete' });
    expect(errors[0]?.message).toContain(
      'leading to "/services/all" (pages/services/all.yaml), which does not list the services pages: the other 10 are in no menu. Add a collectionList block with collection: services to pages/services/all.yaml.',
    );
  });

  it('does not ask for a list on a page the menu only names while it fits', () => {
    expect(check(13, {}, { ...LIMIT, count: 13, link: '/about' }).errors).toEqual([]);
    expect(check(14, {}, { ...LIMIT, count: 13, link: '/about' }).errors[0]?.code).toBe(
      'menu-page-incomplete',
    );
  });

  it('sends a list page out of a folder whose kind of page cannot hold the block (career pages)', () => {
    const { errors } = check(20, {}, { ...LIMIT, link: '/careers/all' });
    expect(errors[0]?.message).toContain(
      'A collectionList block cannot go on a job opening, so set link to "/all-services" and create pages/all-services.yaml (path: /all-services) holding a collectionList block with collection: services',
    );
  });
});
