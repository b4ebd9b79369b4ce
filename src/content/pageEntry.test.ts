// @vitest-environment node
/**
 * What the staff tools read of a page file, valid or not: the page list, the link choosers and
 * "Add a section" all take it from here.
 */
import { describe, expect, it } from 'vitest';
import { bundledSchemas } from '../validator/bundledSchemas.ts';
import { linkChoicesOf, pageEntriesOf, pageEntryOf, parsedPage } from './pageEntry.ts';
import { blockTypesFor } from './pageKinds.ts';

const SCHOOL = `# A comment the editor keeps
path: /services/school-management
aliases: [/services]
title: School Management Software in Bangalore
listing:
  collection: services
  title: School Management
blocks:
  - type: pageHero
    heading: Run your school on one app
`;

describe('pageEntryOf', () => {
  it("reads a page's kind, addresses, titles and the sections it may hold", () => {
    expect(pageEntryOf('pages/services/school-management.yaml', parsedPage(SCHOOL), bundledSchemas)).toEqual({
      file: 'pages/services/school-management.yaml',
      kind: 'service',
      path: '/services/school-management',
      aliases: ['/services'],
      title: 'School Management Software in Bangalore',
      name: 'School Management',
      blockTypes: blockTypesFor('service', bundledSchemas),
      unpublished: false,
      closes: null,
      schedule: {},
    });
  });

  it('gives a page it cannot read the address its place gives it and its file name', () => {
    const entry = pageEntryOf('pages/careers/qa.yaml', parsedPage('title: [unclosed'), bundledSchemas);
    expect(entry).toMatchObject({
      kind: 'career',
      path: '/careers/qa',
      aliases: [],
      title: 'pages/careers/qa.yaml',
    });
    expect(entry.name).toBe('pages/careers/qa.yaml');
  });

  it('names a page without a listing by its first heading', () => {
    const text = 'title: About Us | Triune\nblocks:\n  - type: pageHero\n    heading: Who we are\n';
    expect(pageEntryOf('pages/about.yaml', parsedPage(text), bundledSchemas).name).toBe('Who we are');
  });

  it('names the page at / the Home page, not by its hero heading, the start of a sentence', () => {
    const text =
      'path: /\ntitle: Software in Bangalore\nblocks:\n  - type: hero\n    heading: Your trusted partner for\n';
    expect(pageEntryOf('pages/index.yaml', parsedPage(text), bundledSchemas).name).toBe('Home page');
  });
});

describe('linkChoicesOf', () => {
  it('offers every page address and alias, named as the page list names the page', () => {
    const entries = pageEntriesOf(
      [
        ['site.yaml', 'company: {}\n'],
        ['pages/services/school-management.yaml', SCHOOL],
        ['pages/about.yaml', 'path: /about\ntitle: About Us\n'],
      ],
      bundledSchemas,
    );
    expect(linkChoicesOf(entries)).toEqual([
      { value: '/services/school-management', label: 'School Management' },
      { value: '/services', label: 'School Management (another address)' },
      { value: '/about', label: 'About Us' },
    ]);
  });
});
