/**
 * `npm run lighthouse`: the performance budget, measured. Serves the production build with the real
 * server (building dist/ first if needed), runs Lighthouse with its mobile defaults in Chromium on
 * every page, writes reports/lighthouse.md (scores, LCP, CLS, TBT, first-load JavaScript) and exits 1
 * when a page is below the budget:
 *   Performance >= 95; Accessibility, Best Practices and SEO = 100; CLS <= 0.02;
 *   first-load JavaScript <= 110 KB gzip on the home page, <= 100 KB gzip on any other page.
 *
 *   tsx scripts/lighthouse.ts [--routes /,/services/iot] [--build DIR] [--out FILE]
 *
 * Chromium: CHROME_PATH, default /usr/bin/chromium. Needs no network.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import type { RouteEntry } from '../src/content/model.ts';
import { htmlFileFor } from './build/prerender.ts';
import { checkBundle } from './check-bundle.ts';
import {
  argValue,
  CHROME_FLAGS,
  CHROME_PATH,
  ensureBuild,
  REPO_ROOT,
  routesToVisit,
  serveBuild,
} from './lib/serveBuild.ts';

export const BUDGET = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0.02,
  homeJsKb: 110,
  otherJsKb: 100,
} as const;

export interface PageResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  /** Audits that lost points (category: audit title — what it found). */
  findings: string[];
}

/** What this page misses of the budget (empty when within it). */
export function budgetFailures(r: PageResult): string[] {
  const out: string[] = [];
  if (r.performance < BUDGET.performance) out.push(`Performance ${r.performance} < ${BUDGET.performance}`);
  if (r.accessibility < BUDGET.accessibility) out.push(`Accessibility ${r.accessibility} < 100`);
  if (r.bestPractices < BUDGET.bestPractices) out.push(`Best Practices ${r.bestPractices} < 100`);
  if (r.seo < BUDGET.seo) out.push(`SEO ${r.seo} < 100`);
  if (r.cls > BUDGET.cls) out.push(`CLS ${r.cls.toFixed(3)} > ${BUDGET.cls}`);
  const jsBudget = r.path === '/' ? BUDGET.homeJsKb : BUDGET.otherJsKb;
  if (r.jsKb > jsBudget) out.push(`first-load JS ${r.jsKb.toFixed(1)} KB > ${jsBudget} KB`);
  return out;
}

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

export function toMarkdown(
  results: PageResult[],
  meta: { date: string; chromium: string; seconds: number },
): string {
  const rows = results.map((r) => {
    const fails = budgetFailures(r);
    return `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${r.jsKb.toFixed(1)} | ${fails.length ? `**${fails.join('; ')}**` : 'ok'} |`;
  });
  const min = (f: (r: PageResult) => number) => Math.min(...results.map(f));
  const max = (f: (r: PageResult) => number) => Math.max(...results.map(f));
  const others = results.filter((r) => r.path !== '/');
  const home = results.find((r) => r.path === '/');
  const findings = results.filter((r) => r.findings.length);
  return [
    '# Lighthouse budget',
    '',
    `Measured by \`npm run lighthouse\` on ${meta.date}: the production build served by the real server on`,
    `127.0.0.1, Lighthouse's mobile defaults (simulated slow 4G, 4x CPU slowdown), ${meta.chromium}.`,
    `${results.length} pages in ${Math.round(meta.seconds)} s.`,
    '',
    `Budget: Performance >= ${BUDGET.performance}; Accessibility, Best Practices, SEO = 100; CLS <= ${BUDGET.cls};`,
    `first-load JavaScript (entry, its static imports and the page's modulepreloads, gzip) <= ${BUDGET.homeJsKb} KB`,
    `on the home page, <= ${BUDGET.otherJsKb} KB on any other page.`,
    '',
    '## Summary',
    '',
    '| | Performance | Accessibility | Best Practices | SEO | LCP | CLS | TBT | First-load JS (KB gzip) |',
    '|---|---|---|---|---|---|---|---|---|',
    `| worst | ${min((r) => r.performance)} | ${min((r) => r.accessibility)} | ${min((r) => r.bestPractices)} | ${min((r) => r.seo)} | ${(max((r) => r.lcpMs) / 1000).toFixed(2)} s | ${max((r) => r.cls).toFixed(3)} | ${Math.round(max((r) => r.tbtMs))} ms | home ${home ? home.jsKb.toFixed(1) : '–'}, others max ${others.length ? Math.max(...others.map((r) => r.jsKb)).toFixed(1) : '–'} |`,
    '',
    '## Pages',
    '',
    '| Page | Perf | A11y | BP | SEO | LCP | CLS | TBT | JS KB | Budget |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(findings.length
      ? [
          '## Audits that lost points',
          '',
          ...findings.flatMap((r) => [`- ${r.path}`, ...r.findings.map((f) => `  - ${f}`)]),
          '',
        ]
      : []),
  ].join('\n');
}

