/**
 * The validator's problems in the words of the form. The validator speaks to people who edit the
 * YAML files (file:line, property names, "add a line … here", "in quotes"); the editor's users see
 * labelled boxes, lists with Add buttons and pickers, and never the file. So each problem is said
 * again here from its stable `code` and the facts of the field it is about: the field is named by
 * its label (its schema title, as the form shows it) and the message says what to do in the form.
 * A code the form cannot cause (a YAML syntax error in a file edited by hand) keeps the
 * validator's words, which are then the only ones that fit.
 */
import type { SiteConfig } from '../../content/model.ts';
import { fullTitle } from '../../content/model.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import { placeOf } from '../../validator/errorMessages.ts';
import { suggestionOf } from '../../validator/formatErrors.ts';
import { expectedPathFor } from '../../validator/pageRules.ts';
import { schemaAt } from '../../validator/schemaAt.ts';
import { PAGE_SCHEMA, SITE_SCHEMA } from '../../validator/schemas.ts';
import type { ContentError } from '../../validator/types.ts';
import { TITLE_SHOWN_LENGTH } from '../../validator/validateSite.ts';
import { humanize } from './schemaForms.ts';

type Segment = string | number;
type Schema = Record<string, unknown>;

/** What the form words need besides the problem: the edited file and its data as validated. */
export interface FormContext {
  file: string;
  data: unknown;
  /** site.yaml as last read (the page title's full form depends on it). */
  site: () => SiteConfig | undefined;
}

/** The one date form the schemas and the editor's date box use. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_EXAMPLE = '2026-11-02';

/**
 * A required field left empty: the validator speaks of the object that lacks it (where a line is
 * to be added); the form names the field itself, which is where the message belongs.
 */
function missingProperty(problem: ContentError): string | undefined {
  return problem.code === 'missing-property'
    ? /^Missing required property "([^"]+)"/.exec(problem.message)?.[1]
    : undefined;
}

function valueAt(data: unknown, segments: readonly Segment[]): unknown {
  let value = data;
  for (const seg of segments)
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[seg] : undefined;
  return value;
}

/** A definition's name ("BulletCard") is for programmers; the form shows the field's own label. */
const PROGRAMMERS_NAME = /^[A-Z][a-z]+([A-Z][a-z]+)+$/;

/** The label the form shows for the field at `segments` ("Heading", "Bullet points, item 2"). */
export function labelOf(file: string, data: unknown, segments: readonly Segment[]): string {
  const last = segments.at(-1);
  if (last === undefined) return 'This page';
  if (typeof last === 'number') {
    const parent = segments.slice(0, -1);
    if (parent.length === 1 && parent[0] === 'blocks') return `Section ${last + 1}`;
    return `${labelOf(file, data, parent)}, item ${last + 1}`;
  }
  const schema = schemaAt(bundledSchemas, rootSchemaOf(file), data, segments);
  const title = schema?.title;
  return typeof title === 'string' && !PROGRAMMERS_NAME.test(title) ? title : humanize(last);
}

function rootSchemaOf(file: string): string {
  return file === 'site.yaml' ? SITE_SCHEMA : PAGE_SCHEMA;
}

interface Field {
  segments: Segment[];
  label: string;
  schema: Schema;
  value: unknown;
  /** The label of a neighbouring field (same parent), e.g. the posting's other date. */
  sibling: (name: string) => string;
}

const quoted = (v: unknown) => `“${String(v)}”`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function isColour(schema: Schema): boolean {
  return schema.pattern === '^#[0-9a-fA-F]{6}$';
}

function isDate(schema: Schema): boolean {
  return schema.format === 'date';
}

function examplesOf(schema: Schema): string {
  const first = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  return typeof first === 'string' || typeof first === 'number' ? `, e.g. ${first}` : '';
}

/** What to fill in, for a field that is required or empty. */
function howToFill(f: Field): string {
  if (f.schema.siteImage === true) return 'choose a picture';
  if (Array.isArray(f.schema.enum)) return 'choose one from the list';
  if (isColour(f.schema)) return 'choose a colour';
  if (isDate(f.schema)) return `type the date as ${DATE_FORMAT}`;
  if (f.schema.type === 'array') return 'add an item with its Add button';
  if (f.schema.type === 'object') return 'fill in its boxes';
  return 'type it in';
}

function wrongForm(f: Field): string {
  if (isColour(f.schema))
    return 'Choose a colour with the colour button, or type # and six digits or letters a–f, e.g. #4338ca.';
  if (isDate(f.schema)) return `Type the date as ${DATE_FORMAT} (year, month, day), e.g. ${DATE_EXAMPLE}.`;
  if (f.schema.siteImage === true)
    return `${f.label} must be a picture of the site (SVG, PNG, JPEG, WebP or AVIF): choose one with “Choose picture”.`;
  if (typeof f.schema.pattern === 'string' && f.schema.pattern.startsWith('^/'))
    return `An address starts with / and holds only lower-case letters, digits and hyphens, e.g. /services/iot.`;
  if (f.schema.format === 'email') return `Type an email address, e.g. name@example.com.`;
  return `${f.label} is not in the expected form${examplesOf(f.schema)}.`;
}

function wrongType(f: Field): string {
  if (f.schema.type === 'integer' || f.schema.type === 'number') return `Type a number in ${f.label}.`;
  if (f.schema.type === 'boolean') return `Tick or clear ${f.label}.`;
  if (f.schema.type === 'array') return `${f.label} must be a list: add its items with the Add button.`;
  return `${f.label} holds the wrong kind of value: clear it and fill it in again.`;
}

function range(f: Field): string {
  const { minimum: min, maximum: max } = f.schema;
  if (typeof min === 'number' && typeof max === 'number')
    return `${f.label} must be a number from ${min} to ${max}.`;
  if (typeof min === 'number') return `${f.label} must be at least ${min}.`;
  return `${f.label} must be at most ${String(max)}.`;
}

