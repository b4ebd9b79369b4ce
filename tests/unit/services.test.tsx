/**
 * The service pages (issue 8): thirteen routes (plus /services) built from one YAML file each with
 * one shared block layout; the bold-before-first-colon bullets; the Telematics images; the CTA label
 * that is not clickable; the same demo form everywhere; the content rules of the issue; and a new
 * service added as a single YAML file is served and listed in the nav and the home carousel.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { act, type RenderResult, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ServicesCarousel from '../../src/blocks/servicesCarousel/ServicesCarousel.tsx';
import type { Block, BlockOf } from '../../src/content/model.ts';
import { resolveNavigation } from '../../src/frame/navModel.ts';
import { blockRegistry } from '../../src/renderer/registry.ts';
import { formatError } from '../../src/validator/formatErrors.ts';
import { validateContent } from '../../src/validator/validateContent.ts';
import { blocksOf, loadContent, REPO_ROOT, renderRoute, renderWithContent } from '../support/content.tsx';

/** The specification's order (section 1): slug and the page's h1. */
const SERVICES = [
  { slug: 'school-management', h1: 'School Management Software' },
  { slug: 'mobile-app', h1: 'Mobile App Development' },
  { slug: 'magazine-brochure', h1: 'Magazine & Brochure Design and Printing' },
  { slug: 'fee-portal-website', h1: 'Fee Portal Website' },
  { slug: 'computer-lab-equipment', h1: 'Computer, CCTV & Lab Equipment Supply' },
  { slug: 'staff-recruitment', h1: 'Staff Recruitment' },
  { slug: 'background-verification', h1: 'Employee Background Verification' },
  { slug: 'emerging-tech-training', h1: 'Emerging Tech Training' },
  { slug: 'foreign-language-lab', h1: 'Foreign Language Lab' },
  { slug: 'psychometric-counselling', h1: 'Psychometric Career Counselling' },
  { slug: 'digital-marketing', h1: 'Digital Marketing' },
  { slug: 'consulting', h1: 'Job Consulting Services' },
  { slug: 'iot', h1: 'Telematics & IoT Solutions' },
].map((s) => ({ ...s, path: `/services/${s.slug}` }));

/** The shared layout, in order; Telematics alone adds its images before the call to action. */
const LAYOUT = ['pageHero', 'aboutCard', 'scrollDown', 'bulletGrid', 'callToAction', 'demoForm'];
const IOT_LAYOUT = [
  'pageHero',
  'aboutCard',
  'scrollDown',
  'bulletGrid',
  'imageRow',
  'callToAction',
  'demoForm',
];

// Load every block's code once up front, so each page renders completely within its act().
beforeAll(async () => {
  await Promise.all(Object.values(blockRegistry).map((block) => block.preload()));
}, 60_000);

function blockOf<T extends Block['type']>(blocks: Block[], type: T): BlockOf<T> {
  const block = blocks.find((b): b is BlockOf<T> => b.type === type);
  if (!block) throw new Error(`No ${type} block`);
  return block;
}

async function renderPage(routePath: string, content = loadContent()) {
  // Rendered inside an awaited act() so the page's suspended data and lazy blocks settle.
  let view = undefined as unknown as RenderResult;
  await act(async () => {
    view = renderRoute(routePath, content);
  });
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  // Every block is its own lazy chunk: wait for the last one (the shared demo form) to be there.
  const main = screen.getByRole('main');
  await within(main).findByRole('heading', { level: 2, name: content.site.forms.demo.heading });
  return { view, h1, main };
}

