/**
 * The document head on the client: the pre-rendered page's head is the server's and is left as it
 * is; the first page shown without one, and every page after a client-side navigation, gets its own.
 */
import { act, render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../tests/support/content.tsx';
import { fullTitle, type Page, type RouteEntry } from '../content/model.ts';
import { headWrittenByServer, useDocumentHead } from './documentHead.ts';

const content = loadContent();
const pages = new Map<string, Page>();
const routeAt = (path: string): RouteEntry => {
  const route = content.routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};
// The pages' content, loaded before the components read it.
beforeAll(async () => {
  for (const path of ['/about', '/services/iot', '/careers'])
    pages.set(path, await content.loadPage(routeAt(path).file));
});
const pageAt = (path: string): { route: RouteEntry; page: Page } => {
  const page = pages.get(path);
  if (!page) throw new Error(`page ${path} not loaded`);
  return { route: routeAt(path), page };
};

function Head({ path }: { path: string }) {
  const { route, page } = pageAt(path);
  useDocumentHead(route, page, content.site, content.imageSizes);
  return null;
}

describe('useDocumentHead', () => {
  it("leaves the server's head of the loaded page alone, and writes the next page's", async () => {
    document.title = 'Written by the server';
    headWrittenByServer('/about');
    const view = render(<Head path="/about" />);
    // Once head.ts has loaded (as it would have had the hook asked for it), a head written by the
    // hook would be there by the next task.
    await act(async () => {
      await import('./head.ts');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(document.title).toBe('Written by the server');

    view.rerender(<Head path="/services/iot" />);
    const iot = pageAt('/services/iot');
    await waitFor(() => expect(document.title).toBe(fullTitle(iot.page, content.site)));
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      iot.page.title,
    );
  });

  it('writes the head of a page the server did not render (the development server)', async () => {
    document.title = '';
    const view = render(<Head path="/careers" />);
    const careers = pageAt('/careers');
    await waitFor(() => expect(document.title).toBe(fullTitle(careers.page, content.site)));
    view.unmount();
  });
});
