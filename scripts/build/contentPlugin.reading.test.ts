// @vitest-environment jsdom
/**
 * `npm run build` reads and checks the content once and hands that reading to the content plugin of
 * both its Vite builds: given a reading, the plugin serves it and reads no folder of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'vite';
import { afterEach, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { readSiteData } from '../../src/renderer/siteData.ts';
import { APP_PAGE } from '../../tests/unit/support/appPage.ts';
import { contentPlugin } from './contentPlugin.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../tests/fixtures/minimal-site');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('serves the reading it is handed, without reading its folder (an empty one here)', async () => {
  const reading = readFolder(FIXTURE);
  expect(reading.model).toBeDefined();
  const empty = mkdtempSync(path.join(tmpdir(), 'reading-'));
  cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
  const server = await createServer({
    root: empty,
    configFile: false,
    logLevel: 'silent',
    plugins: [contentPlugin({ root: empty, reading })],
    server: { middlewareMode: true, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  cleanups.push(() => server.close());
  const html = await server.transformIndexHtml('/', APP_PAGE);
  const data = readSiteData(new DOMParser().parseFromString(html, 'text/html'));
  expect(data.site.company.name).toBe(reading.model?.site.company.name);
  const home = reading.model?.routes.filter((r) => r.file === 'pages/index.yaml');
  expect(data.routes).toEqual(home);
  expect(Object.keys(data.pages)).toEqual(['pages/index.yaml']);
});
