/**
 * The JSON Schemas bundled into the browser's code by Vite (for the visual editor, which validates
 * as the user types). Node reads the same files from disk: node/schemaFiles.ts.
 */
import type { JsonSchema, SchemaFile } from './schemas.ts';

const modules = import.meta.glob<JsonSchema>('../../schema/**/*.schema.json', {
  eager: true,
  import: 'default',
});

export const bundledSchemas: readonly SchemaFile[] = Object.entries(modules)
  .map(([file, schema]) => ({ relPath: file.replace('../../schema/', ''), schema }))
  .sort((a, b) => a.relPath.localeCompare(b.relPath));
