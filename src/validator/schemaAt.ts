/**
 * The schema that applies to one place of a file's data ("blocks[2].heading" of a page), found by
 * walking the schema files the way the data goes: `$ref`s followed, a block's schema picked by its
 * `type`, a `oneOf` by the branch that fits the value. Checks that depend on what a field is (free
 * text, a date) use it; ajv does not say which schema a valid value matched.
 */
import type { JsonSchema, SchemaFile } from './schemas.ts';

interface Located {
  schema: JsonSchema;
  /** The schema file it is in, relative to schema/ ("blocks/hero.schema.json"). */
  file: string;
}

export function schemaAt(
  files: readonly SchemaFile[],
  rootFile: string,
  data: unknown,
  segments: readonly (string | number)[],
): JsonSchema | undefined {
  const byPath = new Map(files.map((f) => [f.relPath, f.schema]));
  const root = byPath.get(rootFile);
  if (!root) return undefined;
  let here: Located | undefined = resolve(byPath, { schema: root, file: rootFile }, data);
  let value = data;
  for (const seg of segments) {
    if (!here) return undefined;
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[seg] : undefined;
    const s: JsonSchema = here.schema;
    let next: unknown;
    if (typeof seg === 'number') next = s.items;
    else {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      next = props[seg] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
    }
    here = isSchema(next) ? resolve(byPath, { schema: next, file: here.file }, value) : undefined;
  }
  return here?.schema;
}

function isSchema(v: unknown): v is JsonSchema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Follows `$ref` (keeping the sibling words, which say what this field is) and picks a `oneOf` branch. */
function resolve(
  byPath: Map<string, JsonSchema>,
  at: Located,
  value: unknown,
  depth = 0,
): Located | undefined {
  if (depth > 20) return at;
  let { schema, file } = at;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = follow(byPath, file, ref);
    if (!target) return undefined;
    const { $ref: _ref, ...siblings } = schema;
    const inner = resolve(byPath, target, value, depth + 1);
    if (!inner) return undefined;
    schema = { ...inner.schema, ...siblings };
    file = inner.file;
  }
  const branches = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(branches)) {
    const resolved = branches
      .filter(isSchema)
      .map((b) => resolve(byPath, { schema: b, file }, value, depth + 1))
      .filter((b): b is Located => b !== undefined);
    const fit = resolved.find((b) => fits(b.schema, value));
    if (fit)
      return { schema: { ...schema, ...fit.schema, oneOf: undefined, anyOf: undefined }, file: fit.file };
  }
  return { schema, file };
}

/** Whether a value has the shape of a branch: its JSON type and, for objects, its `const` properties. */
function fits(schema: JsonSchema, value: unknown): boolean {
  const type = schema.type;
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  if (typeof type === 'string' && !(type === kind || (type === 'integer' && kind === 'number'))) return false;
  if (kind !== 'object') return true;
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const record = value as Record<string, unknown>;
  for (const [name, p] of Object.entries(props))
    if (isSchema(p) && 'const' in p && record[name] !== p.const) return false;
  const required = Array.isArray(schema.required) ? schema.required : [];
  return required.every((r) => typeof r !== 'string' || r in record || Object.keys(props).length === 0);
}

/** "../defs.schema.json#/$defs/text" from "blocks/hero.schema.json"; "#/$defs/x" within the file. */
function follow(byPath: Map<string, JsonSchema>, from: string, ref: string): Located | undefined {
  const [filePart = '', pointer = ''] = ref.split('#');
  let file = from;
  if (filePart) {
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
    const parts: string[] = [];
    for (const p of `${dir}${filePart}`.split('/')) {
      if (p === '..') parts.pop();
      else if (p !== '.' && p) parts.push(p);
    }
    file = parts.join('/');
  }
  let schema: unknown = byPath.get(file);
  for (const key of pointer.split('/').filter(Boolean)) schema = isSchema(schema) ? schema[key] : undefined;
  return isSchema(schema) ? { schema, file } : undefined;
}
