// @vitest-environment node
/**
 * The files derived from the schemas must be committed up to date, and every block schema must have
 * a component in the registry (and no component may lack a schema).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockTypeOf, listBlockSchemaFiles } from '../../node/schemaFiles.ts';
import { blockRegistry } from '../../src/renderer/registry.ts';
import { generateContentTypes, generatedPaths, generateUnionSchemaText } from './generateTypes.ts';

describe('generated files', () => {
  it('schema/block.schema.json matches schema/blocks/ (run `npm run gen` if this fails)', () => {
    expect(readFileSync(generatedPaths.unionSchema, 'utf8')).toBe(generateUnionSchemaText());
  });

  it('src/content/generated/content-types.ts matches the schemas (run `npm run gen` if this fails)', async () => {
    expect(readFileSync(generatedPaths.types, 'utf8')).toBe(await generateContentTypes());
  });
});

describe('block registry', () => {
  it('has exactly one component per block schema', () => {
    const schemaTypes = listBlockSchemaFiles().map(blockTypeOf).sort();
    expect(Object.keys(blockRegistry).sort()).toEqual(schemaTypes);
  });
});
