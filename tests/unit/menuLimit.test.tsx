/**
 * A site of 20 services whose Services menu site.yaml shortens to 10: the header lists those 10 and
 * then "All services", which leads to a page (the fixture all.yaml) listing all 20; without that
 * page, validation says where and what to create.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deriveCollections, deriveRoutes } from '../../src/content/model.ts';
import type { SiteContent } from '../../src/renderer/ContentContext.tsx';
import type { ValidationResult } from '../../src/validator/validateSite.ts';
import { loadContent, renderRoute, settled } from '../support/content.tsx';
import {
  ALL_SERVICES_FIXTURE,
  ALL_SERVICES_PAGE,
  filesWithServices,
  siteWithServicesLimit,
  validateFiles,
} from '../support/manyServices.ts';

const LIMIT = { count: 10, label: 'All services', link: '/services/all' };
const siteYaml = siteWithServicesLimit(LIMIT);

function contentOf(result: ValidationResult): SiteContent {
  if (!result.content)
    throw new Error(result.errors.map((e) => `${e.file}:${e.line} ${e.message}`).join('\n'));
  const { site, pages } = result.content;
  const byFile = new Map(pages.map(({ file, page }) => [file, settled(page)]));
  return {
    site,
    collections: deriveCollections(pages),
    routes: deriveRoutes(pages),
    imageSizes: loadContent().imageSizes,
    loadPage: (file) => byFile.get(file) ?? Promise.reject(new Error(`No page ${file}`)),
  };
}

describe('a Services menu shortened to 10 of 20 services', () => {
  const files = filesWithServices(20, siteYaml);
  files.set(ALL_SERVICES_PAGE, ALL_SERVICES_FIXTURE);
  const result = validateFiles(files);

  it('is valid with the page that lists them all', () => {
    expect(result.errors).toEqual([]);
    expect(result.content?.pages.filter((p) => p.page.listing?.collection === 'services')).toHaveLength(20);
  });

  it('shows the first 10 services, then "All services", which opens the page listing all 20', async () => {
    const content = contentOf(result);
    const services = content.collections.services;
    await act(async () => {
      renderRoute('/about', content);
    });
    await screen.findByRole('heading', { level: 1 });
    const nav = within(screen.getByRole('banner')).getAllByRole('navigation', {
      name: content.site.frame.mainMenuLabel,
    })[0] as HTMLElement;
    const button = within(nav).getByRole('button', { name: 'Services' });
    const user = userEvent.setup();
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const entries = within(panel).getAllByRole('link');
    expect(entries).toHaveLength(11);
    expect(entries.slice(0, 10).map((a) => a.getAttribute('href'))).toEqual(
      services.slice(0, 10).map((s) => s.link),
    );
    const all = entries[10] as HTMLElement;
    expect(all).toHaveTextContent('All services');
    expect(all).toHaveAttribute('href', '/services/all');

    await user.click(all);
    const h1 = await screen.findByRole('heading', { level: 1, name: 'All services' }, { timeout: 10_000 });
    const section = h1.closest('section') as HTMLElement;
    const links = within(within(section).getByRole('list')).getAllByRole('link');
    expect(links).toHaveLength(20);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(services.map((s) => s.link));
    expect(within(section).getByRole('link', { name: /Extra Service 20/ })).toHaveAttribute(
      'href',
      '/services/extra-20',
    );
  });

  it('without that page, validation points at the link in site.yaml and names the address', () => {
    const without = filesWithServices(20, siteYaml);
    const { errors, content } = validateFiles(without);
    expect(content).toBeUndefined();
    const lines = siteYaml.split('\n');
    const line = lines.findIndex((l) => l.trim() === `link: ${LIMIT.link}`) + 1;
    const column = (lines[line - 1] ?? '').indexOf(LIMIT.link) + 1;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      file: 'site.yaml',
      line,
      column,
      where: 'navigation[3].submenu.limit.link',
    });
    expect(errors[0]?.message).toContain('"/services/all"');
  });
});
