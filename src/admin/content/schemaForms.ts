/**
 * The schemas the editor's forms are generated from (formSchemas.ts, over the schema files Vite
 * bundles, as the validator bundles them), each made once, and the words about blocks they give.
 */
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import {
  blockFormSchema,
  blockTypesOf,
  humanize,
  pageDetailsFormSchema,
  type Schema,
  siteFormSchema,
} from './formSchemas.ts';

export { humanize, type Schema } from './formSchemas.ts';

const cache = new Map<string, Schema>();

function cached(key: string, make: () => Schema): Schema {
  let schema = cache.get(key);
  if (!schema) {
    schema = make();
    cache.set(key, schema);
  }
  return schema;
}

/** Every block type, from schema/blocks/ (the same list the validator and renderer use). */
export const blockTypes: string[] = blockTypesOf(bundledSchemas);

export function blockSchema(type: string): Schema {
  return cached(`blocks/${type}.schema.json`, () => blockFormSchema(bundledSchemas, type));
}

/** The page's own fields (address, title, listing...) without its blocks, which get one form each. */
export function pageDetailsSchema(): Schema {
  return cached('page-details', () => pageDetailsFormSchema(bundledSchemas));
}

export function siteSchema(): Schema {
  return cached('site', () => siteFormSchema(bundledSchemas));
}

/** A block type's name for people: its schema's title without "Block", split into words. */
export function blockLabel(type: string): string {
  return humanize(type);
}

/** What the block does, in the schema's words (its `type` property says it shortly). */
export function blockSummary(type: string): string {
  const props = blockSchema(type).properties as Record<string, Schema> | undefined;
  return String(props?.type?.description ?? blockSchema(type).description ?? '');
}
