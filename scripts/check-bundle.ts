/**
 * Build check: the first-load JavaScript of the home page must not contain sweetalert2 (the forms
 * load it on first use). Reads the built home page (default dist/client/index.html), takes its entry
 * <script type="module"> and every <link rel="modulepreload">, follows their static imports, and fails
 * (exit 1) if any of that code contains sweetalert2's class prefix. Prints the first-load JS size.
 *
 *   tsx scripts/check-bundle.ts [built client folder]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** A string found in sweetalert2's code (its CSS class prefix) and nowhere in ours. */
export const SWEETALERT_MARKER = 'swal2-';

export interface BundleReport {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** First-load files containing sweetalert2 code. */
  offenders: string[];
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
  const report: BundleReport = { files: [], rawBytes: 0, gzipBytes: 0, offenders: [] };
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
    for (const dep of staticImports(text)) {
      const depFile = toFile(dep, file);
      if (depFile && /\.m?js$/.test(depFile)) queue.push(depFile);
    }
  }
  return report;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'dist/client'));
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`No index.html in ${dir}: build first (tsx scripts/build.ts).`);
    process.exit(1);
  }
  const report = checkBundle(dir);
  console.log(
    `First-load JS of the home page: ${report.files.length} files, ${kb(report.rawBytes)} raw, ${kb(report.gzipBytes)} gzip`,
  );
  for (const f of report.files) console.log(`  ${f}`);
  if (report.offenders.length) {
    console.error(`\nsweetalert2 is in the first-load bundle (${report.offenders.join(', ')}).`);
    console.error('Load it with import() on first use (src/forms/dialogs.ts), never statically.');
    process.exit(1);
  }
  console.log('OK: sweetalert2 is not in the first-load bundle.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
