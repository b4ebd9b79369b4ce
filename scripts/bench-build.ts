/**
 * `npm run bench:build [-- --sizes 31,231,1031]`: what the build and Publish cost as the site grows
 * (issue 34). For each size it makes a site in a temporary folder, the way the table was
 * made: today's content plus copies of pages/services/iot.yaml under new addresses, each a service
 * of its own (so every menu and listing grows with the site). Then it measures:
 *   - the full build (`scripts/build.ts`, compression included), wall time and CPU time, per step;
 *   - a one-word publish: one page's heading changed, Publish pressed (server/editor/publish.ts, the
 *     path of the staff editor's button) until the new build is served;
 *   - a listing-title publish: one service's menu name changed (every page's menu changes);
 *   - the HTML sizes of /about (raw and gzip) and of the home page.
 * With `--menu-limit N` (default 13, the services menu of today's site) the services menu and the
 * home page's services carousel show the first N pages, the menu then "All services", leading to tests/fixtures/all-services/all.yaml, as a growing
 * site is meant to be set up (site.yaml, `submenu.limit`); `--menu-limit 0` keeps every service in
 * the menu. The build cache starts empty for the full build; the publishes then use it.
 * It writes reports/build.md (a report, never a test: the numbers move with the machine's load,
 * which the report states beside them).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { readFolder } from '../node/folderSource.ts';
import { SitePublisher } from '../server/editor/publish.ts';
import { deriveRoutes } from '../src/content/model.ts';
import { measureSharedPublish, type SharedPublish } from './bench/sharedPublish.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const BUILD = path.join(ROOT, 'scripts', 'build.ts');
const SOURCE_PAGE = 'pages/services/iot.yaml';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '31,231,1031' },
    report: { type: 'string', default: 'reports/build.md' },
    'menu-limit': { type: 'string', default: '13' },
  },
});
const menuLimit = Number.parseInt(args['menu-limit'], 10);
const sizes = args.sizes.split(',').map((s) => Number.parseInt(s, 10));

interface Timed {
  wallS: number;
  /** User + system CPU time of the build and every process it started. */
  cpuS: number;
  /** Seconds from the start to each step the build announced (`--steps`). */
  steps: Record<string, number>;
  /** The pages the build wrote (its `STEP done` line). */
  written: number;
}

interface SizeResult {
  pages: number;
  full: Timed;
  /** The median of three one-word publishes, and the fastest and slowest of them. */
  oneWordS: number;
  oneWordRange: string;
  listingS: number;
  /** Publish reaching a second instance on PostgreSQL; undefined without one. */
  shared: SharedPublish | undefined;
  aboutRaw: number;
  aboutGzip: number;
  homeRaw: number;
  loadBefore: string;
  loadAfter: string;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A site of `pages` pages: today's content plus copies of one service page under new addresses. */
function makeSite(pages: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), `triune-bench-${pages}-`));
  const content = path.join(dir, 'content');
  // schema/ too, as in the repository: each file's schema line points to it (without it, every
  // page would be warned about, and the warnings printed would be part of what is measured).
  for (const part of ['site.yaml', 'pages', 'public', 'schema'])
    cpSync(path.join(ROOT, part), path.join(content, part), { recursive: true });
  if (menuLimit > 0) {
    const siteFile = path.join(content, 'site.yaml');
    const site = readFileSync(siteFile, 'utf8');
    const limited = site.replace(
      /^( +)collection: services\n/m,
      (line, indent: string) =>
        `${line}${indent}limit:\n${indent}  count: ${menuLimit}\n${indent}  label: All services\n${indent}  link: /services/all\n`,
    );
    if (limited === site) throw new Error('site.yaml has no services submenu to limit');
    writeFileSync(siteFile, limited);
    // The home page's services carousel shows as many (its `limit`), not every service of the site.
    const homeFile = path.join(content, 'pages', 'index.yaml');
    const home = readFileSync(homeFile, 'utf8');
    const carousel = home.replace(
      /^( +)- type: servicesCarousel\n/m,
      (line, indent: string) => `${line}${indent}  limit: ${menuLimit}\n`,
    );
    if (carousel === home) throw new Error('pages/index.yaml has no services carousel to limit');
    writeFileSync(homeFile, carousel);
    cpSync(
      path.join(ROOT, 'tests/fixtures/all-services/all.yaml'),
      path.join(content, 'pages/services/all.yaml'),
    );
  }
  const today = countPages(content);
  const source = readFileSync(path.join(ROOT, SOURCE_PAGE), 'utf8');
  for (let i = 1; i <= pages - today; i++) {
    const copy = source
      .replace(/^path: .*$/m, `path: /services/bench-${i}`)
      .replace(/^title: .*$/m, `title: Bench Service ${i}`)
      .replace(/^(\s+)title: Telematics \(IoT\)$/m, `$1title: Bench Service ${i}`)
      .replace(/^(\s+)order: \d+$/m, `$1order: ${100 + i}`);
    writeFileSync(path.join(content, 'pages', 'services', `bench-${i}.yaml`), copy);
  }
  return dir;
}

