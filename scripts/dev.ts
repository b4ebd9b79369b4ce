/**
 * `npm run dev`: one command for development — the forms API (in this process, on an internal
 * port, SQLite under DATA_DIR) and Vite's dev server with the API's base path proxied to it.
 * It listens on 127.0.0.1 unless HOST says otherwise. Ctrl-C (or SIGTERM) stops both. Restart after changing server code (site changes hot-reload).
 *
 * The content (site.yaml and pages/ of CONTENT_DIR) may be invalid when this starts, or become so:
 * the dev server starts and keeps running anyway. The terminal prints the validator's messages
 * (file:line:column), the browser shows them in Vite's error overlay, and saving a fix reloads the
 * page. The API needs the service types and open positions of the content: it starts with the first
 * valid content and restarts by itself when they change. Until the content has been valid once, its
 * addresses answer 503 with a message saying why; while the content is broken later, it keeps
 * serving with the last valid content.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createServer as createViteServer,
  type Logger,
  loadConfigFromFile,
  type Plugin,
  type PluginOption,
} from 'vite';
import { normalizeBasePath } from '../node/basePath.ts';
import { loadSiteFacts, type SiteFacts } from '../node/siteFacts.ts';
import { ADMIN_ENTRY, adminShell } from '../server/admin/page.ts';
import { createServer, type SiteServer } from '../server/app.ts';
import { loadConfig, REPO_ROOT } from '../server/config.ts';
import { staffOptions } from '../server/staffOptions.ts';
import { parseYamlText } from '../src/validator/yamlFile.ts';
import { contentPlugin } from './build/contentPlugin.ts';

const config = loadConfig();
/**
 * The dev server answers this machine only: its forms API and unfinished pages are not for everyone
 * on the same Wi-Fi. `HOST=0.0.0.0 npm run dev` opens it to the network (to try the site on a phone).
 * (The server's own HOST default, for `npm start`, is another matter: see server/config.ts.)
 */
const devHost = process.env.HOST?.trim() || '127.0.0.1';
const contentDir = config.contentDir;
const apiPort = Number(process.env.DEV_API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/** What the API's addresses answer while there is no valid content to start it with. */
const API_WAITING_MESSAGE =
  'The forms API is not running yet: the site content has errors (see the terminal or the error overlay in the browser). Fix them and save; the API starts by itself.';

/**
 * The API's base path is fixed when the proxy is set up: BASE_PATH, else site.yaml's `backend`,
 * read even when the rest of the content is invalid (default /backend).
 */
function initialBasePath(): string {
  if (config.basePath !== undefined) return config.basePath;
  try {
    const site = parseYamlText(readFileSync(path.join(contentDir, 'site.yaml'), 'utf8'), 'site.yaml');
    const backend = (site.partialData as { backend?: unknown } | null | undefined)?.backend;
    if (typeof backend === 'string') return normalizeBasePath(backend);
  } catch {
    // No readable site.yaml: the validator says so.
  }
  return '/backend';
}
const basePath = initialBasePath();
/** The addresses proxied to the API (see `proxy` below). */
const apiPrefix = basePath || '/api';
const isApiRequest = (url = '') =>
  url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);

// The API: started, and restarted, from valid content only; one change at a time.
let api: { server: SiteServer; facts: string } | undefined;
let apiQueue: Promise<void> = Promise.resolve();
/** Why the API does not run (answered with 503), while it does not. */
let apiDown = API_WAITING_MESSAGE;
/** Vite's logger once it exists (its lines carry Vite's timestamps and colours). */
let log: Pick<Logger, 'info' | 'error'> = { info: console.log, error: console.error };
/** The start lines (addresses) have been printed: later API news are printed as they happen. */
let announced = false;
const apiLine = () => `  ➜  API:     ${basePath}/api -> ${apiTarget} (data: ${config.dataDir})`;

