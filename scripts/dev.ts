/**
 * `npm run dev`: one command for development — the forms API (in this process, on an internal
 * port, SQLite under DATA_DIR) and Vite's dev server with the API's base path proxied to it.
 * Ctrl-C (or SIGTERM) stops both. Restart after changing server code (site changes hot-reload).
 */
import path from 'node:path';
import { createServer as createViteServer } from 'vite';
import { createServer } from '../server/app.ts';
import { loadConfig, REPO_ROOT } from '../server/config.ts';
import { loadSiteFacts } from '../server/content.ts';
import { staffOptions } from '../server/staffOptions.ts';

const config = loadConfig();
const apiPort = Number(process.env.DEV_API_PORT ?? 3001);
const facts = loadSiteFacts(config.contentDir);
const basePath = config.basePath ?? facts.backend;

const { app } = await createServer({
  ...(await staffOptions(config, facts.url)),
  basePath,
  forms: facts,
  dataDir: config.dataDir,
  ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
  rateLimits: config.rateLimits,
  logLevel: config.logLevel,
});
await app.listen({ port: apiPort, host: '127.0.0.1' });

const vite = await createViteServer({
  root: REPO_ROOT,
  configFile: path.join(REPO_ROOT, 'vite.config.ts'),
  server: {
    port: config.port,
    host: config.host === '0.0.0.0' ? true : config.host,
    proxy: {
      [basePath || '/api']: { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      // The staff inbox page is served by the server, not Vite.
      '^/admin(/|$)': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
await vite.listen();
vite.printUrls();
console.log(`  ➜  API:     ${basePath}/api -> http://127.0.0.1:${apiPort} (data: ${config.dataDir})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    Promise.allSettled([vite.close(), app.close()]).then(() => process.exit(0));
  });
}
