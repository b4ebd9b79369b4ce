/**
 * The service pages (issue 8): the specification's thirteen routes (plus /services) built from one
 * YAML file each with one shared block layout; the bold-before-first-colon bullets; the Telematics
 * images; the CTA label that is not clickable; the same demo form everywhere; the content rules of
 * the issue; and a new service added as a single YAML file is served and listed in the nav and the
 * home carousel. The rules apply to every page of the services collection, so a service page added
 * later is checked like the thirteen, and adding one (README's steps) never breaks these tests.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { act, type RenderResult, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import ServicesCarousel from '../../src/blocks/servicesCarousel/ServicesCarousel.tsx';
import type { Block, BlockOf } from '../../src/content/model.ts';
import { blockRegistry } from '../../src/renderer/registry.ts';
import { stubMatchMedia } from '../../src/ui/motionTesting.ts';
import { formatError } from '../../src/validator/formatErrors.ts';
import { blocksOf, loadContent, REPO_ROOT, renderRoute, renderWithContent } from '../support/content.tsx';

/** The specification's thirteen services, in its order (section 1): slug and the page's h1. */
const SPEC_SERVICES = [
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

/**
 * Every page of the services collection: the thirteen and any added since. Read when the file is
 * loaded, so each page gets its own test.
 */
const SERVICE_PATHS = loadContent().collections.services.map((s) => s.link);
const specH1 = (routePath: string) => SPEC_SERVICES.find((s) => s.path === routePath)?.h1;

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

/** Renders inside an awaited act(), so suspended data and lazy blocks settle. */
async function renderInAct(render: () => RenderResult): Promise<RenderResult> {
  const views: RenderResult[] = [];
  await act(async () => {
    views.push(render());
  });
  const [view] = views;
  if (!view) throw new Error('Nothing rendered');
  return view;
}

async function renderPage(routePath: string, content = loadContent()) {
  const view = await renderInAct(() => renderRoute(routePath, content));
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  // Every block is its own lazy chunk: wait for the last one (the shared demo form) to be there.
  const main = screen.getByRole('main');
  await within(main).findByRole('heading', { level: 2, name: content.site.forms.demo.heading });
  return { view, h1, main };
}

/** The visible trace of every service block, each after the one before it. */
function expectBlocks(main: HTMLElement, blocks: Block[]) {
  const m = within(main);
  const traces: HTMLElement[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'pageHero':
        traces.push(m.getByRole('heading', { level: 1, name: block.heading }));
        break;
      case 'aboutCard':
        traces.push(m.getByRole('heading', { level: 2, name: block.title }));
        expect(m.getByText(block.description as string)).toBeInTheDocument();
        break;
      case 'scrollDown':
        traces.push(m.getByRole('button', { name: block.label ?? 'Scroll down' }));
        break;
      case 'bulletGrid':
        for (const card of block.cards) {
          const title = m.getByRole('heading', { level: 3, name: card.title });
          traces.push(title);
          const list = within(title.closest('article') as HTMLElement).getByRole('list');
          expect(
            within(list)
              .getAllByRole('listitem')
              .map((li) => li.textContent),
          ).toEqual(card.bullets);
        }
        break;
      case 'imageRow':
        for (const image of block.images) traces.push(m.getByAltText(image.alt));
        break;
      case 'callToAction':
        traces.push(m.getByText(block.label));
        expect(m.getByText(block.paragraph)).toBeInTheDocument();
        break;
      case 'demoForm': {
        const form = main.querySelector<HTMLElement>(`#${block.anchor ?? 'demo'}`);
        expect(form).not.toBeNull();
        if (form) traces.push(form);
        break;
      }
      default:
        throw new Error(`Unexpected block ${block.type} on a service page`);
    }
  }
  // In the page's order: each trace comes after the previous one in the document.
  for (const [i, trace] of traces.entries()) {
    const before = traces[i - 1];
    if (before)
      expect(
        before.compareDocumentPosition(trace) & Node.DOCUMENT_POSITION_FOLLOWING,
        trace.outerHTML,
      ).toBeTruthy();
  }
}

