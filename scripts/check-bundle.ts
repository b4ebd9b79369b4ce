/**
 * Build check: what a pre-rendered page loads up front. For a page's HTML it takes the entry
 * <script type="module"> and every <link rel="modulepreload">, follows their static imports, and
 * measures that JavaScript (raw and gzip) and looks in it for code that must load only when needed:
 * sweetalert2 and the form code (on first use of a form), keen-slider (only on pages with the
 * industries carousel, and then only when it comes near the screen).
 *
 *   tsx scripts/check-bundle.ts [built client folder]
 *
 * checks every page of the build (each index.html, and 404.html) and exits 1 on any such code in a
 * first load. The browser suite runs the same check on every route (tests/e2e/bundle.e2e.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** A string found in sweetalert2's code (its CSS class prefix) and nowhere in ours. */
export const SWEETALERT_MARKER = 'swal2-';

/**
 * Code that is recognisable by a string only it contains: sweetalert2 by its class prefix, the form
 * code by the forms' API addresses (src/forms/rules.ts API_PATHS, used only by the forms and their
 * submission hook), keen-slider by the data attributes it sets.
 */
export const MARKERS = {
  sweetalert2: [SWEETALERT_MARKER],
  forms: ['/api/contact-demo', '/api/apply-position', '/api/brochure-request'],
  'keen-slider': ['data-keen-slider-'],
} as const;
export type MarkedCode = keyof typeof MARKERS;

export interface BundleReport {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** First-load files containing sweetalert2 code. */
  offenders: string[];
  /** First-load files holding each kind of marked code. */
  found: Record<MarkedCode, string[]>;
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);

/** The JS a page's HTML loads up front: module entry scripts and modulepreload links. */
export function firstLoadScripts(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi))
    if (attr(tag, 'type') === 'module') {
      const src = attr(tag, 'src');
      if (src) found.push(src);
    }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi))
    if (attr(tag, 'rel')?.split(/\s+/).includes('modulepreload')) {
      const href = attr(tag, 'href');
      if (href) found.push(href);
    }
  return [...new Set(found)];
}

/** Static imports (`import x from "./a.js"`, `import "./b.js"`, `export * from "./c.js"`), not import(). */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) if (m[1]) out.push(m[1]);
  return out;
}

export function checkBundle(clientDir: string, htmlFile = 'index.html'): BundleReport {
  const html = readFileSync(path.join(clientDir, htmlFile), 'utf8');
  const toFile = (url: string, from?: string): string | undefined => {
    if (/^(https?:)?\/\//.test(url)) return undefined; // other origins are not ours
    const clean = url.split(/[?#]/)[0] ?? url;
    if (clean.startsWith('/')) return path.join(clientDir, clean);
    return path.resolve(from ? path.dirname(from) : clientDir, clean);
  };
  const queue = firstLoadScripts(html)
    .map((u) => toFile(u))
    .filter((f): f is string => !!f);
  const seen = new Set<string>();
  const report: BundleReport = {
    files: [],
    rawBytes: 0,
    gzipBytes: 0,
    offenders: [],
    found: { sweetalert2: [], forms: [], 'keen-slider': [] },
  };
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) throw new Error(`First-load script missing: ${path.relative(clientDir, file)}`);
    const code = readFileSync(file);
    const rel = path.relative(clientDir, file);
    report.files.push(rel);
    report.rawBytes += code.length;
    report.gzipBytes += gzipSync(code, { level: 9 }).length;
    const text = code.toString('utf8');
    if (text.includes(SWEETALERT_MARKER)) report.offenders.push(rel);
    for (const [kind, markers] of Object.entries(MARKERS) as [MarkedCode, readonly string[]][])
      if (markers.some((m) => text.includes(m))) report.found[kind].push(rel);
    for (const dep of staticImports(text)) {
      const depFile = toFile(dep, file);
      if (depFile && /\.m?js$/.test(depFile)) queue.push(depFile);
    }
  }
  return report;
}

/**
 * What a page's first load must not hold: sweetalert2 and the form code anywhere; keen-slider on a
 * page without the industries carousel (`usesSlider` false). One line per problem.
 */
export function firstLoadProblems(report: BundleReport, usesSlider: boolean): string[] {
  const problems: string[] = [];
  const forbidden: MarkedCode[] = ['sweetalert2', 'forms', ...(usesSlider ? [] : ['keen-slider' as const])];
  for (const kind of forbidden)
    for (const file of report.found[kind]) problems.push(`${kind} in the first load: ${file}`);
  return problems;
}

/** Every pre-rendered page of a build: its HTML files relative to `clientDir`. */
export function htmlPages(clientDir: string, dir = ''): string[] {
  return readdirSync(path.join(clientDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlPages(clientDir, rel);
    return entry.name === 'index.html' || (dir === '' && entry.name === '404.html') ? [rel] : [];
  });
}

/** Whether a pre-rendered page shows the industries carousel (the one block that uses keen-slider). */
export function usesIndustriesCarousel(html: string): boolean {
  return /\bkeen-slider\b/.test(html);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'dist/client'));
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`No index.html in ${dir}: build first (tsx scripts/build.ts).`);
    process.exit(1);
  }
  let failed = 0;
  for (const page of htmlPages(dir).sort()) {
    const report = checkBundle(dir, page);
    const problems = firstLoadProblems(
      report,
      usesIndustriesCarousel(readFileSync(path.join(dir, page), 'utf8')),
    );
    console.log(
      `${page}: first-load JS ${report.files.length} files, ${kb(report.rawBytes)} raw, ${kb(report.gzipBytes)} gzip`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    if (problems.length) failed++;
  }
  if (failed) {
    console.error(`\n${failed} page(s) load code up front that must load only when needed.`);
    console.error(
      'Load it with import() on first use (src/forms/dialogs.ts) or defer its block (src/renderer/registry.ts).',
    );
    process.exit(1);
  }
  console.log('OK: no sweetalert2 or form code in any first load, keen-slider only where its carousel is.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
