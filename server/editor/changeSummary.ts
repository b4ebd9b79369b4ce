/**
 * What a save changed, in the editor's words, for its commit message: a subject such as
 * "Telematics (IoT): changed Heading, and 2 bullet points in the card Fleet Telematics", and one
 * line per changed field with its old and new words ("Heading in Page hero: “Old” → “New”"), which
 * the history shows under each version. Fields are named by the schema titles the form shows as
 * labels, never by YAML paths; a list item that has a name of its own (a card's title) is named by
 * it. Computed from the data before and after the save, so it is true whoever saves (the editor,
 * a restore).
 */
import { parse } from 'yaml';
import { readSchemaFiles } from '../../node/schemaFiles.ts';
import {
  blockFormSchema,
  blockTypesOf,
  humanize,
  pageDetailsFormSchema,
  type Schema,
  siteFormSchema,
} from '../../src/admin/content/formSchemas.ts';
import { pageNameOf, parsedPage } from '../../src/content/pageEntry.ts';
import type { SchemaFile } from '../../src/validator/schemas.ts';

type Segment = string | number;
type Kind = 'changed' | 'added' | 'removed';

interface Change {
  kind: Kind;
  path: Segment[];
  before?: unknown;
  after?: unknown;
}

export interface ChangeSummary {
  subject: string;
  /** One line per changed field, with its old and new words. */
  lines: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The longest common subsequence of two lists, as pairs of indexes (items compared whole). */
function matchedItems(a: readonly unknown[], b: readonly unknown[]): [number, number][] {
  const ka = a.map((v) => JSON.stringify(v));
  const kb = b.map((v) => JSON.stringify(v));
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (table[i] as number[])[j] =
        ka[i] === kb[j]
          ? ((table[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((table[i + 1] as number[])[j] as number, (table[i] as number[])[j + 1] as number);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (ka[i] === kb[j]) pairs.push([i++, j++]);
    else if (((table[i + 1] as number[])[j] as number) >= ((table[i] as number[])[j + 1] as number)) i++;
    else j++;
  }
  return pairs;
}

/**
 * The differences between two values. List items are matched by their content, so one inserted
 * bullet is one addition, not a change to every bullet after it; between matched items, items
 * removed and added at the same place are paired as changes of those items.
 */
export function changesBetween(before: unknown, after: unknown, path: Segment[] = []): Change[] {
  if (same(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      if (!(key in after)) return [{ kind: 'removed' as const, path: [...path, key], before: before[key] }];
      if (!(key in before)) return [{ kind: 'added' as const, path: [...path, key], after: after[key] }];
      return changesBetween(before[key], after[key], [...path, key]);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: Change[] = [];
    const pairs = [...matchedItems(before, after), [before.length, after.length] as [number, number]];
    let i = 0;
    let j = 0;
    for (const [mi, mj] of pairs) {
      const removed = before.slice(i, mi);
      const added = after.slice(j, mj);
      const paired = Math.min(removed.length, added.length);
      for (let k = 0; k < paired; k++) out.push(...changesBetween(removed[k], added[k], [...path, j + k]));
      for (let k = paired; k < added.length; k++)
        out.push({ kind: 'added', path: [...path, j + k], after: added[k] });
      for (let k = paired; k < removed.length; k++)
        out.push({ kind: 'removed', path: [...path, i + k], before: removed[k] });
      i = mi + 1;
      j = mj + 1;
    }
    return out;
  }
  return [{ kind: 'changed', path, before, after }];
}

// --- Naming the changes by the form's labels -------------------------------------------------

let schemaFiles: readonly SchemaFile[] | undefined;
const files = () => {
  schemaFiles ??= readSchemaFiles();
  return schemaFiles;
};

function child(schema: Schema | undefined, key: Segment): Schema | undefined {
  if (!schema) return undefined;
  const options = Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : [schema];
  for (const option of options) {
    if (typeof key === 'number' && isObject(option.items)) return option.items as Schema;
    const props = option.properties as Record<string, Schema> | undefined;
    if (typeof key === 'string' && props?.[key]) return props[key];
  }
  return undefined;
}

const titleOf = (schema: Schema | undefined, key: Segment) =>
  typeof schema?.title === 'string' ? schema.title : humanize(String(key));
/** "Cards" -> "card", "Bullet points" -> "bullet point": the name of one item of a list. */
const singular = (title: string) => title.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
/** Few words of a value, for a line of the history. */
function words(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (isObject(value)) return itemName(value) ? `“${itemName(value)}”` : '(a group of fields)';
  if (Array.isArray(value)) return `(${value.length} item${value.length === 1 ? '' : 's'})`;
  const text = String(value).replace(/\s+/g, ' ');
  return `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;
}
/** A list item's own name: its title or heading, when it has one. */
function itemName(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  for (const key of ['title', 'heading', 'name', 'legend', 'label', 'question'])
    if (typeof item[key] === 'string' && (item[key] as string).trim()) return (item[key] as string).trim();
  return undefined;
}

interface Named {
  /** The field, as the subject counts it: "Heading", "bullet point". */
  field: string;
  /** Where it is, when that helps: "the card Fleet Telematics", "Page hero". */
  where?: string;
  /** The full name, for its line: "Bullet points 2 in the card Fleet Telematics in Bullet grid". */
  full: string;
}

/** Names a change at `path` in `data` (the side that has it), with `root`'s schema. */
function nameOf(root: Schema, data: unknown, path: readonly Segment[], section?: string): Named {
  let schema: Schema | undefined = root;
  let value: unknown = data;
  let field = '';
  let where: string | undefined;
  const full: string[] = [];
  for (const [n, key] of path.entries()) {
    const next = child(schema, key);
    value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      const list = full.pop() ?? 'Item';
      const name = itemName(value);
      const itemLabel = name ? `the ${singular(list)} ${name}` : `${list} ${key + 1}`;
      full.push(itemLabel);
      field = singular(list);
      // The innermost named item is where the change is (unless the change is the item itself).
      if (name && n < path.length - 1) where = itemLabel;
    } else {
      full.push(titleOf(next, key));
      field = titleOf(next, key);
    }
    schema = next;
  }
  const fullName = [...full.reverse(), ...(section ? [section] : [])].join(' in ');
  return { field, full: fullName, ...((where ?? section) !== undefined && { where: where ?? section }) };
}

function named(file: string, before: unknown, after: unknown, change: Change): Named {
  const data = change.kind === 'removed' ? before : after;
  if (file === 'site.yaml') return nameOf(siteFormSchema(files()), data, change.path);
  const [first, index, ...rest] = change.path;
  if (first === 'blocks' && typeof index === 'number') {
    const blocks = isObject(data) && Array.isArray(data.blocks) ? (data.blocks as unknown[]) : [];
    const type = isObject(blocks[index]) ? String((blocks[index] as Record<string, unknown>).type ?? '') : '';
    const section = type ? humanize(type) : `Section ${index + 1}`;
    if (!rest.length) return { field: 'section', full: `The section ${section}`, where: section };
    const known = type && blockTypesOf(files()).includes(type);
    const named = nameOf(known ? blockFormSchema(files(), type) : {}, blocks[index], rest, section);
    return named;
  }
  return nameOf(pageDetailsFormSchema(files()), data, change.path);
}

/** One line per change (at most 40), with the old and new words. */
function linesOf(file: string, before: unknown, after: unknown, changes: Change[]): string[] {
  return changes.slice(0, 40).map((change) => {
    const { full } = named(file, before, after, change);
    if (change.kind === 'changed') return `${full}: ${words(change.before)} → ${words(change.after)}`;
    if (change.kind === 'added') return `${full}: added ${words(change.after)}`;
    return `${full}: removed ${words(change.before)}`;
  });
}

/** "A, B, and C" as the issue writes it: every item but the first after ", ", the last with "and". */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

const SUBJECT_MAX = 160;

/**
 * The subject and lines of a save that turned `beforeText` into `afterText` (undefined: a new
 * file); `restored` names the version a restore brought back ("the version of … by …").
 */
export function describeSave(
  file: string,
  beforeText: string | undefined,
  afterText: string,
  restored?: string,
): ChangeSummary {
  const after = parse(afterText) as unknown;
  const before = beforeText === undefined ? undefined : (parse(beforeText) as unknown);
  const page = file === 'site.yaml' ? 'Site settings' : (pageNameOf(parsedPage(afterText)) ?? file);
  if (before === undefined) return { subject: `${page}: new page (${file})`, lines: [] };
  const changes = changesBetween(before, after);
  if (restored)
    return { subject: `${page}: restored ${restored}`, lines: linesOf(file, before, after, changes) };
  if (!changes.length) return { subject: `${page}: no visible change (${file})`, lines: [] };

  // The subject counts the changes by verb, field and place: "2 bullet points in the card X".
  const groups = new Map<string, { kind: Kind; field: string; where?: string; count: number }>();
  const lines: string[] = [];
  for (const change of changes) {
    const name = named(file, before, after, change);
    const where = name.field.toLowerCase() === 'section' ? undefined : name.where;
    const key = `${change.kind}\n${name.field}\n${where ?? ''}`;
    const group = groups.get(key) ?? { kind: change.kind, field: name.field, where, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  lines.push(...linesOf(file, before, after, changes));
  const phrases = new Map<Kind, string[]>();
  for (const g of groups.values()) {
    const what = g.count === 1 ? g.field : `${g.count} ${g.field.toLowerCase()}s`;
    const place = g.where && g.where !== g.field ? ` in ${g.where}` : '';
    phrases.set(g.kind, [...(phrases.get(g.kind) ?? []), `${what}${place}`]);
  }
  let subject = `${page}: ${[...phrases].map(([kind, items]) => `${kind} ${listed(items)}`).join('; ')}`;
  if (subject.length > SUBJECT_MAX) subject = `${subject.slice(0, SUBJECT_MAX - 1)}…`;
  return { subject, lines };
}

/** The commit message: the subject, a blank line, then one line per changed field. */
export function commitMessage(summary: ChangeSummary): string {
  return summary.lines.length ? `${summary.subject}\n\n${summary.lines.join('\n')}` : summary.subject;
}

/** A field's name for people, by the form's labels ("Button link in Page hero"); never a YAML path. */
export function fieldName(file: string, data: unknown, path: readonly Segment[]): string {
  return named(file, data, data, { kind: 'changed', path: [...path] }).full;
}

/** A field that differs between two versions, for people: its label, and its words before and after. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** The plain words of a value for a side-by-side table (whole, not cut as in a commit line). */
function wholeWords(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (isObject(value)) return itemName(value) ?? '(a group of fields)';
  if (Array.isArray(value)) return `(${value.length} item${value.length === 1 ? '' : 's'})`;
  return String(value);
}

/**
 * Each field a draft changes against the live version (a review shows them), named by the form's
 * labels: "Heading in Page hero", old words, new words. A new page or a deleted one is one line.
 */
export function fieldChanges(
  file: string,
  liveText: string | undefined,
  draftText: string | undefined,
): FieldChange[] {
  if (draftText === undefined) return [{ field: 'The whole page', before: 'On the site', after: 'Deleted' }];
  const after = parse(draftText) as unknown;
  if (liveText === undefined)
    return [{ field: 'The whole page', before: 'Not on the site', after: 'New page' }];
  const before = parse(liveText) as unknown;
  return changesBetween(before, after).map((change) => ({
    field: named(file, before, after, change).full,
    before: wholeWords(change.before),
    after: change.kind === 'removed' ? '(removed)' : wholeWords(change.after),
  }));
}
