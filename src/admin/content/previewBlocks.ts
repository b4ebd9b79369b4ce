/**
 * A block as the preview can draw it while the user is still filling it in. The site's components
 * trust the schema (a bullet is a text, a card has its list); a form half filled in breaks that
 * trust (a bullet just added is empty, a required box was cleared), and a component that throws
 * takes its whole section out of the preview and logs an error. So each block's data is made
 * whole here, following its schema: a required or listed value that is missing or of the wrong
 * kind is replaced by a visible stand-in that names what is missing, and marked (PROBLEM_MARK), so
 * the preview shows every other part as the site will and points at the one to fix.
 */
import { blockSchema } from './schemaForms.ts';

type Schema = Record<string, unknown>;

/**
 * Starts every stand-in text (an invisible separator, U+2063): the preview finds the elements
 * showing one and marks them; real content never starts with it.
 */
export const PROBLEM_MARK = '\u2063';

/** A grey picture saying a picture is missing, for a required picture not yet chosen. */
export const MISSING_PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#fee2e2"/><text x="200" y="160" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#991b1b">Picture missing</text></svg>',
)}`;

function standIn(label: string): string {
  return `${PROBLEM_MARK}⚠ ${label} is empty`;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
}

function fitsType(schema: Schema, value: unknown): boolean {
  const type = schema.type;
  if (typeof type !== 'string') return true;
  const kind = kindOf(value);
  return kind === type || (type === 'number' && kind === 'integer');
}

/** The oneOf branch a value was meant for: the first whose type (and `const`s) it has. */
function branchFor(schema: Schema, value: unknown): Schema {
  const branches = (schema.oneOf ?? []) as Schema[];
  const fits = branches.find((b) => {
    if (!fitsType(b, value)) return false;
    if (kindOf(value) !== 'object') return true;
    const props = (b.properties ?? {}) as Record<string, Schema>;
    return Object.entries(props).every(
      ([name, p]) => !('const' in p) || (value as Record<string, unknown>)[name] === p.const,
    );
  });
  const { oneOf: _oneOf, ...rest } = schema;
  return { ...rest, ...(fits ?? branches[0] ?? {}) };
}

/** A value for a missing required part: something the component can draw, saying what is missing. */
function missing(schema: Schema, label: string): unknown {
  if (Array.isArray(schema.oneOf)) return missing(branchFor(schema, undefined), label);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(
        required.map((name) => [name, missing(props[name] ?? {}, titleOf(props[name], name))]),
      );
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return schema.siteImage === true ? MISSING_PICTURE : standIn(label);
  }
}

function titleOf(schema: Schema | undefined, fallback: string): string {
  return typeof schema?.title === 'string' ? schema.title : fallback;
}

/** `value` made whole by `schema`; `label` names it in a stand-in. */
function whole(schema: Schema, value: unknown, label: string): unknown {
  if (Array.isArray(schema.oneOf)) return whole(branchFor(schema, value), value, label);
  if (value === undefined || value === null || !fitsType(schema, value)) return missing(schema, label);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return missing(schema, label);
  if (typeof value === 'string')
    return value.trim() === '' && typeof schema.minLength === 'number' ? missing(schema, label) : value;
  if (Array.isArray(value)) {
    const items = (schema.items ?? {}) as Schema;
    return value.map((item, i) => whole(items, item, `${label}, item ${i + 1}`));
  }
  if (typeof value === 'object') {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as string[]);
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(record)) {
      const p = props[name];
      // An optional part left empty is simply not shown, as on the site.
      if (p && !required.has(name) && (v === undefined || v === null || v === '')) continue;
      out[name] = p ? whole(p, v, titleOf(p, name)) : v;
    }
    for (const name of required)
      if (!(name in out)) out[name] = missing(props[name] ?? {}, titleOf(props[name], name));
    return out;
  }
  return value;
}

/** A block's data as the preview draws it: whole by its type's schema (an unknown type is left as it is). */
export function previewBlock(data: Record<string, unknown>): Record<string, unknown> {
  const type = String(data.type);
  let schema: Schema;
  try {
    schema = blockSchema(type);
  } catch {
    return data;
  }
  return whole(schema, data, String(schema.title ?? type)) as Record<string, unknown>;
}
