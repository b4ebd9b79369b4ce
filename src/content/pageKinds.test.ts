// @vitest-environment node
/**
 * Which sections each kind of page may hold is declared by the block types themselves; the
 * validator refuses a block on a kind of page its type does not list, and the editor offers only
 * the types a page's kind may hold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFolder } from '../../node/folderSource.ts';
import { bundledSchemas } from '../validator/bundledSchemas.ts';
import { memoryContentSource } from '../validator/memoryContentSource.ts';
import { precompiledValidators } from '../validator/precompiledValidators.ts';
import { blockSchemaFiles } from '../validator/schemas.ts';
import { validateSite } from '../validator/validateSite.ts';
import { pageEntryOf, parsedPage } from './pageEntry.ts';
import { blockTypesFor, kindOfFile, PAGE_KINDS, pageKindsOfBlock } from './pageKinds.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('page kinds', () => {
  it('follow from the file’s place under pages/', () => {
    expect(kindOfFile('pages/index.yaml')).toBe('home');
    expect(kindOfFile('pages/products/triuneerp.yaml')).toBe('product');
    expect(kindOfFile('pages/services/iot.yaml')).toBe('service');
    expect(kindOfFile('pages/careers/app-developer.yaml')).toBe('career');
    expect(kindOfFile('pages/about.yaml')).toBe('other');
    // A file directly in pages/ named like a folder is not in that folder.
    expect(kindOfFile('pages/services.yaml')).toBe('other');
  });

  it('are declared by every block type, each a kind the site has', () => {
    for (const file of blockSchemaFiles(bundledSchemas)) {
      const declared = file.schema.pageKinds;
      expect(Array.isArray(declared) && declared.length > 0, `${file.relPath} declares pageKinds`).toBe(true);
      expect(pageKindsOfBlock(file.schema), file.relPath).toEqual(declared);
    }
  });

  it('give each kind the sections its pages hold today, and no more than declared', () => {
    expect(blockTypesFor('career', bundledSchemas)).toEqual([
      'applicationForm',
      'bulletGrid',
      'jobTiles',
      'pageHero',
      'textCards',
    ]);
    expect(blockTypesFor('service', bundledSchemas)).toContain('demoForm');
    expect(blockTypesFor('service', bundledSchemas)).not.toContain('hero');
    for (const kind of PAGE_KINDS) expect(blockTypesFor(kind, bundledSchemas).length).toBeGreaterThan(0);
  });

  it('decide what the editor offers, whatever pages use today', () => {
    // A career page with no sections yet is offered what career pages may hold, no more.
    const entry = pageEntryOf(
      'pages/careers/qa-engineer.yaml',
      parsedPage('title: QA\nblocks: []\n'),
      bundledSchemas,
    );
    expect(entry.blockTypes).toEqual(blockTypesFor('career', bundledSchemas));
    expect(entry.blockTypes).toContain('applicationForm');
    expect(pageEntryOf('pages/index.yaml', null, bundledSchemas).blockTypes).toContain('hero');
    expect(pageEntryOf('pages/privacy.yaml', null, bundledSchemas).blockTypes).not.toContain(
      'applicationForm',
    );
  });
});

describe('the validator and page kinds', () => {
  it("accepts today's content", () => {
    expect(readFolder(ROOT, { today: '2026-11-24' }).errors).toEqual([]);
  });

  it('refuses a block on a kind of page its type does not declare, at its line, saying what fits', () => {
    const file = 'pages/services/iot.yaml';
    const text = readFileSync(path.join(ROOT, file), 'utf8').replace('type: bulletGrid', 'type: jobTiles');
    const site = readFileSync(path.join(ROOT, 'site.yaml'), 'utf8');
    const source = memoryContentSource(
      {
        files: new Map([
          ['site.yaml', site],
          [file, text],
        ]),
        images: new Set(),
        schemas: bundledSchemas,
      },
      precompiledValidators,
    );
    const jobTilesAt = (parse(text) as { blocks: { type: string }[] }).blocks.findIndex(
      (b) => b.type === 'jobTiles',
    );
    const error = validateSite(source).errors.find((e) => e.code === 'block-not-allowed');
    expect(error).toMatchObject({
      file,
      line: text.split('\n').findIndex((l) => l.includes('type: jobTiles')) + 1,
      // The place as a list (for the editor), and as people read it.
      path: ['blocks', jobTilesAt, 'type'],
      where: `blocks[${jobTilesAt}].type`,
    });
    expect(error?.message).toContain('A "jobTiles" block cannot go on a service page');
    expect(error?.message).toContain('"pageKinds": ["career"]');
    expect(error?.message).toContain(blockTypesFor('service', bundledSchemas).join(', '));
  });
});
