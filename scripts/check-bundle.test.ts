// @vitest-environment node

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bootTag } from './build/scriptsAfterPaint.ts';
import {
  blockChunks,
  checkBundle,
  FIRST_LOAD_BUDGET_KB,
  firstLoadBudgetKb,
  firstLoadProblems,
  firstLoadScripts,
  htmlPages,
  type Manifest,
  pagesOfContent,
  staffChunks,
  staticImports,
  usesIndustriesCarousel,
} from './check-bundle.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (rel: string, text: string) => writeFileSync(path.join(dir, rel), text);
const page = (head: string) =>
  `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`;

describe('check-bundle', () => {
  it('finds module entries and modulepreload links, not other scripts', () => {
    expect(
      firstLoadScripts(
        page(
          '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
            '<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">' +
            '<link rel="stylesheet" href="/assets/index.css"><script src="/legacy.js"></script>' +
            '<script type="application/ld+json">{}</script>',
        ),
      ),
    ).toEqual(['/assets/index-a.js', '/assets/vendor-b.js']);
  });

  it('finds what the boot script of a pre-rendered page loads after its first paint', () => {
    const html = page('<link rel="stylesheet" href="/assets/index.css">').replace(
      '</body>',
      `${bootTag('/assets/index-a.js', ['/assets/react-b.js', '/assets/Hero-c.js'])}</body>`,
    );
    expect(firstLoadScripts(html)).toEqual(['/assets/index-a.js', '/assets/react-b.js', '/assets/Hero-c.js']);
  });

  it('follows static imports but not dynamic import()', () => {
    expect(
      staticImports(
        'import{a as b}from"./x.js";import"./y.js";const l=()=>import("./lazy.js");export*from"./z.js"',
      ),
    ).toEqual(['./x.js', './y.js', './z.js']);
  });

  it('passes when sweetalert2 is only in a lazily imported chunk, and reports the size', () => {
    write('index.html', page('<script type="module" src="/assets/index.js"></script>'));
    write('assets/index.js', 'import{r}from"./react.js";const d=()=>import("./dialogs.js");r(d)');
    write('assets/react.js', `export const r=()=>${JSON.stringify('x'.repeat(500))}`);
    write('assets/dialogs.js', 'document.body.className="swal2-shown"');
    const report = checkBundle(dir);
    expect(report.offenders).toEqual([]);
    expect(report.files).toEqual([path.join('assets', 'index.js'), path.join('assets', 'react.js')]);
    expect(report.rawBytes).toBeGreaterThan(500);
    expect(report.gzipBytes).toBeGreaterThan(0);
    expect(report.gzipBytes).toBeLessThan(report.rawBytes);
  });

  it('fails when a preloaded or statically imported chunk holds sweetalert2', () => {
    write(
      'index.html',
      page(
        '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/pre.js">',
      ),
    );
    write('assets/index.js', 'import"./vendor.js";');
    write('assets/vendor.js', 'const c="swal2-container"');
    write('assets/pre.js', 'const p="swal2-popup"');
    expect(checkBundle(dir).offenders.sort()).toEqual([
      path.join('assets', 'pre.js'),
      path.join('assets', 'vendor.js'),
    ]);
  });

  it('names the form code and keen-slider found in a first load, and which of it a page may have', () => {
    write('index.html', page('<script type="module" src="/assets/index.js"></script>'));
    write('assets/index.js', 'import"./form.js";import"./slider.js";');
    write('assets/form.js', 'const p={demo:"/api/contact-demo"}');
    write('assets/slider.js', 'e.setAttribute("data-keen-slider-moves","")');
    const report = checkBundle(dir);
    expect(report.found).toEqual({
      sweetalert2: [],
      forms: [path.join('assets', 'form.js')],
      'keen-slider': [path.join('assets', 'slider.js')],
      'staff-app': [],
    });
    expect(firstLoadProblems(report, { blockTypes: ['industriesCarousel'] }, {}, 1000)).toEqual([
      `forms in the first load: ${path.join('assets', 'form.js')}`,
    ]);
    expect(firstLoadProblems(report, { blockTypes: ['hero'] }, {}, 1000)).toEqual([
      `forms in the first load: ${path.join('assets', 'form.js')}`,
      `keen-slider in the first load: ${path.join('assets', 'slider.js')}`,
    ]);
  });

  it('lists every pre-rendered page of a build, and tells a page with the carousel', () => {
    mkdirSync(path.join(dir, 'services', 'iot'), { recursive: true });
    write('index.html', page(''));
    write('404.html', page(''));
    write('services/iot/index.html', page(''));
    write('assets/index.html', 'not a page');
    expect(htmlPages(dir).sort()).toEqual([
      '404.html',
      'index.html',
      path.join('services', 'iot', 'index.html'),
    ]);
    expect(usesIndustriesCarousel('<div class="keen-slider _slider_x">')).toBe(true);
    expect(usesIndustriesCarousel('<div class="_slider_x">')).toBe(false);
  });

  /** A build whose entry imports `react.js` (`size` random bytes: gzip cannot shrink them) and the given chunks. */
  const build = (size: number, imports: string[]) => {
    write('index.html', page('<script type="module" src="/assets/index.js"></script>'));
    write('assets/index.js', imports.map((f) => `import"./${f}";`).join(''));
    writeFileSync(path.join(dir, 'assets', 'react.js'), randomBytes(size));
  };
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
    _react: { file: 'assets/react.js' },
    'src/blocks/hero/Hero.tsx': { file: 'assets/Hero.js' },
    'src/blocks/jobTiles/JobTiles.tsx': { file: 'assets/JobTiles.js' },
    'src/admin/main.tsx': { file: 'assets/admin.js' },
    'src/admin/content/ContentSection.tsx': { file: 'assets/ContentSection.js' },
  };

  it('fails a page whose first load is over its budget, naming the figure and its largest files', () => {
    const budget = FIRST_LOAD_BUDGET_KB.other;
    expect(firstLoadBudgetKb('index.html')).toBe(FIRST_LOAD_BUDGET_KB.home);
    expect(firstLoadBudgetKb(path.join('careers', 'index.html'))).toBe(budget);
    build(budget * 1024 + 2048, ['react.js']);
    const report = checkBundle(dir);
    expect(report.gzipBytes).toBeGreaterThan(budget * 1024);
    const problems = firstLoadProblems(report, { blockTypes: [] }, manifest, budget);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^first-load JS \\d+\\.\\d KB gzip, over the budget of ${budget} KB \\(largest: assets.react\\.js \\d+\\.\\d KB, assets.index\\.js 0\\.0 KB\\)$`,
      ),
    );

    build(budget * 1024 - 2048, ['react.js']);
    expect(firstLoadProblems(checkBundle(dir), { blockTypes: [] }, manifest, budget)).toEqual([]);
  });

  it('fails a page whose first load holds the code of a block type it does not have', () => {
    build(100, ['react.js', 'Hero.js', 'JobTiles.js']);
    write('assets/Hero.js', 'export const h=1');
    write('assets/JobTiles.js', 'export const j=1');
    expect(blockChunks(manifest)).toEqual(
      new Map([
        ['hero', new Set(['assets/Hero.js'])],
        ['jobTiles', new Set(['assets/JobTiles.js'])],
      ]),
    );
    const report = checkBundle(dir);
    expect(firstLoadProblems(report, { blockTypes: ['hero'] }, manifest, 1000)).toEqual([
      'code of block "jobTiles", which the page does not have: assets/JobTiles.js',
    ]);
    expect(firstLoadProblems(report, { blockTypes: ['hero', 'jobTiles'] }, manifest, 1000)).toEqual([]);
  });

  it("fails a public page whose first load holds the staff app's code, by its chunk or its API address", () => {
    build(100, ['react.js', 'admin.js', 'shared.js']);
    write('assets/admin.js', 'export const a=1');
    write('assets/shared.js', 'fetch(b+"/api/admin/session")');
    expect(staffChunks(manifest)).toEqual(new Set(['assets/admin.js', 'assets/ContentSection.js']));
    expect(firstLoadProblems(checkBundle(dir), { blockTypes: [] }, manifest, 1000)).toEqual([
      'staff-app code (src/admin) in the first load: assets/admin.js',
      'staff-app code (src/admin) in the first load: assets/shared.js',
    ]);
  });

  it("knows every page's blocks from the content, aliases and the 404 page included", () => {
    const pages = pagesOfContent(path.resolve(import.meta.dirname, '..'));
    expect(pages.get('index.html')?.blockTypes).toContain('hero');
    // /services is an alias: the same blocks as the page it shows.
    expect(pages.get(path.join('services', 'index.html'))?.blockTypes.length).toBeGreaterThan(0);
    expect(pages.get('404.html')?.blockTypes.length).toBeGreaterThan(0);
    expect(pages.get(path.join('careers', 'app-developer', 'index.html'))?.blockTypes).not.toContain('hero');
  });
});
