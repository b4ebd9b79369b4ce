/**
 * Where the JSON Schemas live on disk. The validator, the type generator and the block scaffolder
 * all read the schema folder through this module, so its layout is written once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonSchema, SchemaFile } from '../src/validator/schemas.ts';

import { blockTypeOf } from '../src/validator/schemas.ts';

export { blockTypeOf, buildBlockUnionSchema } from '../src/validator/schemas.ts';

export const SCHEMA_DIR = path.resolve(import.meta.dirname, '../schema');
export const BLOCK_SCHEMA_DIR = path.join(SCHEMA_DIR, 'blocks');

/** The block schema files of a schema folder's blocks/ (default: this repository's). */
export function listBlockSchemaFiles(blockSchemaDir: string = BLOCK_SCHEMA_DIR): string[] {
  return readdirSync(blockSchemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
}

/** Each block type's description, from its schema file (offered with `type:` completions in editors). */
export function blockDescriptions(blockSchemaDir: string = BLOCK_SCHEMA_DIR): Record<string, string> {
  return Object.fromEntries(
    listBlockSchemaFiles(blockSchemaDir).map((f) => {
      const schema = JSON.parse(readFileSync(path.join(blockSchemaDir, f), 'utf8')) as JsonSchema;
      return [blockTypeOf(f), typeof schema.description === 'string' ? schema.description : ''];
    }),
  );
}

/** Every schema of a schema folder (default: this repository's), top level and blocks/. */
export function readSchemaFiles(schemaDir: string = SCHEMA_DIR): SchemaFile[] {
  const top = readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json'));
  const blocks = listBlockSchemaFiles(path.join(schemaDir, 'blocks')).map((f) => `blocks/${f}`);
  return [...top, ...blocks].map((relPath) => ({
    relPath,
    schema: JSON.parse(readFileSync(path.join(schemaDir, relPath), 'utf8')) as JsonSchema,
  }));
}

/**
 * A schema without the `title` of each field (a value of `properties`). Those titles are labels
 * for people (the visual editor's fields, an editor's hover: "Picture description"); the type
 * generator names TypeScript types after titles, and must keep naming them after the shared
 * definitions and object shapes (`IconName`, `Image`, `JobTile`), not after every field.
 */
export function withoutFieldTitles(schema: unknown, isField = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withoutFieldTitles(s));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (isField && key === 'title') continue;
    if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, s]) => [name, withoutFieldTitles(s, true)]),
      );
    } else out[key] = withoutFieldTitles(value);
  }
  return out;
}
