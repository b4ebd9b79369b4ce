/**
 * The schemas the forms are generated from. schema/ splits them over files that refer to each other
 * (`"$ref": "../defs.schema.json#/$defs/text"`); rjsf resolves only references inside one schema,
 * so each form gets a self-contained copy with every reference written out in place. The files
 * themselves stay the single source of truth (bundled by Vite as the validator bundles them).
 */
import { dirname, join, normalize } from 'pathe';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import type { JsonSchema, SchemaFile } from '../../validator/schemas.ts';

export type Schema = Record<string, unknown>;

/** Keywords a form has no use for (or that rjsf's validator would trip over). */
const DROPPED = new Set(['$schema', '$id', '$defs', 'discriminator', '$comment']);

function pointer(root: unknown, fragment: string): unknown {
  if (!fragment || fragment === '/') return root;
  return fragment
    .replace(/^\//, '')
    .split('/')
    .reduce<unknown>(
      (node, key) =>
        (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      root,
    );
}

export function inlineRefs(files: readonly SchemaFile[], relPath: string): Schema {
  const byPath = new Map(files.map((f) => [f.relPath, f.schema as JsonSchema]));
  const walk = (node: unknown, file: string, depth: number): unknown => {
    if (depth > 40) throw new Error(`Schema references nest too deeply in ${file}`);
    if (Array.isArray(node)) return node.map((n) => walk(n, file, depth + 1));
    if (!node || typeof node !== 'object') return node;
    const out: Schema = {};
    const record = node as Schema;
    if (typeof record.$ref === 'string') {
      const [target = '', fragment = ''] = record.$ref.split('#');
      const targetFile = target ? normalize(join(dirname(file), target)) : file;
      const root = byPath.get(targetFile);
      if (!root) throw new Error(`Schema ${file} refers to ${record.$ref}, which is not bundled`);
      const resolved = walk(pointer(root, fragment), targetFile, depth + 1) as Schema;
      // A definition's name ("Text", "ImagePath") is no label: keep it aside, the property's
      // own name becomes the label below.
      const { title: defName, ...rest } = resolved;
      Object.assign(out, rest, defName ? { 'x-def': defName } : {});
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === '$ref' || DROPPED.has(key)) continue;
      out[key] = walk(value, file, depth + 1);
    }
    if (out.properties && typeof out.properties === 'object') {
      for (const [key, prop] of Object.entries(out.properties as Record<string, Schema>))
        if (!prop.title) prop.title = humanize(key);
    }
    if (typeof out.title === 'string' && /^[A-Z][A-Za-z0-9]+$/.test(out.title))
      out.title = humanize(out.title);
    // A choice without names shows as "Option 1 / Option 2": name it after what it holds.
    if (Array.isArray(out.oneOf)) {
      out.oneOf = (out.oneOf as Schema[]).map((option) =>
        option.title
          ? option
          : {
              ...option,
              title:
                option.type === 'array'
                  ? 'Several paragraphs'
                  : option.type === 'string'
                    ? 'One paragraph'
                    : 'Choice',
            },
      );
    }
    return out;
  };
  const schema = byPath.get(relPath);
  if (!schema) throw new Error(`No schema ${relPath}`);
  return walk(schema, relPath, 0) as Schema;
}

/** "phrasesLabel" or "HeroAction" -> "Phrases label" / "Hero action". */
export function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const cache = new Map<string, Schema>();

function cached(relPath: string, make: () => Schema): Schema {
  let schema = cache.get(relPath);
  if (!schema) {
    schema = make();
    cache.set(relPath, schema);
  }
  return schema;
}

/** Every block type, from schema/blocks/ (the same list the validator and renderer use). */
export const blockTypes: string[] = bundledSchemas
  .filter((f) => f.relPath.startsWith('blocks/'))
  .map((f) => f.relPath.replace(/^blocks\//, '').replace(/\.schema\.json$/, ''))
  .sort();

export function blockSchema(type: string): Schema {
  return cached(`blocks/${type}.schema.json`, () => inlineRefs(bundledSchemas, `blocks/${type}.schema.json`));
}

/** The page's own fields (address, title, listing...) without its blocks, which get one form each. */
export function pageDetailsSchema(): Schema {
  return cached('page-details', () => {
    const page = inlineRefs(bundledSchemas, 'page.schema.json');
    const { blocks: _blocks, $schema: _hint, ...properties } = page.properties as Record<string, Schema>;
    return {
      ...page,
      title: 'Page details',
      description: 'The address of the page and its words for search engines and menus.',
      properties,
      required: (page.required as string[]).filter((r) => r !== 'blocks'),
    };
  });
}

export function siteSchema(): Schema {
  return cached('site', () => {
    const site = inlineRefs(bundledSchemas, 'site.schema.json');
    const { $schema: _hint, ...properties } = site.properties as Record<string, Schema>;
    return { ...site, properties };
  });
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
