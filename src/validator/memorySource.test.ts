// @vitest-environment node
/**
 * The validator's core reads nothing by itself, so the browser (the visual editor, with the
 * schemas bundled by Vite and their checks compiled at build time) and Node (files on disk, the
 * checks compiled at run time) must reach the same verdict, in the same words, on the same files.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { repositoryContent } from '../../tests/support/repositoryContent.ts';
import { bundledSchemas } from './bundledSchemas.ts';
import { type MemoryContent, memoryContentSource } from './memoryContentSource.ts';
import { precompiledValidators } from './precompiledValidators.ts';
import { validateSite } from './validateSite.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The content as the browser editor validates it: in memory, with the checks compiled at build time. */
const asInBrowser = (content: Omit<MemoryContent, 'schemas'>) =>
  memoryContentSource({ ...content, schemas: bundledSchemas }, precompiledValidators);

/** `npm run validate` on a copy of the repository's content with some files replaced. */
function validateCopyOnDisk(replaced: ReadonlyMap<string, string>) {
  const copy = mkdtempSync(path.join(tmpdir(), 'validator-copy-'));
  try {
    for (const part of ['site.yaml', 'redirects.yaml', 'pages', 'public', 'schema'])
      cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true });
    for (const [file, text] of replaced) writeFileSync(path.join(copy, file), text);
    return readFolder(copy, { today: '2026-11-24' });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

describe('the validator in memory (as the browser editor runs it)', () => {
  it('bundles every schema file that Node reads from schema/', () => {
    const onDisk = ['', 'blocks'].flatMap((sub) =>
      readdirSync(path.join(ROOT, 'schema', sub))
        .filter((f) => f.endsWith('.schema.json'))
        .map((f) => (sub ? `${sub}/${f}` : f)),
    );
    expect(bundledSchemas.map((s) => s.relPath).sort()).toEqual(onDisk.sort());
  });

  it("accepts the repository's content, as `npm run validate` does", () => {
    const { files, images } = repositoryContent();
    const result = validateSite(asInBrowser({ files, images }), {
      today: '2026-11-24',
    });
    expect(result.errors).toEqual([]);
    expect(result.stats).toEqual(readFolder(ROOT, { today: '2026-11-24' }).stats);
  });

  it('reports an edited page with the same file:line:column and words as on disk', () => {
    const { files, images } = repositoryContent();
    const file = 'pages/services/iot.yaml';
    files.set(file, (files.get(file) ?? '').replace('type: bulletGrid', 'type: bulletList'));
    const result = validateSite(asInBrowser({ files, images }));
    const error = result.errors.find((e) => e.file === file);
    expect(error?.message).toContain('Unknown block type "bulletList"');
    expect(error?.line).toBe(
      (files.get(file) ?? '').split('\n').findIndex((l) => l.includes('bulletList')) + 1,
    );
  });

  it('reports a picture the site does not have', () => {
    const { files, images } = repositoryContent();
    images.delete('/images/services/iot/hero-desktop.svg');
    const result = validateSite(asInBrowser({ files, images }));
    expect(result.errors.map((e) => e.message)).toContain(
      'Image "/images/services/iot/hero-desktop.svg" not found: there is no file public/images/services/iot/hero-desktop.svg.',
    );
  });

  it('finds every problem of broken files in the words and at the file:line:column `npm run validate` prints', () => {
    const { files, images } = repositoryContent();
    const edit = (file: string, from: string | RegExp, to: string) => {
      const text = files.get(file) ?? '';
      const changed = text.replace(from, to);
      expect(changed, `${file}: ${from}`).not.toBe(text);
      files.set(file, changed);
    };
    // One of each kind: a format (a function and a pattern), a missing and an unknown property, a
    // wrong type, an unknown block, a link to no page and a picture the site does not have.
    edit('site.yaml', 'email: info@triunetechnologies.in', 'email: info-at-triunetechnologies');
    edit('pages/careers/digital-marketing.yaml', 'datePosted: "2026-11-02"', 'datePosted: "2026-02-30"');
    edit('pages/services/iot.yaml', 'type: bulletGrid', 'type: bulletList');
    edit('pages/services/iot.yaml', 'title: About Service', 'titel: About Service');
    edit('pages/services/iot.yaml', /gradient: \[.*\]/, 'gradient: 42');
    edit('pages/services/iot.yaml', 'hero-desktop.svg', 'hero-wide.svg');
    edit('pages/careers/digital-marketing.yaml', 'link: "#apply"', 'link: /careers/no-such-job');
    const changed = new Map(
      [...files].filter(([file, text]) => text !== repositoryContent().files.get(file)),
    );
    const inBrowser = validateSite(asInBrowser({ files, images }), { today: '2026-11-24' });
    const onDisk = validateCopyOnDisk(changed);
    expect(inBrowser.errors.length).toBeGreaterThanOrEqual(7);
    expect(inBrowser.errors).toEqual(onDisk.errors);
    expect(inBrowser.warnings).toEqual(onDisk.warnings);
  });
});
