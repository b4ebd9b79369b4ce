/**
 * `npm start`: builds the site if there is no build yet, runs the database migrations, then serves
 * the pre-rendered site and the forms API on one port. Configuration: environment variables only
 * (server/config.ts). SIGTERM / SIGINT: stop accepting, finish requests in flight, close the database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadBuildFacts, loadSiteFacts, SITE_FACTS_FILE } from '../node/siteFacts.ts';
import { createServer } from './app.ts';
import { checkTrustProxy, loadConfig, REPO_ROOT, type ServerConfig } from './config.ts';
import { prepareClone } from './editor/sharedRepository.ts';
import { startAutoPurge } from './retention/autoPurge.ts';
import { retentionPeriods } from './retention/periods.ts';
import { handleShutdown, SHUTDOWN_DRAIN_MS } from './shutdown.ts';
import { staffOptions, staffSummary } from './staffOptions.ts';

/** A configuration mistake is reported in one line, not as a stack trace. */
function refuseToStart(error: unknown): never {
  console.error(`Not starting: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let config: ServerConfig;
try {
  config = loadConfig();
  // TRUST_PROXY=1 on a port anyone can reach would let every request pick its own address.
  checkTrustProxy(config);
} catch (error) {
  refuseToStart(error);
}
const clientDir = path.join(config.distDir, 'client');

// With CONTENT_REMOTE, the content folder is a clone of the shared repository, made before anything
// reads it (a first build, the forms' facts).
try {
  if (config.contentRemote) prepareClone(config.contentDir, config.contentRemote, config.contentBranch);
} catch (error) {
  refuseToStart(error);
}

if (!existsSync(path.join(clientDir, 'index.html'))) {
  console.log(`No build in ${config.distDir}: building the site first...`);
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const build = spawnSync(
    tsx,
    [path.join(REPO_ROOT, 'scripts', 'build.ts'), '--content', config.contentDir, '--out', config.distDir],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error('The build failed; not starting.');
    process.exit(1);
  }
}

// What the forms accept comes from the build being served (the content folder may hold saved but
// unpublished drafts); a build made before builds wrote their facts falls back to the content.
const facts = (() => {
  try {
    const built = loadBuildFacts(config.distDir);
    if (built) return built;
  } catch (error) {
    refuseToStart(error);
  }
  console.log(
    `${config.distDir} has no ${SITE_FACTS_FILE} (an older build): the forms use ${config.contentDir}.`,
  );
  return loadSiteFacts(config.contentDir);
})();
const basePath = config.basePath ?? facts.backend;
// Hashes ADMIN_PASSWORD and removes it from process.env (see staffOptions).
const staff = await staffOptions(config, facts.url).catch(refuseToStart);
const { app, db, repo } = await createServer({
  ...staff,
  basePath,
  forms: facts,
  clientDir,
  dataDir: config.dataDir,
  ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
  rateLimits: config.rateLimits,
  trustProxy: config.trustProxy,
  corsOrigins: config.corsOrigins,
  jsonBodyLimit: config.jsonBodyLimit,
  bodyLimits: config.bodyLimits,
  requestTimeoutMs: config.requestTimeoutMs,
  shutdownDrainMs: SHUTDOWN_DRAIN_MS,
  logLevel: config.logLevel,
});

// Before listening: a SIGTERM that arrives while the port opens still closes the database cleanly.
handleShutdown(app);
await app.listen({ port: config.port, host: config.host });
// Retention (server/retention): purges past their period at start when overdue, then daily.
startAutoPurge({
  enabled: config.retentionAutopurge,
  store: db,
  repo,
  periods: retentionPeriods(config),
  log: app.log,
});
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = address && typeof address === 'object' ? address.port : config.port;
console.log(
  `Serving the site and its API (${basePath}/api) at http://${shownHost}:${port}/ — data: ${db.location}` +
    ` — ${staffSummary(staff)}` +
    (facts.positions.length ? '' : ' — note: no open positions in the content, applications are refused'),
);
