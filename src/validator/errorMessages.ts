/**
 * Turns ajv's errors into sentences a content editor understands, pinned to a line and column.
 * Ajv reports a failed `oneOf` as a pile of errors, one per alternative; this module keeps the one
 * that explains the mistake and drops the noise.
 */
import type { ErrorObject } from 'ajv';
import { closest, didYouMean } from './suggest.ts';
import type { ContentError } from './types.ts';
import type { YamlFile } from './yamlFile.ts';

export function segmentsOf(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** A place in a file's data, as a content error carries it: the list of keys, and its reading. */
export function placeOf(segments: readonly (string | number)[]): Pick<ContentError, 'path' | 'where'> {
  return { path: [...segments], where: readablePath(segments) };
}

/** "blocks[3].cards[0].title" */
export function readablePath(segments: readonly (string | number)[]): string {
  return segments.reduce<string>(
    (acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg),
    '',
  );
}

/** The stable code of a schema error (README, "Validation", lists them). */
function codeOf(err: ErrorObject, message: string): string {
  if (err.keyword === 'discriminator')
    return (err.params as { error?: string }).error === 'mapping'
      ? 'unknown-block-type'
      : 'missing-block-type';
  if (err.keyword === 'additionalProperties') return 'unknown-property';
  if (err.keyword === 'format' && (err.params as { format?: string }).format === 'date')
    return 'impossible-date';
  if (err.keyword === 'type' && message.includes('space between the "-"')) return 'list-dash-without-space';
  const codes: Record<string, string> = {
    required: 'missing-property',
    enum: 'value-not-allowed',
    const: 'value-not-allowed',
    type: 'wrong-type',
    pattern: 'wrong-form',
    format: 'wrong-form',
    minLength: 'too-short',
    maxLength: 'too-long',
    minItems: 'too-few-items',
    maxItems: 'too-many-items',
    uniqueItems: 'repeated-item',
    minimum: 'out-of-range',
    maximum: 'out-of-range',
    oneOf: 'wrong-form',
  };
  return codes[err.keyword] ?? 'invalid';
}

export function toContentErrors(file: YamlFile, errors: ErrorObject[]): ContentError[] {
  // A value not in the form YYYY-MM-DD is said once, by its pattern, not also as "not a date".
  const kept = dropUnionNoise(errors).filter(
    (e) =>
      e.keyword !== 'format' ||
      !errors.some((o) => o.keyword === 'pattern' && o.instancePath === e.instancePath),
  );
  const seen = new Set<string>();
  const out: ContentError[] = [];
  for (const err of kept) {
    const described = describe(err, errors);
    if (!described) continue;
    const segments = [
      ...segmentsOf(err.instancePath),
      ...(described.child !== undefined ? [described.child] : []),
    ];
    const { line, column } = file.locate(segments, described.key !== undefined ? { key: described.key } : {});
    const whereSegments = described.key !== undefined ? [...segments, described.key] : segments;
    const entry: ContentError = {
      file: file.file,
      line,
      column,
      ...placeOf(whereSegments),
      code: codeOf(err, described.message),
      message: described.message,
    };
    const id = `${entry.line}:${entry.column}:${entry.message}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push(entry);
    }
  }
  return out;
}

/**
 * For a `oneOf` of simple alternatives (e.g. "a text or a list of texts") ajv reports every branch.
 * Keep only the oneOf summary when its branches all failed at the same place on type; otherwise
 * keep the branch errors that went deepest, which are the ones that say what is really wrong.
 */
function dropUnionNoise(all: ErrorObject[]): ErrorObject[] {
  // A misspelt required property ("lable") is one mistake, reported once as "did you mean".
  // A block without `type`, or of an unknown type, is said once, by the discriminator (the list of
  // types at the top of block.schema.json is there for editors' completion).
  const discriminated = (e: ErrorObject) =>
    all.some((o) => o.keyword === 'discriminator' && e.instancePath === `${o.instancePath}/type`);
  const saidElsewhere = (e: ErrorObject): boolean => {
    if (discriminated(e)) return true;
    if (e.keyword !== 'required') return false;
    const misspelt = all.some(
      (o) =>
        o.keyword === 'additionalProperties' &&
        o.instancePath === e.instancePath &&
        (closest(String(o.params.additionalProperty), [String(e.params.missingProperty)]) !== undefined ||
          renamed(all, o) !== undefined),
    );
    return misspelt || all.some((o) => o.keyword === 'discriminator' && o.instancePath === e.instancePath);
  };
  const errors = all.filter((e) => !saidElsewhere(e));
  const pruned = keepClosestObjectBranch(errors);
  const oneOfPaths = new Set(pruned.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  return pruned.filter((e) => {
    if (e.keyword === 'oneOf') {
      const deeper = errors.some(
        (o) => o !== e && o.instancePath.startsWith(`${e.instancePath}/`) && o.keyword !== 'type',
      );
      return !deeper;
    }
    if (oneOfPaths.has(e.instancePath) && e.schemaPath.includes('/oneOf/')) {
      return e.keyword !== 'type' && e.keyword !== 'const';
    }
    if (e.schemaPath.includes('/oneOf/') && e.keyword === 'type') {
      return ![...oneOfPaths].some((p) => e.instancePath.startsWith(`${p}/`) || e.instancePath === p);
    }
    return e.keyword !== 'if';
  });
}

/**
 * One property unknown and one required property missing in the same section: the writer named a
 * field as another block calls it ("heading" where aboutCard says "title"). Returns the missing name.
 */
function renamed(all: readonly ErrorObject[], extra: ErrorObject): string | undefined {
  if (extra.keyword !== 'additionalProperties') return undefined;
  const here = (keyword: string) =>
    all.filter(
      (e) =>
        e.keyword === keyword &&
        e.instancePath === extra.instancePath &&
        e.schemaPath.replace(/\/[^/]*$/, '') === extra.schemaPath.replace(/\/[^/]*$/, ''),
    );
  const missing = here('required');
  return here('additionalProperties').length === 1 && missing.length === 1
    ? String(missing[0]?.params.missingProperty)
    : undefined;
}

/**
 * A `oneOf` of object shapes (a text card written out, or a reference to a shared one) fails in
 * every branch; the editor meant one of them. Report only the branch that needed the fewest fixes
 * (a misspelt property in the card, not "missing shared" as well), and not the summary.
 */
function keepClosestObjectBranch(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  for (const union of errors.filter((e) => e.keyword === 'oneOf')) {
    const prefix = `${union.schemaPath}/`;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of errors) {
      if (!e.schemaPath.startsWith(prefix) || !e.instancePath.startsWith(union.instancePath)) continue;
      const branch = e.schemaPath.slice(prefix.length).split('/')[0] ?? '';
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), e]);
    }
    const shapeMismatch = (list: ErrorObject[]) =>
      list.some(
        (e) =>
          (e.keyword === 'required' || e.keyword === 'additionalProperties') &&
          e.instancePath === union.instancePath,
      );
    const branches = [...byBranch.values()];
    if (branches.length < 2 || !branches.every(shapeMismatch)) continue;
    const closestBranch = branches.reduce((best, list) => (list.length < best.length ? list : best));
    for (const list of branches) if (list !== closestBranch) for (const e of list) dropped.add(e);
    dropped.add(union);
  }
  return errors.filter((e) => !dropped.has(e));
}

function quote(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
}

/** `key`: point at that property's name (it is the mistake); `child`: point at that property's value. */
function describe(
  err: ErrorObject,
  all: readonly ErrorObject[],
): { message: string; key?: string; child?: string } | undefined {
  const p = err.params as Record<string, unknown>;
  const parent = (err.parentSchema ?? {}) as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const allowed = Object.keys((parent.properties ?? {}) as object).filter((k) => k !== '$schema');
      const wanted = renamed(all, err);
      if (wanted && !closest(extra, [wanted])) {
        const field = ((parent.properties ?? {}) as Record<string, { description?: unknown }>)[wanted];
        const about = typeof field?.description === 'string' ? ` (${firstSentence(field.description)})` : '';
        return {
          key: extra,
          message: `Unknown property "${extra}": here it is called "${wanted}"${about}. Rename "${extra}" to "${wanted}".`,
        };
      }
      const hint = didYouMean(extra, allowed);
      // "alt: A, B" inside { ... } splits at the comma: the piece after it looks like a property.
      const splitText = /\s/.test(extra)
        ? ' It looks like part of a text: a text containing a comma inside { } must be in "quotes".'
        : '';
      return {
        key: extra,
        message: `Unknown property "${extra}".${hint || splitText || ` Allowed here: ${allowed.join(', ')}.`}`,
      };
    }
    case 'required': {
      const name = String(p.missingProperty);
      const field = ((parent.properties ?? {}) as Record<string, { description?: unknown }>)[name];
      const about = typeof field?.description === 'string' ? ` (${firstSentence(field.description)})` : '';
      return { message: `Missing required property "${name}". Add a line "${name}: …" here${about}.` };
    }
    case 'discriminator': {
      if (p.error === 'mapping') {
        const known = knownBlockTypes(parent);
        return {
          child: String(p.tag),
          message: `Unknown block type ${quote(p.tagValue)}.${didYouMean(String(p.tagValue), known) || ` Known types: ${known.join(', ')}.`}`,
        };
      }
      return {
        message: `Every block needs a "type" written as text, e.g. type: bulletGrid. Known types: ${knownBlockTypes(parent).join(', ')}.`,
      };
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const hint = didYouMean(String(err.data), allowed);
      return {
        message: `${quote(err.data)} is not allowed here.${hint || ` Choose one of: ${allowed.join(', ')}.`}`,
      };
    }
    case 'const':
      return { message: `Must be ${quote(p.allowedValue)}.` };
    case 'type': {
      const dashed =
        typeof err.data === 'string' && p.type === 'array' ? /^-(\S.*?)(?:\s+-\S|$)/.exec(err.data) : null;
      if (dashed)
        return {
          message: `Must be a list, and a list item needs a space between the "-" and the item: write each item on its own line as - ${dashed[1]}`,
        };
      if (
        typeof err.data === 'string' &&
        /^(integer|number)$/.test(String(p.type)) &&
        /^-?\d+(\.\d+)?$/.test(err.data.trim())
      )
        return { message: `Must be ${article(String(p.type))}: write ${err.data.trim()} without quotes.` };
      if (p.type === 'boolean' && typeof err.data === 'string')
        return {
          message: `Must be true or false, not the text ${quote(err.data)}: write true or false, without quotes.`,
        };
      return { message: `Must be ${article(String(p.type))}, not ${describeValue(err.data)}.` };
    }
    case 'pattern':
      return { message: `${quote(err.data)} is not in the expected form.${formHint(err.data, parent)}` };
    case 'format':
      if (p.format === 'date') return { message: impossibleDate(String(err.data)) };
      return {
        message: `${quote(err.data)} is not a valid ${String(p.format)}.${formHint(err.data, parent)}`,
      };
    case 'minLength':
      return {
        message:
          Number(p.limit) === 1 ? 'Must not be empty.' : `Must be at least ${p.limit} characters long.`,
      };
    case 'maxLength': {
      // The limit of a text search engines show is theirs; any other is the design's (schema/defs).
      const why = /search (engines|results)/i.test(String(parent.description ?? ''))
        ? 'search engines cut the rest'
        : 'a longer text does not fit the design';
      return {
        message: `Is ${String(err.data).length} characters long; at most ${p.limit} are allowed (${why}).`,
      };
    }
    case 'minItems':
      return { message: `Needs at least ${p.limit} item${Number(p.limit) === 1 ? '' : 's'}.` };
    case 'maxItems':
      return { message: `Has too many items: at most ${p.limit} are allowed.` };
    case 'uniqueItems':
      return { message: `Items ${p.j} and ${p.i} (counting from 0) are the same; each must be different.` };
    case 'minimum':
    case 'maximum':
      return { message: `Must be ${err.keyword === 'minimum' ? 'at least' : 'at most'} ${p.limit}.` };
    case 'oneOf':
      return { message: `Does not match any allowed form.${examplesOf(parent)}` };
    default:
      return { message: err.message ?? 'Invalid value.' };
  }
}

function knownBlockTypes(parent: Record<string, unknown>): string[] {
  const branches = (parent.oneOf ?? []) as { $ref?: string }[];
  return branches
    .map((b) => (b.$ref ?? '').replace(/^.*\//, '').replace(/\.schema\.json$/, ''))
    .filter(Boolean);
}

/**
 * What to write instead: the schema's own words (`patternErrorMessage`, which editors show too), a
 * note on typographic quotes, and the schema's examples.
 */
function formHint(data: unknown, schema: Record<string, unknown>): string {
  const curly = typeof data === 'string' && /^[“”„‘’«»]|[“”„‘’«»]$/.test(data);
  const own = typeof schema.patternErrorMessage === 'string' ? ` ${schema.patternErrorMessage}` : '';
  const quotes = curly
    ? ' It is wrapped in typographic quotes (“ ”), which YAML keeps as part of the text: type straight quotes " " or none.'
    : '';
  const short = typeof data === 'string' ? /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(data) : null;
  const expand = short
    ? ` "${data}" is short for "#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}": write that.`
    : '';
  return `${quotes}${own}${expand}${own.includes('e.g.') ? '' : examplesOf(schema)}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-02-30": the month has 28 days. */
function impossibleDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = Number(m?.[2]);
  if (!m || month < 1 || month > 12)
    return `"${value}" is not a date. Write it as YYYY-MM-DD, e.g. "2026-11-02".`;
  const year = Number(m[1]);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `"${value}" is not a day of the calendar: ${MONTHS[month - 1]} ${year} has ${days} days. Write a date that exists, e.g. "${m[1]}-${m[2]}-${String(days).padStart(2, '0')}".`;
}

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  const sentence = end < 0 ? text : text.slice(0, end);
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

function examplesOf(schema: Record<string, unknown>): string {
  const ex = schema.examples as unknown[] | undefined;
  return ex?.length ? ` Example: ${ex.map((e) => quote(e)).join(' or ')}.` : '';
}

function article(type: string): string {
  const words: Record<string, string> = {
    string: 'text',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    array: 'a list (lines starting with "- ")',
    object: 'a section of "name: value" lines',
  };
  return words[type] ?? type;
}

function describeValue(v: unknown): string {
  if (v === null) return 'empty';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a section';
  if (typeof v === 'string') return `the text ${quote(v)}`;
  return `${typeof v} ${String(v)}`;
}