/** The pages a build writes for a content folder: one per address, aliases included. */
function countPages(content: string): number {
  const { content: valid, errors } = readFolder(content);
  if (!valid) throw new Error(`The content is not valid: ${errors.length} errors`);
  return deriveRoutes(valid.pages).length;
}

/** Runs the build as `npm run build` does, timing its steps and the CPU it and its children used. */
function fullBuild(content: string, out: string, cache: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const steps: Record<string, number> = {};
    let written = 0;
    // bash's `times` prints the CPU time of the shell's children: the build and all it started.
    const child = spawn(
      'bash',
      [
        '-c',
        `"${TSX}" "${BUILD}" --content "${content}" --out "${out}" --cache "${cache}" --steps >&2 && times`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      for (const m of d.toString().matchAll(/^STEP (\w+)(?: (\d+))?/gm)) {
        if (m[1]) steps[m[1]] = (performance.now() - started) / 1000;
        if (m[1] === 'done') written = Number(m[2]);
      }
    });
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`The build failed (${code}):\n${stderr.slice(-3000)}`));
      // `times`: the shell's own user/system, then its children's: "0m1.5s 0m0.2s".
      const children = stdout.trim().split('\n').pop() ?? '';
      const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (sum, m) => sum + Number(m[1]) * 60 + Number(m[2]),
        0,
      );
      resolve({ wallS: (performance.now() - started) / 1000, cpuS: seconds, steps, written });
    });
  });
}

function edit(content: string, file: string, change: (text: string) => string): void {
  const target = path.join(content, file);
  writeFileSync(target, change(readFileSync(target, 'utf8')));
}

/** Changes a file, presses Publish, and answers the seconds until the new build is served. */
async function publishAfter(
  content: string,
  cache: string,
  file: string,
  change: (text: string) => string,
): Promise<number> {
  edit(content, file, change);
  // The disk first writes out what the step before left in memory (a full build writes about
  // 400 MB at 1,031 pages, a Publish removes thousands of files): an editor presses Publish
  // minutes apart, not within the same second, and a Publish measured right after the previous
  // one's clean-up waited for that clean-up's writes (1.8 s became 3.6 s on this machine).
  execFileSync('sync');
  const work = mkdtempSync(path.join(tmpdir(), 'triune-bench-publish-'));
  mkdirSync(path.join(work, 'dist', 'client'), { recursive: true });
  let served = path.join(work, 'dist', 'client');
  let liveAt = 0;
  const started = Date.now();
  const publisher = new SitePublisher({
    contentDir: content,
    distDir: path.join(work, 'dist'),
    buildCache: cache,
    served: () => ({
      clientDir: () => served,
      swap: (dir) => {
        served = dir;
        liveAt ||= Date.now();
      },
    }),
  });
  publisher.start();
  await publisher.settled();
  const state = publisher.state();
  rmSync(work, { recursive: true, force: true });
  if (state.state !== 'done' || !liveAt) throw new Error(`Publish ${state.state}: ${state.message}`);
  return (liveAt - started) / 1000;
}