/** Audits of a category that did not pass, as "Category: title — display value". */
function lostPoints(lhr: import('lighthouse').Result): string[] {
  const out: string[] = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (category.id === 'performance' && ref.weight === 0 && audit.score >= 0.5) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      out.push(`${category.title}: ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`);
    }
  }
  return [...out, ...layoutShifts(lhr)];
}

/** Which elements moved, and why, when a page shifted: a shift seen once is hard to reproduce. */
function layoutShifts(lhr: import('lighthouse').Result): string[] {
  const details = lhr.audits['layout-shifts']?.details;
  if (details?.type !== 'table') return [];
  return details.items.map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const causes = (item.subItems?.items ?? [])
      .map((sub) => (typeof sub.cause === 'string' ? sub.cause : ''))
      .filter(Boolean);
    const score = typeof item.score === 'number' ? item.score.toFixed(3) : '?';
    return `Layout shift ${score}: ${node?.selector ?? node?.snippet ?? 'unknown element'}${causes.length ? ` (${causes.join(', ')})` : ''}`;
  });
}

async function main() {
  const started = Date.now();
  const buildDir = ensureBuild();
  const routes: RouteEntry[] = routesToVisit({ notFound: false });
  const outFile = path.resolve(REPO_ROOT, argValue('--out') ?? 'reports/lighthouse.md');
  const server = await serveBuild(buildDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  try {
    for (const route of routes) {
      const t = Date.now();
      // Chrome's trace recording fails now and then on a busy machine (NO_NAVSTART): try once more.
      let lhr: Result;
      for (let attempt = 1; ; attempt++) {
        const run = await lighthouse(`${server.url}${route.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        if (!run) throw new Error(`Lighthouse returned nothing for ${route.path}`);
        lhr = run.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 2) throw new Error(`${route.path}: ${lhr.runtimeError.message}`);
        console.warn(`${route.path}: ${lhr.runtimeError.code}, running it again`);
      }
      const bundle = checkBundle(server.clientDir, htmlFileFor(route.path));
      const result: PageResult = {
        path: route.path,
        performance: score(lhr.categories.performance?.score),
        accessibility: score(lhr.categories.accessibility?.score),
        bestPractices: score(lhr.categories['best-practices']?.score),
        seo: score(lhr.categories.seo?.score),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        jsKb: bundle.gzipBytes / 1024,
        findings: lostPoints(lhr),
      };
      results.push(result);
      const fails = budgetFailures(result);
      console.log(
        `${route.path}: perf ${result.performance}, a11y ${result.accessibility}, bp ${result.bestPractices}, seo ${result.seo}, ` +
          `LCP ${(result.lcpMs / 1000).toFixed(2)} s, CLS ${result.cls.toFixed(3)}, TBT ${Math.round(result.tbtMs)} ms, ` +
          `JS ${result.jsKb.toFixed(1)} KB (${((Date.now() - t) / 1000).toFixed(0)} s)${fails.length ? ` — ${fails.join('; ')}` : ''}`,
      );
      for (const f of result.findings) console.log(`    ${f}`);
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  let chromium = 'Chromium';
  try {
    chromium = execFileSync(CHROME_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {}
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    toMarkdown(results, {
      date: new Date().toISOString().slice(0, 10),
      chromium,
      seconds: (Date.now() - started) / 1000,
    }),
  );
  const failing = results.filter((r) => budgetFailures(r).length);
  console.log(
    `\nWrote ${path.relative(REPO_ROOT, outFile)} (${Math.round((Date.now() - started) / 1000)} s).`,
  );
  if (failing.length) {
    console.error(`Below the budget on ${failing.length} of ${results.length} pages.`);
    process.exit(1);
  }
  console.log(`All ${results.length} pages within the budget.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
