/**
 * Where the JSON Schemas live on disk. The validator, the type generator and the block scaffolder
 * all read the schema folder through this module, so its layout is written once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonSchema, SchemaFile } from '../../src/validator/schemas.ts';

export { blockTypeOf, buildBlockUnionSchema } from '../../src/validator/schemas.ts';

export const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../schema');
export const BLOCK_SCHEMA_DIR = path.join(SCHEMA_DIR, 'blocks');

/** The block schema files of a schema folder's blocks/ (default: this repository's). */
export function listBlockSchemaFiles(blockSchemaDir: string = BLOCK_SCHEMA_DIR): string[] {
  return readdirSync(blockSchemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
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
