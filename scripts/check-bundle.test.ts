// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkBundle, firstLoadScripts, staticImports } from './check-bundle.ts';

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
});
