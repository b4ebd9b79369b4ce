// @vitest-environment node
/**
 * The content plugin in a real Vite dev server: valid content becomes a module; a broken file
 * makes loading fail with file:line:column (what the error overlay shows); saving a fix recovers
 * without restarting the server.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPlugin } from './vitePlugin.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../tests/fixtures/minimal-site');
let dir = '';
let server: ViteDevServer;

const waitFor = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

async function siteModule(): Promise<Record<string, unknown>> {
  return (await server.ssrLoadModule('virtual:site-content')) as Record<string, unknown>;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'plugin-'));
  cpSync(FIXTURE, dir, { recursive: true });
  server = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [contentPlugin()],
    server: { middlewareMode: true, hmr: false, watch: { usePolling: true, interval: 50 } },
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('content plugin in the dev server', () => {
  it('serves the content, reports a broken file, and recovers when it is fixed', async () => {
    const site = (await siteModule()).site as { company: { name: string } };
    expect(site.company.name).toBe('Fixture Co');

    const file = path.join(dir, 'pages/index.yaml');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('type: pageHero', 'type: pageHeroo'));
    const broken = await waitFor(async () => {
      try {
        await siteModule();
        return false;
      } catch (e) {
        return String((e as Error).message).includes('pages/index.yaml:6:11');
      }
    });
    expect(broken).toBe(true);

    writeFileSync(file, good);
    expect(
      await waitFor(async () =>
        siteModule().then(
          () => true,
          () => false,
        ),
      ),
    ).toBe(true);
  });
});
