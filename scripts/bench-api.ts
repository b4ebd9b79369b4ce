/**
 * `npm run bench:api`: requests per second and p50 / p99 latency of the one server, with autocannon:
 * POST {base}/api/contact (valid messages, rate limit raised for the run, written to a throwaway
 * SQLite file with synchronous=FULL) and GET / (the pre-rendered home page, compressed).
 * Uses DIST_DIR's build (built first if missing). Options: --duration S (default 10),
 * --connections N (default 10). Prints a Markdown table for the README.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadSiteFacts } from '../node/siteFacts.ts';
import { createServer } from '../server/app.ts';
import { loadConfig, REPO_ROOT } from '../server/config.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 10);

const config = loadConfig();
const clientDir = path.join(config.distDir, 'client');
if (!existsSync(path.join(clientDir, 'index.html'))) {
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const r = spawnSync(tsx, ['scripts/build.ts', '--out', config.distDir], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(1);
}
const facts = loadSiteFacts(config.contentDir);
const basePath = config.basePath ?? facts.backend;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'triune-bench-'));
const { app } = await createServer({
  basePath,
  forms: facts,
  clientDir,
  dataDir,
  logLevel: 'warn',
  rateLimits: { forms: 1e9, apply: 1e9 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;

async function run(title: string, opts: autocannon.Options) {
  const result = await autocannon({ duration, connections, ...opts });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

const body = JSON.stringify({
  name: 'Bench Mark',
  email: 'bench@example.com',
  mobileNumber: '9876543210',
  message: 'A benchmark message of ordinary length for the contact form.',
});
const rows = [
  await run(`POST ${basePath}/api/contact`, {
    url: `${base}${basePath}/api/contact`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  }),
  await run('GET / (brotli)', { url: `${base}/`, headers: { 'accept-encoding': 'br' } }),
];
await app.close();
rmSync(dataDir, { recursive: true, force: true });

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\n${duration} s, ${connections} connections, Node ${process.version}, ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()}\n`,
);
console.log('| Request | Requests/s | p50 latency | p99 latency | Errors |\n|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.title} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.errors} |`);
