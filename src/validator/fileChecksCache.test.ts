// @vitest-environment node
/**
 * The validator run again and again on one site (the editor at each keystroke and save, the dev
 * server at each change) keeps each file's own checks: only files whose text changed are parsed
 * and checked against their schema again, and the verdict is the same as a run from scratch.
 */
import { describe, expect, it } from 'vitest';
import { repositoryContent } from '../../tests/support/repositoryContent.ts';
import { bundledSchemas } from './bundledSchemas.ts';
import { formatError } from './formatErrors.ts';
import { memorySource } from './memorySource.ts';
import type { SchemaValidators } from './schemaValidator.ts';
import { type ContentSource, FileChecksCache, type ValidationResult, validateSite } from './validateSite.ts';

const TODAY = '2026-11-27';
const { files: baseFiles, images } = repositoryContent();

/** A source over `files` whose schema checks count the files they are asked to check. */
function countingSource(files: ReadonlyMap<string, string>, validators?: SchemaValidators) {
  const base = memorySource({ files, images, schemas: bundledSchemas });
  const checked: string[] = [];
  const real = validators ?? base.validators;
  const source: ContentSource = {
    ...base,
    validators: {
      site: (data) => {
        checked.push('site.yaml');
        return real.site(data);
      },
      page: (data) => {
        checked.push(String((data as { path?: unknown } | null)?.path));
        return real.page(data);
      },
      redirects: (data) => {
        checked.push('redirects.yaml');
        return real.redirects(data);
      },
    },
  };
  return { source, checked };
}

const verdict = (r: ValidationResult) => ({
  errors: r.errors.map(formatError),
  warnings: r.warnings.map(formatError),
  pages: r.content?.pages.map((p) => p.file),
});

describe('FileChecksCache', () => {
  it('checks again only the files whose text changed, and finds what a run from scratch finds', () => {
    const cache = new FileChecksCache();
    const { source, checked } = countingSource(baseFiles);
    const edits: [string, (text: string) => string][] = [
      // A mistake in one page, then its fix; a link broken by another page's new address; site.yaml.
      ['pages/services/iot.yaml', (t) => t.replace('  - type: aboutCard', '  - type: aboutCrad')],
      ['pages/services/iot.yaml', (t) => t],
      ['pages/about.yaml', (t) => t.replace('path: /about', 'path: /about-us')],
      ['site.yaml', (t) => t.replace('chatHintDelayMs: 8000', 'chatHintDelayMs: 9000')],
    ];
    validateSite(source, { today: TODAY, cache });
    const files = new Map(baseFiles);
    for (const [file, edit] of edits) {
      files.set(file, edit(baseFiles.get(file) ?? ''));
      const counted = countingSource(files);
      const withCache = validateSite(
        { ...counted.source, validators: source.validators },
        { today: TODAY, cache },
      );
      const fromScratch = validateSite(memorySource({ files, images, schemas: bundledSchemas }), {
        today: TODAY,
      });
      expect(verdict(withCache)).toEqual(verdict(fromScratch));
    }
    // The first run checked every file; each later run only the file just edited.
    expect(checked.length).toBe(baseFiles.size + edits.length);
    expect(checked.slice(baseFiles.size)).toEqual([
      '/services/iot',
      '/services/iot',
      '/about-us',
      'site.yaml',
    ]);
  });

  it('checks everything again with other schema checks', () => {
    const cache = new FileChecksCache();
    const first = countingSource(baseFiles);
    validateSite(first.source, { cache });
    validateSite(first.source, { cache });
    expect(first.checked.length).toBe(baseFiles.size);
    const second = countingSource(baseFiles);
    validateSite(second.source, { cache });
    expect(second.checked.length).toBe(baseFiles.size);
  });
});
