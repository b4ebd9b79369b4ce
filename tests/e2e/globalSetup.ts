/**
 * Starts the real server on the production build (E2E_BUILD_DIR, default dist/) with a real SQLite
 * database in a temporary folder, and a second one allowing a single submission per form per
 * window (for the rate-limit error path). That one trusts X-Forwarded-For, so each rate-limit test
 * (and each retry of one) can arrive as a new client with a budget of its own. The tests get their
 * addresses through inject().
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { createServer, type SiteServer } from '../../server/app.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function listen(server: SiteServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  return `http://127.0.0.1:${address.port}`;
}

export default async function setup(project: TestProject) {
  const buildDir = path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist');
  const clientDir = path.join(buildDir, 'client');
  if (!existsSync(path.join(clientDir, 'index.html')))
    throw new Error(`No build in ${buildDir}: run the suite with \`npm run test:e2e\` (it builds first).`);

  const facts = loadSiteFacts(REPO_ROOT);
  const dataDirs = [
    mkdtempSync(path.join(tmpdir(), 'triune-e2e-')),
    mkdtempSync(path.join(tmpdir(), 'triune-e2e-limited-')),
  ];
  const common = { basePath: facts.backend, forms: facts, clientDir, logLevel: 'warn' } as const;
  const main = await createServer({ ...common, dataDir: dataDirs[0] });
  const limited = await createServer({
    ...common,
    dataDir: dataDirs[1],
    rateLimits: { forms: 1, apply: 1 },
    trustProxy: true,
  });
  const servers = [main, limited];

  project.provide('baseUrl', await listen(main));
  project.provide('dbFile', main.db.location);
  project.provide('limitedUrl', await listen(limited));

  return async () => {
    for (const server of servers) await server.app.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
}