describe('service routes', () => {
  it("has the specification's thirteen service pages, listed in its order", () => {
    const { services } = loadContent().collections;
    const spec = SPEC_SERVICES.map((s) => s.path);
    // All thirteen, in the specification's order; services added later may come anywhere.
    expect(services.map((s) => s.link).filter((link) => spec.includes(link))).toEqual(spec);
    const routes = loadContent().routes.map((r) => r.path);
    for (const path of spec) expect(routes, path).toContain(path);
  });

  it.each(SERVICE_PATHS)('%s renders its h1 and every block in the shared order', async (routePath) => {
    const blocks = await blocksOf(routePath);
    const types = blocks.map((b) => b.type);
    if (routePath === '/services/iot') expect(types).toEqual(IOT_LAYOUT);
    else if (specH1(routePath)) expect(types).toEqual(LAYOUT);
    // A service added later follows the same layout; the image row is optional.
    else expect([LAYOUT, IOT_LAYOUT]).toContainEqual(types);
    const { h1, main } = await renderPage(routePath);
    expect(h1).toHaveTextContent(specH1(routePath) ?? blockOf(blocks, 'pageHero').heading);
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
    for (const service of SPEC_SERVICES.filter((s) => s.slug !== 'iot'))
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
    for (const routePath of SERVICE_PATHS) {
      const demo = (await blocksOf(routePath)).at(-1);
      // The page only references the shared section: no per-page props that could make it differ.
      expect(demo, routePath).toEqual({ type: 'demoForm' });
      const { view, main } = await renderPage(routePath);
      const section = main.querySelector('#demo') as HTMLElement;
      expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(site.forms.demo.heading);
      expect(within(section).getByText(site.forms.demo.intro)).toBeInTheDocument();
      // Generated ids (useId) depend on the page's tree, not on the form: leave them out.
      rendered.push(section.outerHTML.replace(/ (id|for|aria-[a-z]+)="[^"]*"/g, ''));
      view.unmount();
    }
    // Same component, same props: the same markup on every service page.
    expect(new Set(rendered).size).toBe(1);
  });
});

describe('service content', () => {
  const pages = () =>
    Promise.all(SERVICE_PATHS.map(async (path) => ({ path, blocks: await blocksOf(path) })));

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
  // jsdom has no matchMedia; the carousel asks it whether the visitor prefers reduced motion.
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Written the way a non-developer would: school-management.yaml copied and its words changed. */
  const NEW_SERVICE = readFileSync(
    path.join(REPO_ROOT, 'tests/fixtures/new-service/drone-training.yaml'),
    'utf8',
  );
  const NEW_FILE = 'pages/services/drone-training.yaml';

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

  it('is served at its address and listed in the Services menu and the home services carousel', async () => {
    const before = loadContent().collections.services;
    const root = siteCopyWith(NEW_FILE, NEW_SERVICE);
    const content = loadContent(root);

    // (a) Served: its own h1 and blocks, in order, at its address.
    const { view, h1, main } = await renderPage('/services/drone-training', content);
    expect(h1).toHaveTextContent('Drone Pilot Training');
    expect(within(main).getByText('Flight basics').tagName).toBe('STRONG');
    expectBlocks(main, await blocksOf('/services/drone-training', content));

    // (b) Listed: the shared services list, which the menu and carousel read, with it added.
    const { services } = content.collections;
    const NEW_LINK = '/services/drone-training';
    expect(services.map((s) => s.link).filter((link) => link !== NEW_LINK)).toEqual(
      before.map((s) => s.link),
    );
    expect(services.find((s) => s.link === NEW_LINK)).toMatchObject({
      title: 'Drone Pilot Training',
      menuLabel: 'Drone Training',
      order: 14,
    });

    // The header's Services menu, as rendered: every service in list order, the new one with its
    // short menu label.
    const header = view.container.querySelector('header') as HTMLElement;
    const menuButton = within(header).getAllByRole('button', { name: /^Services/ })[0] as HTMLElement;
    const panel = document.getElementById(menuButton.getAttribute('aria-controls') ?? '') as HTMLElement;
    const entries = within(panel).getAllByRole('link', { hidden: true });
    expect(entries.map((a) => a.getAttribute('href'))).toEqual(services.map((s) => s.link));
    expect(entries.find((a) => a.getAttribute('href') === NEW_LINK)).toHaveTextContent('Drone Training');
    view.unmount();

    // The home page's own services carousel block (from pages/index.yaml) shows it as a card.
    const carousel = (await blocksOf('/', content)).find(
      (b): b is BlockOf<'servicesCarousel'> => b.type === 'servicesCarousel',
    );
    expect(carousel, 'the home page has a services carousel').toBeDefined();
    if (!carousel) return;
    stubMatchMedia();
    const home = await renderInAct(() =>
      renderWithContent(<ServicesCarousel block={carousel} />, { content }),
    );
    const cards = within(home.container).getAllByRole('link', { name: /Drone Pilot Training/ });
    expect(cards[0]).toHaveAttribute('href', NEW_LINK);
  });

  it('is refused with its file and line when it names an unknown block type', () => {
    const broken = NEW_SERVICE.replace('type: bulletGrid', 'type: bulletList');
    const root = siteCopyWith(NEW_FILE, broken);
    const errors = readFolder(root).errors.filter((e) => e.file === NEW_FILE);
    expect(errors.map(formatError)).toHaveLength(1);
    const line =
      readFileSync(path.join(root, NEW_FILE), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('type: bulletList')) + 1;
    expect(errors[0]).toMatchObject({ line, where: 'blocks[3].type' });
    expect(errors[0]?.message).toMatch(/Unknown block type "bulletList"/);
  });
});