async function startApi(facts: SiteFacts): Promise<SiteServer> {
  const server = await createServer({
    ...(await staffOptions(config, facts.url)),
    basePath,
    forms: facts,
    dataDir: config.dataDir,
    ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
    rateLimits: config.rateLimits,
    logLevel: config.logLevel,
  });
  await server.app.listen({ port: apiPort, host: '127.0.0.1' });
  return server;
}

/** After each validation: (re)start the API when the content is valid and its facts changed. */
function onValidated(valid: boolean): void {
  if (!valid) return;
  apiQueue = apiQueue
    .then(async () => {
      let facts: SiteFacts;
      try {
        facts = loadSiteFacts(contentDir);
      } catch {
        return; // Changed again meanwhile and now invalid: the next validation follows.
      }
      const key = JSON.stringify([facts.serviceTypes, facts.positions, facts.url]);
      if (api?.facts === key) return;
      const restart = api !== undefined;
      if (api) await api.server.app.close();
      api = undefined;
      api = { server: await startApi(facts), facts: key };
      if (restart) log.info('  ➜  API restarted with the content’s new service types and open positions.');
      else if (announced) log.info(apiLine());
      if (config.basePath === undefined && facts.backend !== basePath)
        log.info(
          `  ➜  site.yaml backend is now "${facts.backend}": restart npm run dev to serve the API there.`,
        );
    })
    .catch((error: unknown) => {
      apiDown = `The forms API could not start: ${error instanceof Error ? error.message : String(error)}`;
      log.error(apiDown);
    });
}

/** Answers the API's addresses with 503 until the API runs; waits while it restarts. */
const apiGate: Plugin = {
  name: 'dev-api-gate',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      if (!isApiRequest(req.url)) return next();
      apiQueue.then(() => {
        if (api) return next();
        res.statusCode = 503;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ message: apiDown }));
      });
    });
  },
};

/** The staff app (/admin) from its source, hot-reloaded: the server's page shell, through Vite. */
const adminPage: Plugin = {
  name: 'dev-admin-page',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const url = req.url?.split('?')[0];
      if (url !== '/admin' && url !== '/admin/') return next();
      const shell = adminShell(`${basePath}/api/admin`, {
        scripts: [`/${ADMIN_ENTRY}`],
        preloads: [],
        styles: [],
      });
      server.transformIndexHtml('/admin', shell).then((html) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.setHeader('x-robots-tag', 'noindex, nofollow');
        res.end(html);
      }, next);
    });
  },
};

/** vite.config.ts's plugins, with the content plugin set to CONTENT_DIR and reporting to the API. */
async function flatten(option: PluginOption): Promise<Plugin[]> {
  const resolved = await option;
  if (!resolved) return [];
  if (Array.isArray(resolved)) return (await Promise.all(resolved.map(flatten))).flat();
  return [resolved];
}
const configFile = path.join(REPO_ROOT, 'vite.config.ts');
const userConfig =
  (await loadConfigFromFile({ command: 'serve', mode: 'development' }, configFile))?.config ?? {};
const content = contentPlugin({ root: contentDir, onValidated: (r) => onValidated(r.content !== undefined) });
const plugins = (await flatten(userConfig.plugins)).filter((p) => p.name !== content.name);

const vite = await createViteServer({
  ...userConfig,
  configFile: false,
  root: REPO_ROOT,
  plugins: [apiGate, adminPage, ...plugins, content],
  server: {
    ...userConfig.server,
    port: config.port,
    host: devHost === '0.0.0.0' ? true : devHost,
    proxy: {
      [apiPrefix]: { target: apiTarget, changeOrigin: false },
    },
  },
});
log = vite.config.logger;
await vite.listen();
vite.printUrls();
await apiQueue;
log.info(api ? apiLine() : `  ➜  API:     ${basePath}/api answers 503 until the content is valid`);
announced = true;

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    Promise.allSettled([vite.close(), apiQueue.then(() => api?.server.app.close())]).then(() =>
      process.exit(0),
    );
  });
}
