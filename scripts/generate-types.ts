/**
 * `npm run gen`: derives everything that follows from the block schemas.
 *  - schema/block.schema.json: the union of all block schemas (so editors and ajv see every block);
 *  - src/content/generated/content-types.ts: TypeScript types of site.yaml, pages and every block.
 * A unit test fails when either file is stale, so a schema change cannot ship without them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateContentTypes, generatedPaths, generateUnionSchemaText } from './build/generateTypes.ts';

const union = generateUnionSchemaText();
writeFileSync(generatedPaths.unionSchema, union);
const types = await generateContentTypes();
writeFileSync(generatedPaths.types, types);
console.log(
  `Wrote ${path.relative(process.cwd(), generatedPaths.unionSchema)} and ${path.relative(process.cwd(), generatedPaths.types)}`,
);
