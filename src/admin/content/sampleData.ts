/**
 * The fullest value a schema allows: every optional property present, one item in every list.
 * Tests render forms with it to prove every field of every block has an input.
 */
import type { Schema } from './schemaForms.ts';

export function sampleOf(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.oneOf)) return sampleOf(schema.oneOf[0] as Schema);
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, sampleOf(s)]));
    }
    case 'array': {
      const n = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return Array.from({ length: n }, () => sampleOf((schema.items ?? {}) as Schema));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    default:
      if (schema.siteImage) return '/images/sample.svg';
      if (schema.pattern === '^#[0-9a-fA-F]{6}$') return '#336699';
      return 'sample';
  }
}

/** Every path to a leaf value in `data` (["cards", 0, "title"]). */
export function leafPaths(data: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(data)) return data.flatMap((item, i) => leafPaths(item, [...prefix, i]));
  if (data && typeof data === 'object')
    return Object.entries(data).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  return [prefix];
}
