/**
 * The forms' schemas, made from the schema files: schema/ splits them over files that refer to each
 * other (`"$ref": "../defs.schema.json#/$defs/text"`); rjsf resolves only references inside one
 * schema, so each form gets a self-contained copy with every reference written out in place.
 * Pure functions of the files, so the browser (schemaForms.ts, over the files Vite bundles) and the
 * build (scripts/build/validatorsPlugin.ts, over the files on disk, compiling each form's checks
 * ahead of time) make the very same schemas.
 */
import { dirname, join, normalize } from 'pathe';
import type { JsonSchema, SchemaFile } from '../../validator/schemas.ts';
import { SITE_SECTIONS, sectionSchema } from './siteSections.ts';

export type Schema = Record<string, unknown>;

/** Keywords a form has no use for (or that rjsf's validator would trip over). */
// `pageKinds` (where a block may go, src/content/pageKinds.ts) is for the editor's section list, not a form.
const DROPPED = new Set(['$schema', '$id', '$defs', 'discriminator', '$comment', 'pageKinds']);

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

/** Every block type, from schema/blocks/ (the same list the validator and renderer use). */
export function blockTypesOf(files: readonly SchemaFile[]): string[] {
  return files
    .filter((f) => f.relPath.startsWith('blocks/'))
    .map((f) => f.relPath.replace(/^blocks\//, '').replace(/\.schema\.json$/, ''))
    .sort();
}

export function blockFormSchema(files: readonly SchemaFile[], type: string): Schema {
  return inlineRefs(files, `blocks/${type}.schema.json`);
}

/** The page's own fields (address, title, listing...) without its blocks, which get one form each. */
export function pageDetailsFormSchema(files: readonly SchemaFile[]): Schema {
  const page = inlineRefs(files, 'page.schema.json');
  // Taking a page down is an action of its own (Take down), which also leads its address on.
  const {
    blocks: _blocks,
    $schema: _hint,
    unpublished: _down,
    ...properties
  } = page.properties as Record<string, Schema>;
  return {
    ...page,
    title: 'Page details',
    description: 'The address of the page and its words for search engines and menus.',
    properties,
    required: (page.required as string[]).filter((r) => r !== 'blocks'),
  };
}

export function siteFormSchema(files: readonly SchemaFile[]): Schema {
  const site = inlineRefs(files, 'site.schema.json');
  const { $schema: _hint, ...properties } = site.properties as Record<string, Schema>;
  return { ...site, properties };
}

/** What rjsf is given: the editor writes each form's heading itself (a block's legend, with its buttons). */
export function withoutHeading(schema: Schema): Schema {
  const { title: _title, description: _description, ...rest } = schema;
  return rest;
}

/**
 * Every schema an editor form is built from, as rjsf is given it: each block type, the page
 * details, site.yaml, and each section of site.yaml.
 */
export function everyFormSchema(files: readonly SchemaFile[]): Schema[] {
  return [
    ...blockTypesOf(files).map((type) => blockFormSchema(files, type)),
    pageDetailsFormSchema(files),
    siteFormSchema(files),
    // Site settings shows one section at a time, each its own form (siteSections.ts).
    ...SITE_SECTIONS.map((section) => sectionSchema(siteFormSchema(files), section)),
  ].map(withoutHeading);
}