async function measure(pages: number): Promise<SizeResult> {
  const dir = makeSite(pages);
  const content = path.join(dir, 'content');
  const out = path.join(dir, 'dist');
  const loadBefore = load();
  try {
    console.log(`== ${pages} pages: full build`);
    const cache = path.join(dir, 'cache');
    const full = await fullBuild(content, out, cache);
    const about = readFileSync(path.join(out, 'client', 'about', 'index.html'));
    const homeRaw = statSync(path.join(out, 'client', 'index.html')).size;
    console.log(`== ${pages} pages: one-word publish`);
    // Three times, each a different word: one Publish is at the mercy of whatever else the
    // machine does at that moment; the median says what an editor usually waits.
    const oneWord: number[] = [];
    for (const word of ['today', 'now', 'again'])
      oneWord.push(
        await publishAfter(content, cache, 'pages/about.yaml', (t) =>
          t.replace(/^(\s+heading: )(.*)$/m, `$1$2 ${word}`),
        ),
      );
    console.log(`== ${pages} pages: listing-title publish`);
    const listingS = await publishAfter(content, cache, SOURCE_PAGE, (t) =>
      t.replace(/^(\s+)title: Telematics \(IoT\)$/m, '$1title: Telematics and IoT'),
    );
    console.log(`== ${pages} pages: Publish reaching a second instance (PostgreSQL)`);
    const shared = await measureSharedPublish(content, cache, () =>
      edit(content, 'pages/about.yaml', (t) => t.replace(/^(\s+heading: )(.*)$/m, '$1$2 everywhere')),
    );
    return {
      pages,
      full,
      shared,
      oneWordS: oneWord.toSorted((a, b) => a - b)[1] ?? 0,
      oneWordRange: `${s(Math.min(...oneWord))}–${s(Math.max(...oneWord))}`,
      listingS,
      aboutRaw: about.length,
      aboutGzip: gzipSync(about).length,
      homeRaw,
      loadBefore,
      loadAfter: load(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1e6).toFixed(2)} MB` : `${Math.round(bytes / 1000)} KB`;
const s = (seconds: number) => `${seconds.toFixed(1)} s`;

function stepTimes(t: Timed): string {
  const names = Object.keys(t.steps);
  return names
    .map((name, i) => {
      const next = names[i + 1];
      const end = next ? (t.steps[next] ?? t.wallS) : t.wallS;
      return `${name} ${s(end - (t.steps[name] ?? 0))}`;
    })
    .filter((line) => !line.startsWith('done'))
    .join(', ');
}

function report(results: SizeResult[]): string {
  const cpu = cpus();
  return [
    '# Build and Publish as the site grows',
    '',
    `Made by \`npm run bench:build\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}. Each site is today's content plus copies of ` +
      `\`${SOURCE_PAGE}\` under new addresses. "Publish" is the staff editor's button ` +
      '(server/editor/publish.ts): from the press until the new build is served, each started once the disk has written out what the step before left (`sync`). The load average ' +
      '(1, 5, 15 minutes) is given because other work on the machine slows every figure. ' +
      (menuLimit > 0
        ? `The services menu shows ${menuLimit} pages and "All services", the home page's services carousel ${menuLimit} (\`--menu-limit ${menuLimit}\`).`
        : 'Every menu lists every page (`--menu-limit 0`).'),
    '',
    '| pages | full build (wall) | full build (CPU) | steps | one-word publish (median of 3, range) | listing-title publish | `/about` HTML raw / gzip | home HTML | load before → after |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.full.written} | ${s(r.full.wallS)} | ${s(r.full.cpuS)} | ${stepTimes(r.full)} | ${s(r.oneWordS)} (${r.oneWordRange}) | ${s(r.listingS)} | ${kb(r.aboutRaw)} / ${kb(r.aboutGzip)} | ${kb(r.homeRaw)} | ${r.loadBefore} → ${r.loadAfter} |`,
    ),
    '',
    '## Publish on two instances (PostgreSQL)',
    '',
    'Instance A publishes and stores its build in the database; instance B follows it',
    '(server/releases/). From the press until each serves the new build:',
    '',
    '| pages | first Publish, until B serves (B fetches the whole site) | one-word Publish, until A serves | until B serves | files A uploaded for it |',
    '|---|---|---|---|---|',
    ...results.map((r) =>
      r.shared
        ? `| ${r.full.written} | ${s(r.shared.firstS)} | ${s(r.shared.oneWordA)} | ${s(r.shared.oneWordB)} | ${r.shared.uploaded} |`
        : `| ${r.full.written} | no PostgreSQL | | | |`,
    ),
    '',
    'Goals (issue 34): full build of 1,031 pages in 60 s or less with compression; a one-word publish',
    'in 3 s or less at 31 and at 1,031 pages; a listing-title publish at 1,031 pages in 30 s or less;',
    '`/about` at 1,031 pages 120 KB or less, raw.',
    '',
  ].join('\n');
}

const results: SizeResult[] = [];
for (const pages of sizes) {
  const result = await measure(pages);
  console.log(
    `${pages} pages: full ${s(result.full.wallS)} (CPU ${s(result.full.cpuS)}), one word ${s(result.oneWordS)}, listing ${s(result.listingS)}, /about ${kb(result.aboutRaw)}`,
  );
  results.push(result);
}
const target = path.resolve(ROOT, args.report);
writeFileSync(target, report(results));
console.log(`Wrote ${path.relative(ROOT, target)}`);