/** The visible trace of every service block, in page order. */
function expectBlocks(main: HTMLElement, blocks: Block[]) {
  const m = within(main);
  for (const block of blocks) {
    switch (block.type) {
      case 'pageHero':
        expect(m.getByRole('heading', { level: 1, name: block.heading })).toBeInTheDocument();
        break;
      case 'aboutCard':
        expect(m.getByRole('heading', { level: 2, name: block.title })).toBeInTheDocument();
        expect(m.getByText(block.description as string)).toBeInTheDocument();
        break;
      case 'scrollDown':
        expect(m.getByRole('button', { name: block.label ?? 'Scroll down' })).toBeInTheDocument();
        break;
      case 'bulletGrid':
        for (const card of block.cards) {
          const title = m.getByRole('heading', { level: 3, name: card.title });
          const list = within(title.closest('article') as HTMLElement).getByRole('list');
          expect(
            within(list)
              .getAllByRole('listitem')
              .map((li) => li.textContent),
          ).toEqual(card.bullets);
        }
        break;
      case 'imageRow':
        for (const image of block.images) expect(m.getByAltText(image.alt)).toBeInTheDocument();
        break;
      case 'callToAction':
        expect(m.getByText(block.label)).toBeInTheDocument();
        expect(m.getByText(block.paragraph)).toBeInTheDocument();
        break;
      case 'demoForm':
        expect(main.querySelector(`#${block.anchor ?? 'demo'}`)).not.toBeNull();
        break;
      default:
        throw new Error(`Unexpected block ${block.type} on a service page`);
    }
  }
}

describe('service routes', () => {
  it('has exactly the thirteen service pages, listed in the specification order', () => {
    const { services } = loadContent().collections;
    expect(services.map((s) => s.link)).toEqual(SERVICES.map((s) => s.path));
    expect(services.map((s) => s.order)).toEqual(SERVICES.map((_, i) => i + 1));
  });

  it.each(SERVICES)('$path renders its h1 and every block in the shared order', async (service) => {
    const blocks = await blocksOf(service.path);
    expect(blocks.map((b) => b.type)).toEqual(service.slug === 'iot' ? IOT_LAYOUT : LAYOUT);
    const { h1, main } = await renderPage(service.path);
    expect(h1).toHaveTextContent(service.h1);
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expectBlocks(main, blocks);
  });

  it('serves the school management page at /services too', async () => {
    const { h1, main } = await renderPage('/services');
    expect(h1).toHaveTextContent('School Management Software');
    expect(main).toHaveAttribute('data-page', '/services/school-management');
    expectBlocks(main, await blocksOf('/services/school-management'));
  });
});

