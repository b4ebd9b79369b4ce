// @vitest-environment jsdom
/**
 * The content plugin in a real Vite dev server, with a real HMR connection as the browser has
 * (jsdom provides the WebSocket): valid content is served as each page's data (its data block and
 * the JSON client-side navigation fetches); a broken file sends the error
 * overlay its file:line:column messages and location; a page opened while the content is broken
 * gets the overlay as it connects; saving a fix reloads the page, without restarting the server.
 * Content that is already broken when the server starts does not stop it from starting.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type ErrorPayload, type ViteDevServer } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidationResult } from '../../node/folderSource.ts';
import { pageDataUrl } from '../../src/content/pageData.ts';
import { readSiteData } from '../../src/renderer/siteData.ts';
import { APP_PAGE } from '../../tests/unit/support/appPage.ts';
import { connectHmr, type HmrClient, isError, isFullReload } from '../../tests/unit/support/hmrClient.ts';
import { contentPlugin } from './contentPlugin.ts';

const readSiteDataOf = (html: string) => readSiteData(new DOMParser().parseFromString(html, 'text/html'));

const FIXTURE = path.resolve(import.meta.dirname, '../../tests/fixtures/minimal-site');
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A dev server on a copy of the fixture (edited by `edit` first), listening on a free port. */
async function devServer(edit?: (indexYaml: string) => string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'plugin-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(FIXTURE, dir, { recursive: true });
  const index = path.join(dir, 'pages/index.yaml');
  const good = readFileSync(index, 'utf8');
  if (edit) writeFileSync(index, edit(good));
  const validations: ValidationResult[] = [];
  const logged: string[] = [];
  const server: ViteDevServer = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'error',
    customLogger: {
      info: () => {},
      warn: () => {},
      warnOnce: () => {},
      error: (message) => logged.push(message),
      clearScreen: () => {},
      hasErrorLogged: () => false,
      hasWarned: false,
    },
    plugins: [contentPlugin({ onValidated: (r) => validations.push(r) })],
    server: { port: 0, host: '127.0.0.1', watch: { usePolling: true, interval: 50 } },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  cleanups.push(() => server.close());
  await server.listen();
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!origin) throw new Error('The dev server has no address');
  return { dir, index, good, server, origin, validations, logged };
}

async function hmr(origin: string): Promise<HmrClient> {
  const client = await connectHmr(origin);
  cleanups.push(() => client.close());
  return client;
}

/** What the browser gets for the home page's data (what client-side navigation to it fetches). */
const contentModule = (origin: string) => fetch(`${origin}${pageDataUrl('/')}`);

function expectOverlay(err: ErrorPayload['err'], dir: string) {
  expect(err.plugin).toBe('site-content');
  expect(err.message).toBe(
    'Site content is invalid:\n\npages/index.yaml:6:11  blocks[0].type\n  Unknown block type "pageHeroo". Did you mean "pageHero"?\n\n1 problem found in the site content.',
  );
  // The overlay's clickable place (line and column from 1, as in the message) and the lines around it.
  expect(err.loc).toEqual({ file: path.join(dir, 'pages/index.yaml'), line: 6, column: 11 });
  expect(err.frame).toBe(
    [
      '  4 | description: The home page of the fixture site.',
      '  5 | blocks:',
      '> 6 |   - type: pageHeroo',
      '    |           ^',
      '  7 |     heading: Welcome',
      '  8 |     background:',
    ].join('\n'),
  );
}

describe('content plugin in the dev server', () => {
  it('serves the content, sends a broken file to the overlay, and reloads the page once it is fixed', async () => {
    const { dir, index, good, origin, server } = await devServer();
    const html = await server.transformIndexHtml('/', APP_PAGE);
    expect(readSiteDataOf(html).site.company.name).toBe('Fixture Co');
    const browser = await hmr(origin);
    expect((await contentModule(origin)).status).toBe(200);

    const { err } = await browser.afterWriting(
      index,
      good.replace('type: pageHero', 'type: pageHeroo'),
      isError,
    );
    expectOverlay(err, dir);
    const failed = await contentModule(origin);
    expect(failed.status).toBe(500);

    const broken = browser.messages.length;
    await browser.afterWriting(index, good, isFullReload);
    expect((await contentModule(origin)).status).toBe(200);
    expect(browser.messages.slice(broken).some(isError)).toBe(false);
  });

  it('starts with content that is already broken, shows it to every page, and recovers', async () => {
    const { dir, index, good, origin, validations, logged } = await devServer((t) =>
      t.replace('type: pageHero', 'type: pageHeroo'),
    );
    // Started: the terminal has the problem, and whoever listens (the dev API) knows it.
    expect(logged.join('\n')).toContain('pages/index.yaml:6:11  blocks[0].type');
    expect(validations.map((r) => r.content !== undefined)).toEqual([false]);

    // A page opened now gets the overlay as it connects, and again when it asks for the content.
    const browser = await hmr(origin);
    expectOverlay((await browser.next(isError)).err, dir);
    const from = browser.messages.length;
    expect((await contentModule(origin)).status).toBe(500);
    expectOverlay((await browser.next(isError, from)).err, dir);

    await browser.afterWriting(index, good, isFullReload);
    expect((await contentModule(origin)).status).toBe(200);
    expect(validations.at(-1)?.content).toBeDefined();
    // A page opened after the fix gets no overlay.
    const later = await hmr(origin);
    await new Promise((r) => setTimeout(r, 300));
    expect(later.messages.map((m) => m.type)).toEqual(['connected']);
  });
});
