/**
 * A field's name for people, from the schema titles the form shows as its labels: "Heading in
 * Page hero", "Bullets 3 in Cards 1 in Bullet grid". Never a path such as `blocks.0.heading`.
 */
import { blockLabel, blockSchema, pageDetailsSchema, type Schema, siteSchema } from './schemaForms.ts';
import type { Segment } from './validation.ts';

function child(schema: Schema | undefined, key: Segment): Schema | undefined {
  if (!schema) return undefined;
  const options = Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : [schema];
  for (const option of options) {
    if (typeof key === 'number' && option.items && typeof option.items === 'object')
      return option.items as Schema;
    const props = option.properties as Record<string, Schema> | undefined;
    if (typeof key === 'string' && props?.[key]) return props[key];
  }
  return undefined;
}

const titleOf = (schema: Schema | undefined, key: Segment) =>
  typeof schema?.title === 'string' ? schema.title : String(key);

/** The names of each step of `path` in `schema`, innermost first. */
function names(schema: Schema, path: readonly Segment[]): string[] {
  const out: string[] = [];
  let at: Schema | undefined = schema;
  for (const key of path) {
    const next = child(at, key);
    // A list item is its list's title and its number: "Bullets 3", not "Bullets" then "3".
    if (typeof key === 'number') out[0] = `${out[0] ?? 'Item'} ${key + 1}`;
    else out.unshift(titleOf(next, key));
    at = next;
  }
  return out;
}

/** A field of a page: its own details, or a block's field (`blocks`, index, ...) by the block's type. */
export function pageFieldLabel(page: Record<string, unknown>, path: readonly Segment[]): string {
  const [first, index, ...rest] = path;
  if (first === 'blocks' && typeof index === 'number') {
    const blocks = Array.isArray(page.blocks) ? (page.blocks as Record<string, unknown>[]) : [];
    const type = String(blocks[index]?.type ?? '');
    const section = type ? blockLabel(type) : `Section ${index + 1}`;
    if (!rest.length) return `The section ${section}`;
    return [...names(type ? blockSchema(type) : {}, rest), section].join(' in ');
  }
  return names(pageDetailsSchema(), path).join(' in ');
}

export function siteFieldLabel(path: readonly Segment[]): string {
  return names(siteSchema(), path).join(' in ');
}