describe('service page blocks', () => {
  it('shows the words before the first colon of a bullet in bold, and plain bullets plainly', async () => {
    const { main } = await renderPage('/services/school-management');
    const item = within(main)
      .getByText(/^: online enquiry, application and enrolment/)
      .closest('li');
    expect(item?.querySelector('strong')).toHaveTextContent(/^Admissions$/);
    expect(item).toHaveTextContent(
      'Admissions: online enquiry, application and enrolment with document upload',
    );
    const plain = within(main)
      .getByText('Two-way messaging between class teachers and parents')
      .closest('li');
    expect(plain?.querySelector('strong')).toBeNull();
  });

  it('shows three Telematics images, and no image row on any other service page', async () => {
    const { main } = await renderPage('/services/iot');
    const row = blockOf(await blocksOf('/services/iot'), 'imageRow');
    expect(row.images).toHaveLength(3);
    for (const image of row.images) {
      const img = within(main).getByAltText(image.alt);
      expect(img).toHaveAttribute('src', image.src);
    }
    for (const service of SERVICES.filter((s) => s.slug !== 'iot'))
      expect((await blocksOf(service.path)).some((b) => b.type === 'imageRow')).toBe(false);
  });

  it('shows the call-to-action label as text that is neither a link nor a button', async () => {
    const { main } = await renderPage('/services/iot');
    const cta = blockOf(await blocksOf('/services/iot'), 'callToAction');
    const label = within(main).getByText(cta.label);
    expect(label.closest('a, button, [role="button"], [role="link"]')).toBeNull();
    expect(label).not.toHaveAttribute('tabindex');
    expect(within(main).queryByRole('link', { name: cta.label })).toBeNull();
    expect(within(main).queryByRole('button', { name: cta.label })).toBeNull();
  });

  it('ends every service page with the same shared demo form, defined once in site.yaml', async () => {
    const { site } = loadContent();
    const rendered: string[] = [];
    for (const service of SERVICES) {
      const demo = (await blocksOf(service.path)).at(-1);
      // The page only references the shared section: no per-page props that could make it differ.
      expect(demo).toEqual({ type: 'demoForm' });
      const { view, main } = await renderPage(service.path);
      const section = main.querySelector('#demo') as HTMLElement;
      expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(site.forms.demo.heading);
      expect(within(section).getByText(site.forms.demo.intro)).toBeInTheDocument();
      // Generated ids (useId) depend on the page's tree, not on the form: leave them out.
      rendered.push(section.outerHTML.replace(/ (id|for|aria-[a-z]+)="[^"]*"/g, ''));
      view.unmount();
    }
    // Same component, same props: the same markup on all thirteen pages.
    expect(new Set(rendered).size).toBe(1);
  });
});

describe('service content', () => {
  const pages = () => Promise.all(SERVICES.map(async (s) => ({ ...s, blocks: await blocksOf(s.path) })));

  it('gives every service a 2-4 sentence About text and 2-4 cards of 3-6 bullets', async () => {
    for (const page of await pages()) {
      const about = blockOf(page.blocks, 'aboutCard');
      // The specification's card title, and a background that switches to its phone variant.
      expect(about.title, page.path).toBe('About Service');
      expect(about.background?.mobile, page.path).toMatch(/\.(svg|png|jpe?g|webp)$/);
      expect(about.background?.mobile, page.path).not.toBe(about.background?.desktop);
      expect(typeof about.description, `${page.path}: one About text`).toBe('string');
      const sentences = (about.description as string).split(/(?<=[.!?])\s+(?=[A-Z])/);
      expect(sentences.length, page.path).toBeGreaterThanOrEqual(2);
      expect(sentences.length, page.path).toBeLessThanOrEqual(4);
      const { cards } = blockOf(page.blocks, 'bulletGrid');
      expect(cards.length, page.path).toBeGreaterThanOrEqual(2);
      expect(cards.length, page.path).toBeLessThanOrEqual(4);
      for (const card of cards) {
        expect(card.bullets.length, `${page.path} ${card.title}`).toBeGreaterThanOrEqual(3);
        expect(card.bullets.length, `${page.path} ${card.title}`).toBeLessThanOrEqual(6);
      }
    }
  });

  it('repeats no text between service pages, and contains no lorem ipsum', async () => {
    const seen = new Map<string, string>();
    for (const page of await pages()) {
      const cta = blockOf(page.blocks, 'callToAction');
      const hero = blockOf(page.blocks, 'pageHero');
      const texts = [
        hero.heading,
        hero.subheading ?? '',
        blockOf(page.blocks, 'aboutCard').description as string,
        ...blockOf(page.blocks, 'bulletGrid').cards.flatMap((c) => c.bullets),
        cta.label,
        cta.paragraph,
      ];
      for (const text of texts) {
        expect(text, page.path).not.toMatch(/lorem|ipsum/i);
        expect(seen.get(text), `"${text}" on ${page.path}`).toBeUndefined();
        seen.set(text, page.path);
      }
    }
  });

  it('repeats no card title and no bold bullet lead between service pages', async () => {
    const titles = new Map<string, string>();
    const leads = new Map<string, string>();
    for (const page of await pages()) {
      for (const card of blockOf(page.blocks, 'bulletGrid').cards) {
        const title = card.title.toLowerCase();
        expect(titles.get(title), `card "${card.title}" on ${page.path}`).toBeUndefined();
        titles.set(title, page.path);
        for (const bullet of card.bullets) {
          const at = bullet.indexOf(':');
          if (at <= 0) continue;
          const lead = bullet.slice(0, at).toLowerCase();
          expect(leads.get(lead), `bold lead "${bullet.slice(0, at)}" on ${page.path}`).toBeUndefined();
          leads.set(lead, page.path);
        }
      }
    }
    // The check has something to check: most bullets carry a bold lead.
    expect(leads.size).toBeGreaterThan(100);
  });
});

describe('a new service page added as one YAML file', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the site's content (public/ linked, not copied) with one extra service page. */
  function siteCopyWith(file: string, yaml: string): string {
    const root = mkdtempSync(path.join(tmpdir(), 'services-'));
    made.push(root);
    cpSync(path.join(REPO_ROOT, 'site.yaml'), path.join(root, 'site.yaml'));
    cpSync(path.join(REPO_ROOT, 'pages'), path.join(root, 'pages'), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'public'), path.join(root, 'public'), 'dir');
    writeFileSync(path.join(root, file), yaml);
    return root;
  }

  // Written the way a non-developer would: school-management.yaml copied and its words changed.
  const NEW_SERVICE = `# yaml-language-server: $schema=../../schema/page.schema.json
path: /services/drone-training
title: Drone Pilot Training in Bangalore | Triune Technologies
description: Hands-on drone pilot training with supervised flying practice.
listing:
  collection: services
  title: Drone Pilot Training
  menuLabel: Drone Training
  description: Learn to assemble and fly drones safely, with supervised practice.
  icon: rocket
  image:
    src: /images/services/iot/card.svg
    alt: A drone in flight
  order: 14
blocks:
  - type: pageHero
    heading: Drone Pilot Training
    background:
      desktop: /images/services/iot/hero-desktop.svg
      mobile: /images/services/iot/hero-mobile.svg
  - type: aboutCard
    title: About Service
    description: We train new drone pilots. Every course ends with supervised flights.
  - type: scrollDown
  - type: bulletGrid
    cards:
      - title: Course
        bullets:
          - "Flight basics: controls, take-off and landing"
          - "Safety rules: where and when you may fly"
          - Supervised practice flights
  - type: callToAction
    label: Ready to fly?
    paragraph: Contact us for a demo flight.
  - type: demoForm
`;

  it('is served at its address and listed in the Services menu and the home services carousel', async () => {
    const root = siteCopyWith('pages/services/drone-training.yaml', NEW_SERVICE);
    const content = loadContent(root);

    // (a) Served: its own h1 and blocks at its address.
    const { view, h1, main } = await renderPage('/services/drone-training', content);
    expect(h1).toHaveTextContent('Drone Pilot Training');
    expect(within(main).getByText('Flight basics').tagName).toBe('STRONG');

    // (b) Listed: the shared services list, last by its order, which the menu and carousel read.
    const { services } = content.collections;
    expect(services).toHaveLength(SERVICES.length + 1);
    expect(services.at(-1)).toMatchObject({
      link: '/services/drone-training',
      title: 'Drone Pilot Training',
      menuLabel: 'Drone Training',
    });
    const menu = resolveNavigation(content.site.navigation, content.collections).find((s) =>
      s.items.some((item) => item.link === '/services/iot'),
    );
    expect(menu?.items.map((item) => item.link)).toContain('/services/drone-training');
    const header = view.container.querySelector('header') as HTMLElement;
    const navLinks = header.querySelectorAll('a[href="/services/drone-training"]');
    expect(navLinks.length).toBeGreaterThan(0);
    expect(navLinks[0]).toHaveTextContent('Drone Training');
    view.unmount();

    // The home page's services carousel shows it as a card linking to it.
    const carousel: BlockOf<'servicesCarousel'> = {
      type: 'servicesCarousel',
      heading: 'Our Services',
      speedPxPerFrame: 1.5,
      stepPx: 310,
      exploreLabel: 'Explore More',
      previousLabel: 'Previous service',
      nextLabel: 'Next service',
      newTabHint: '(opens in a new tab)',
    };
    let home = undefined as unknown as RenderResult;
    await act(async () => {
      home = renderWithContent(<ServicesCarousel block={carousel} />, { content });
    });
    const card = within(home.container).getAllByRole('link', { name: /Drone Pilot Training/ })[0];
    expect(card).toHaveAttribute('href', '/services/drone-training');
  });

  it('is refused with its file and line when it names an unknown block type', () => {
    const broken = NEW_SERVICE.replace('type: bulletGrid', 'type: bulletList');
    const root = siteCopyWith('pages/services/drone-training.yaml', broken);
    const errors = validateContent(root).errors.filter(
      (e) => e.file === 'pages/services/drone-training.yaml',
    );
    expect(errors.map(formatError)).toHaveLength(1);
    const line =
      readFileSync(path.join(root, 'pages/services/drone-training.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('type: bulletList')) + 1;
    expect(errors[0]).toMatchObject({ line, where: 'blocks[3].type' });
    expect(errors[0]?.message).toMatch(/Unknown block type "bulletList"/);
  });
});
