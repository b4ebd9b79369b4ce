/**
 * Serves a production build with the real server (server/app.ts), as `npm start` does, for the
 * scripts that look at the built site in a browser (screenshots, Lighthouse): on 127.0.0.1, a free
 * port, a throw-away database and no request log. Builds the site first when the folder has no build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFolder } from '../../node/folderSource.ts';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { createServer } from '../../server/app.ts';
import { deriveRoutes, NOT_FOUND_PATH, type RouteEntry } from '../../src/content/model.ts';
import { formatErrors } from '../../src/validator/formatErrors.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Chromium to drive: CHROME_PATH, else Debian's. */
export const CHROME_PATH = process.env.CHROME_PATH?.trim() || '/usr/bin/chromium';

/** Flags for a headless Chromium in a container or CI (no sandbox, no GPU, no background traffic). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `--name value` from the command line. */
export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/** The build folder: `--build DIR`, else dist/. Builds it (scripts/build.ts) when it holds no build. */
export function ensureBuild(dir = argValue('--build') ?? 'dist'): string {
  const buildDir = path.resolve(REPO_ROOT, dir);
  if (existsSync(path.join(buildDir, 'client', 'index.html'))) return buildDir;
  console.log(`No build in ${buildDir}: building the site first...`);
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const build = spawnSync(tsx, [path.join(REPO_ROOT, 'scripts', 'build.ts'), '--out', buildDir], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The build failed.');
  return buildDir;
}

/**
 * The pages to look at: every page's main address (aliases show the same page) and, with
 * `notFound`, the 404 page. `--routes /,/services/iot` picks some instead.
 */
export function routesToVisit(options: { notFound: boolean }): RouteEntry[] {
  const result = readFolder(REPO_ROOT);
  if (!result.content) throw new Error(`The content is not valid:\n${formatErrors(result.errors)}`);
  const all = deriveRoutes(result.content.pages);
  const picked = argValue('--routes');
  if (picked) {
    return picked
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => {
        const route = all.find((r) => r.path === p);
        if (!route) throw new Error(`--routes: no page has the address ${p}`);
        return route;
      });
  }
  return all.filter((r) => r.path === r.canonicalPath && (options.notFound || r.path !== NOT_FOUND_PATH));
}

export interface ServedBuild {
  /** e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  clientDir: string;
  close(): Promise<void>;
}

export async function serveBuild(buildDir: string): Promise<ServedBuild> {
  const clientDir = path.join(buildDir, 'client');
  const facts = loadSiteFacts(REPO_ROOT);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'triune-serve-'));
  const { app } = await createServer({
    basePath: facts.backend,
    forms: facts,
    clientDir,
    dataDir,
    logLevel: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    clientDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
