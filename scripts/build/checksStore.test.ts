// @vitest-environment node
/**
 * Each build is a new process: the checks an earlier build made of each file, kept in the build
 * cache, spare parsing and schema-checking the files whose text did not change. What a build then
 * finds is what a run from scratch finds, mistakes' lines and columns included, also where the
 * mistake sits in a file that was not read again (a link broken by another page's new address).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledSchemas } from '../../src/validator/bundledSchemas.ts';
import { formatError } from '../../src/validator/formatErrors.ts';
import { memorySource } from '../../src/validator/memorySource.ts';
import {
  type ContentSource,
  FileChecksCache,
  type ValidationResult,
  validateSite,
} from '../../src/validator/validateSite.ts';
import { repositoryContent } from '../../tests/support/repositoryContent.ts';
import { BuildCache } from './buildCache.ts';
import { checksStore } from './checksStore.ts';

const TODAY = '2026-11-27';
const { files: baseFiles, images } = repositoryContent();
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The content as a build in a new process reads it, counting the files checked against a schema. */
function buildProcess(files: ReadonlyMap<string, string>, cacheDir: string, code = 'code-1') {
  const base = memorySource({ files, images, schemas: bundledSchemas });
  const checked: string[] = [];
  const source: ContentSource = {
    ...base,
    validators: {
      site: (data) => {
        checked.push('site.yaml');
        return base.validators.site(data);
      },
      page: (data) => {
        checked.push(String((data as { path?: unknown } | null)?.path));
        return base.validators.page(data);
      },
      redirects: (data) => {
        checked.push('redirects.yaml');
        return base.validators.redirects(data);
      },
    },
  };
  const cache = new FileChecksCache(checksStore(new BuildCache(cacheDir), code));
  return { result: validateSite(source, { today: TODAY, cache }), checked };
}

const verdict = (r: ValidationResult) => ({
  errors: r.errors.map(formatError),
  warnings: r.warnings.map(formatError),
  pages: r.content?.pages.map((p) => p.file),
  site: r.content?.site,
});

const fromScratch = (files: ReadonlyMap<string, string>) =>
  validateSite(memorySource({ files, images, schemas: bundledSchemas }), { today: TODAY });

describe('the checks kept in the build cache', () => {
  it('check again only the changed files, and find what a run from scratch finds', () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'checks-store-'));
    folders.push(cacheDir);
    const first = buildProcess(baseFiles, cacheDir);
    expect(first.checked.length).toBe(baseFiles.size);
    expect(verdict(first.result)).toEqual(verdict(fromScratch(baseFiles)));

    // About moves to a new address, which breaks the links other files make to /about: those files
    // are not read again, yet each broken link is reported at its line and column.
    const files = new Map(baseFiles);
    const about = baseFiles.get('pages/about.yaml') ?? '';
    files.delete('pages/about.yaml');
    files.set('pages/about-us.yaml', about.replace('path: /about', 'path: /about-us'));
    const second = buildProcess(files, cacheDir);
    expect(second.checked).toEqual(['/about-us']);
    const expected = verdict(fromScratch(files));
    expect(
      expected.errors.filter((e) => /^(site|pages\/(?!about)).*:\d+:\d+/.test(e)).length,
    ).toBeGreaterThan(0);
    expect(verdict(second.result)).toEqual(expected);
    expect(second.result.content).toEqual(fromScratch(files).content);
  });

  it('are not used by another version of the code', () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'checks-store-'));
    folders.push(cacheDir);
    buildProcess(baseFiles, cacheDir, 'code-1');
    expect(buildProcess(baseFiles, cacheDir, 'code-1').checked).toEqual([]);
    expect(buildProcess(baseFiles, cacheDir, 'code-2').checked.length).toBe(baseFiles.size);
  });
});
