// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkBundle,
  firstLoadProblems,
  firstLoadScripts,
  htmlPages,
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
    });
    expect(firstLoadProblems(report, true)).toEqual([
      `forms in the first load: ${path.join('assets', 'form.js')}`,
    ]);
    expect(firstLoadProblems(report, false)).toEqual([
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
});
