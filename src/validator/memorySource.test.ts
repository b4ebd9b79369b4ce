// @vitest-environment node
/**
 * The validator's core reads nothing by itself, so the browser (the visual editor, with the
 * schemas bundled by Vite) and Node (files on disk) must reach the same verdict on the same files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/build/validateFolder.ts';
import { bundledSchemas } from './bundledSchemas.ts';
import { memorySource } from './memorySource.ts';
import { validateSite } from './validateSite.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

function repositoryInMemory() {
  const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');
  const files = new Map<string, string>([['site.yaml', readFileSync(path.join(ROOT, 'site.yaml'), 'utf8')]]);
  for (const abs of filesUnder(path.join(ROOT, 'pages'))) files.set(rel(abs), readFileSync(abs, 'utf8'));
  const images = new Set(
    filesUnder(path.join(ROOT, 'public')).map((abs) => `/${rel(abs).slice('public/'.length)}`),
  );
  return { files, images };
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
    const { files, images } = repositoryInMemory();
    const result = validateSite(memorySource({ files, images, schemas: bundledSchemas }), {
      today: '2026-11-24',
    });
    expect(result.errors).toEqual([]);
    expect(result.stats).toEqual(validateContent(ROOT, { today: '2026-11-24' }).stats);
  });

  it('reports an edited page with the same file:line:column and words as on disk', () => {
    const { files, images } = repositoryInMemory();
    const file = 'pages/services/iot.yaml';
    files.set(file, (files.get(file) ?? '').replace('type: bulletGrid', 'type: bulletList'));
    const result = validateSite(memorySource({ files, images, schemas: bundledSchemas }));
    const error = result.errors.find((e) => e.file === file);
    expect(error?.message).toContain('Unknown block type "bulletList"');
    expect(error?.line).toBe(
      (files.get(file) ?? '').split('\n').findIndex((l) => l.includes('bulletList')) + 1,
    );
  });

  it('reports a picture the site does not have', () => {
    const { files, images } = repositoryInMemory();
    images.delete('/images/services/iot/hero-desktop.svg');
    const result = validateSite(memorySource({ files, images, schemas: bundledSchemas }));
    expect(result.errors.map((e) => e.message)).toContain(
      'Image "/images/services/iot/hero-desktop.svg" not found: there is no file public/images/services/iot/hero-desktop.svg.',
    );
  });
});