function tooLong(f: Field): string {
  const length = typeof f.value === 'string' ? f.value.length : 0;
  const max = Number(f.schema.maxLength);
  return `${f.label} is ${length} characters long and at most ${max} fit: shorten it by ${length - max}.`;
}

function tooShort(f: Field): string {
  const min = Number(f.schema.minLength);
  return min <= 1
    ? `${f.label} is empty: ${howToFill(f)}${f.segments.some((s) => typeof s === 'number') ? ', or remove the item' : ''}.`
    : `${f.label} needs at least ${min} characters.`;
}

function longTitle(f: Field, _p: ContentError, ctx: FormContext): string | undefined {
  const site = ctx.site();
  if (!site || typeof f.value !== 'string') return undefined;
  const shown = fullTitle({ title: f.value }, site);
  return `With the company name the site adds, search results show this title as ${shown.length} characters (${quoted(shown)}) and cut it after about ${TITLE_SHOWN_LENGTH}. Shorten ${f.label} by ${shown.length - TITLE_SHOWN_LENGTH} characters.`;
}

function pageAddress(f: Field, _p: ContentError, ctx: FormContext): string {
  const expected = expectedPathFor(ctx.file);
  if (f.segments[0] === 'aliases')
    return `${quoted(f.value)} already leads to another page: remove it from ${labelOf(ctx.file, ctx.data, ['aliases'])}.`;
  return `This page's address is ${expected}, from its place in the site: change ${f.label} back to ${expected}. To give the page another address, use Change address in the list of pages: it also sends visitors of the old address on, and updates the links to it.`;
}

/** The closing date before the date posted: both named by their labels. */
function postingDates(f: Field, _p: ContentError, ctx: FormContext): string {
  const postedAt = [...f.segments.slice(0, -1), 'datePosted'];
  const posted = valueAt(ctx.data, postedAt);
  return `${quoted(f.label)} (${String(f.value)}) is before ${quoted(f.sibling('datePosted'))} (${String(posted)}): choose a day on or after ${String(posted)}.`;
}

/** The form's words for each problem code; `undefined` keeps the validator's. */
const WORDS: Record<string, (f: Field, p: ContentError, ctx: FormContext) => string | undefined> = {
  'missing-property': (f) => `${f.label} is required: ${howToFill(f)}.`,
  'too-short': tooShort,
  'too-long': tooLong,
  'wrong-form': wrongForm,
  'impossible-date': (f) =>
    `${quoted(f.value)} is not a day of the calendar: type a date that exists, as ${DATE_FORMAT}.`,
  'value-not-allowed': (f) => `Choose ${f.label} from the list.`,
  'wrong-type': wrongType,
  'out-of-range': range,
  'too-few-items': (f) =>
    `${f.label} needs at least ${plural(Number(f.schema.minItems), 'item')}: add one with its Add button.`,
  'too-many-items': (f) =>
    `${f.label} holds at most ${plural(Number(f.schema.maxItems), 'item')}: remove the extra ones.`,
  'repeated-item': (f) => `${f.label} holds the same item twice: change or remove one.`,
  'posting-dates': postingDates,
  'posting-closed': (f) =>
    `This job closed on ${String(f.value)}: search engines drop it and visitors may apply for a closed job. If it is still open, type a later day in ${quoted(f.label)}.`,
  'long-title': longTitle,
  'missing-image': (f) =>
    `There is no picture ${quoted(f.value)} on the site: choose one with “Choose picture”, or upload it there.`,
  'no-such-page': (f, p) => {
    const meant = suggestionOf(p.message);
    return `${quoted(f.value)} leads to no page of the site: choose a page from the list of ${f.label}.${meant ? ` Did you mean ${quoted(meant)}?` : ''}`;
  },
  'no-such-anchor': (f) =>
    `Nothing on this page is called ${quoted(f.value)}: choose a place from the list of ${f.label}, or #contactus for the contact details at the bottom.`,
  'bad-link': (f) =>
    `${f.label} must start with / (a page of this site), # (a place on this page), https://, mailto: or tel:. Choose a page from the list, or type a full address.`,
  'path-mismatch': pageAddress,
  'duplicate-address': pageAddress,
  'duplicate-order': (f, p) => {
    const free = suggestionOf(p.message);
    return `Another page of this list is already at position ${String(f.value)}, so the two would be listed in no fixed order: choose a number no other page has${free ? `, e.g. ${free}` : ''}.`;
  },
  'unknown-shared-text': (f) =>
    `There is no shared text ${quoted(f.value)}: choose one of the shared texts of Site settings.`,
  'missing-form-label': (f) => `${f.label}: every field of this form needs a label. Fill in each box.`,
  'unknown-form-field': (f) => `${f.label} is not a field of this form: remove it.`,
};

/** One problem in the form's words, placed at the field it is about. */
export function inFormWords(problem: ContentError, ctx: FormContext): ContentError {
  const segments = [...problem.path];
  const missing = missingProperty(problem);
  if (missing) segments.push(missing);
  const place = placeOf(segments);
  const words = problem.code ? WORDS[problem.code] : undefined;
  if (!words) return { ...problem, ...place };
  const root = rootSchemaOf(ctx.file);
  const field: Field = {
    segments,
    label: labelOf(ctx.file, ctx.data, segments),
    schema: schemaAt(bundledSchemas, root, ctx.data, segments) ?? {},
    value: valueAt(ctx.data, segments),
    sibling: (name) => labelOf(ctx.file, ctx.data, [...segments.slice(0, -1), name]),
  };
  return { ...problem, ...place, message: words(field, problem, ctx) ?? problem.message };
}
