/**
 * Why site.yaml cannot be opened in Site settings, if it cannot, in plain words with its line:
 * text that is not YAML (a lost colon, a bad indent, an unclosed quote), or a value of another kind
 * than the form has a box for (a text where the menu's list belongs). The form could not show such
 * a file, so Site settings says what is wrong and that a developer must fix the file, and saving
 * over it is refused; the rest of the editor goes on working. Ordinary content mistakes (a text too
 * long, a box left empty) are not this: the form shows and fixes those.
 */
import { isNode, LineCounter, parseDocument } from 'yaml';
import { readSchemaFiles } from '../../node/schemaFiles.ts';
import { type Schema, siteFormSchema } from '../../src/admin/content/formSchemas.ts';

let siteSchema: Schema | undefined;
const schema = () => {
  siteSchema ??= siteFormSchema(readSchemaFiles());
  return siteSchema;
};

const DEVELOPER = 'A developer must fix the file (site.yaml) before Site settings can open it.';

/** The yaml package's error codes, in words for people who never see the file. */
const SYNTAX_WORDS: Record<string, string> = {
  BAD_INDENT: 'a line is indented wrongly',
  MISSING_CHAR: 'a character is missing (often a closing quote or bracket)',
  MULTILINE_IMPLICIT_KEY: 'a name before a colon runs over two lines',
  BLOCK_AS_IMPLICIT_KEY: 'a name before a colon runs over two lines',
  DUPLICATE_KEY: 'the same setting is written twice',
  UNEXPECTED_TOKEN: 'there is a character the file’s layout does not allow',
  TAB_AS_INDENT: 'a line is indented with a tab instead of spaces',
  BAD_SCALAR_START: 'a value starts with a character that must be in quotes',
  ALIAS_PROPS: 'a repeated part is written wrongly',
};

type Kind = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

const KIND_WORDS: Record<string, string> = {
  object: 'a group of settings',
  array: 'a list',
  string: 'a text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'a yes or no',
  null: 'nothing',
};

function kindOf(value: unknown): Kind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as Kind;
}

function accepts(schema: Schema, value: unknown): boolean {
  const kinds = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  if (!kinds.length) return true;
  const kind = kindOf(value);
  return kinds.includes(kind) || (kind === 'integer' && kinds.includes('number'));
}

/** The options a value may follow: each of a `oneOf`, else the schema itself. */
const optionsOf = (schema: Schema): Schema[] =>
  Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : [schema];

interface Mismatch {
  path: (string | number)[];
  labels: string[];
  expected: string;
  found: Kind;
}

/** The first value (depth first) of a kind its schema has no box for. */
function firstMismatch(
  schema: Schema,
  value: unknown,
  path: (string | number)[],
  labels: string[],
): Mismatch | undefined {
  const options = optionsOf(schema);
  const fitting = options.filter((o) => accepts(o, value));
  if (!fitting.length) {
    const expected = [
      ...new Set(options.flatMap((o) => [o.type].flat()).filter((t) => typeof t === 'string')),
    ]
      .map((t) => KIND_WORDS[t as string] ?? String(t))
      .join(' or ');
    return { path, labels, expected, found: kindOf(value) };
  }
  // Inside: follow the first option that fits all the way down, else report the first's mismatch.
  let first: Mismatch | undefined;
  for (const option of fitting) {
    let inner: Mismatch | undefined;
    if (Array.isArray(value) && option.items && typeof option.items === 'object') {
      const items = option.items as Schema;
      for (const [i, item] of value.entries()) {
        inner = firstMismatch(
          items,
          item,
          [...path, i],
          [...labels.slice(0, -1), `${labels.at(-1) ?? 'Item'} ${i + 1}`],
        );
        if (inner) break;
      }
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const props = (option.properties ?? {}) as Record<string, Schema>;
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const prop = props[key];
        if (!prop) continue; // an unknown setting is the validator's to name
        inner = firstMismatch(prop, child, [...path, key], [...labels, String(prop.title ?? key)]);
        if (inner) break;
      }
    }
    if (!inner) return undefined;
    first ??= inner;
  }
  return first;
}

/** Why Site settings cannot open this text of site.yaml, in plain words with the line; undefined if it can. */
export function siteProblem(text: string): string | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const line = error.linePos?.[0].line;
    const what =
      SYNTAX_WORDS[error.code] ?? 'its layout is broken (for example a missing colon or a wrong indent)';
    return `Site settings cannot be opened: site.yaml is not written correctly${line ? ` on line ${line}` : ''}: ${what}. ${DEVELOPER}`;
  }
  let data: unknown;
  try {
    data = doc.toJS();
  } catch {
    return undefined; // aliases that explode: fileProblems.ts names those
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return `Site settings cannot be opened: site.yaml does not hold a group of settings. ${DEVELOPER}`;
  const mismatch = firstMismatch(schema(), data, [], []);
  if (!mismatch) return undefined;
  const node = doc.getIn(mismatch.path, true);
  const offset = isNode(node) ? node.range?.[0] : undefined;
  const line = offset === undefined ? undefined : lines.linePos(offset).line;
  const name = [...mismatch.labels].reverse().join(' in ') || 'The file';
  return `Site settings cannot be opened: in site.yaml${line ? ` on line ${line}` : ''}, “${name}” should be ${mismatch.expected}, but the file has ${KIND_WORDS[mismatch.found] ?? mismatch.found} there. ${DEVELOPER}`;
}
