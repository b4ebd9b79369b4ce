/**
 * The renderer end to end on content: a page's blocks render in order from YAML, aliases serve the
 * same page, unknown addresses get the 404 page with a link home, #contactus scrolls with the
 * header offset, and a new YAML file is all it takes to add a page.
 */

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { formatError } from '../../src/validator/formatErrors.ts';
import { loadContent, REPO_ROOT, renderRoute } from '../support/content.tsx';

const FIXTURE = path.join(REPO_ROOT, 'tests/fixtures/minimal-site');
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function fixtureCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-'));
  temp.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

describe('rendering /services/iot from pages/services/iot.yaml', () => {
  it('renders every block of the page, in order', async () => {
    renderRoute('/services/iot');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Telematics & IoT Solutions' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    const headings = within(main)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(headings.indexOf('About Service')).toBeGreaterThan(0);
    expect(headings.indexOf('Fleet Telematics')).toBeGreaterThan(headings.indexOf('About Service'));
    expect(headings.indexOf('Telematics in action')).toBeGreaterThan(
      headings.indexOf('Deployment & Support'),
    );
    expect(within(main).getByRole('button', { name: 'Scroll down' })).toBeInTheDocument();
    expect(
      within(main).getByAltText('A dashboard with fleet speed, fuel and alert charts'),
    ).toBeInTheDocument();
    expect(within(main).getByText('Ready to connect your fleet?')).toBeInTheDocument();
    // The head's code loads on demand (src/renderer/documentHead.ts).
    await waitFor(() => expect(document.title).toBe('Telematics & IoT Solutions | Triune Technologies'));
  });
});

describe('routing', () => {
  const content = () => loadContent(FIXTURE);

  it('serves an alias with the same page as its main path', async () => {
    renderRoute('/services', content());
    expect(await screen.findByRole('heading', { level: 1, name: 'Telematics' })).toBeInTheDocument();
    // The alias tells search engines which address is the real one.
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        'https://fixture.example/services/iot',
      ),
    );
  });

  it('shows the 404 page, linking home, for an unknown address', async () => {
    renderRoute('/no/such/page', content());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it("shows the site's own 404 page (pages/404.yaml) for an unknown address", async () => {
    renderRoute('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, this page is not here' }),
    ).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // The way back is on the page itself, not only in the header and footer around it.
    const main = screen.getByRole('main');
    const home = within(main)
      .queryAllByRole('link')
      .filter((a) => a.getAttribute('href') === '/');
    expect(home, 'a link to "/" inside <main> (pages/404.yaml)').not.toHaveLength(0);
    expect(home[0]).toHaveAccessibleName(/\S/);
  });

  it('scrolls "#contactus" links to the footer, leaving 100px for the header', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderRoute('/services/iot', content());
    await screen.findByRole('heading', { level: 1 });
    const footer = document.getElementById('contactus');
    expect(footer).not.toBeNull();
    vi.spyOn(footer as HTMLElement, 'getBoundingClientRect').mockReturnValue({ top: 900 } as DOMRect);
    scrollTo.mockClear();
    const contactLinks = screen.getAllByRole('link', { name: 'Contact Us' });
    fireEvent.click(contactLinks[0] as HTMLElement);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 800 }));
    vi.unstubAllGlobals();
  });
});

describe('adding a page is one YAML file', () => {
  const newPage = `# yaml-language-server: $schema=../../../../schema/page.schema.json
path: /services/drones
title: Drone Training
description: Drone flying courses.
listing:
  collection: services
  title: Drone Training
  description: Learn to fly.
  icon: rocket
  image:
    src: /images/pic.svg
    alt: A drone
  order: 2
blocks:
  - type: pageHero
    heading: Drone Tech & Flying Training
    background:
      desktop: /images/pic.svg
      mobile: /images/pic.svg
`;

  it('serves a new valid page at its route and lists it with the services', async () => {
    const dir = fixtureCopy();
    writeFileSync(path.join(dir, 'pages/services/drones.yaml'), newPage);
    const content = loadContent(dir);
    expect(content.collections.services.map((s) => s.link)).toEqual(['/services/iot', '/services/drones']);
    renderRoute('/services/drones', content);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Drone Tech & Flying Training' }),
    ).toBeInTheDocument();
  });

  it('rejects an invalid new page with its file and line', () => {
    const dir = fixtureCopy();
    writeFileSync(
      path.join(dir, 'pages/services/drones.yaml'),
      newPage.replace('type: pageHero', 'type: pageHeroo'),
    );
    const errors = readFolder(dir).errors.map(formatError);
    expect(errors).toEqual([
      'pages/services/drones.yaml:15:11  blocks[0].type\n  Unknown block type "pageHeroo". Did you mean "pageHero"?',
    ]);
  });
});
