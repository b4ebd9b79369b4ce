/**
 * The shape of a form's definition: everything the browser form, the API, the database, the staff
 * inbox, the CSV export and the notification email need to know about one form, in one module per
 * form (demo.ts, brochure.ts, application.ts, contact.ts). Browser-safe: no Node imports.
 */
import type { DialogMessage } from '../responses.ts';

/** The one name of each form, used everywhere (API context, repository, inbox, outbox rows). */
export type FormName = 'demo' | 'brochure' | 'application' | 'contact';

/**
 * How a field is entered: a text input of a given type, a text area, a choice from a list, a file,
 * a value the page fills in (read-only), or `stored`: not typed by the visitor but kept by the
 * server (for instance the CV's detected type and size).
 */
export type InputKind = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'file' | 'readOnly' | 'stored';

/**
 * Where staff see a field besides the inbox's detail view (the form's `inboxColumns` say which
 * fields the inbox's list shows).
 */
export interface InboxUse {
  /** Searched by the inbox's search box. */
  search?: boolean;
  /** A column of the CSV/JSON export (default true). */
  export?: boolean;
  /** A line of the notification email (default true). */
  email?: boolean;
}

export interface FieldDefinition<K extends string = string> {
  /** The name in the browser form, the API body and the exports. */
  key: K;
  /** The table column (none for a file: its stored fields hold what is kept of it). */
  column?: string;
  /**
   * The visitor must fill it in (a file field: choose a file). The form's rules (rules.ts) report
   * the first required field left blank, in the order of `fields`, and the input is marked required.
   */
  required?: boolean;
  /**
   * What staff call it (inbox, CSV header readers, notification email), and its name in the rules'
   * "… is too long (max N characters)." message.
   */
  label: string;
  /**
   * Longest value in characters, the one place this limit is written: the input's maxLength, and
   * the form's rules (rules.ts) check it in the order of `fields`, before any pattern.
   */
  maxLength?: number;
  /** Set false when the input shows a counter instead of stopping at `maxLength`. */
  maxLengthAttribute?: boolean;
  input: InputKind;
  /** The input's autocomplete token. */
  autocomplete?: string;
  /** The on-screen keyboard (numeric for phone numbers). */
  inputMode?: 'numeric';
  /** The input keeps only the digits typed, at most `maxLength` of them. */
  digitsOnly?: boolean;
  /** A text area's height in lines. */
  rows?: number;
  /** A text area shows "n/max" under it. */
  counter?: boolean;
  inbox: InboxUse;
}

/**
 * A server-side check of a value against the content: the demo's service type must be one of
 * site.yaml's `serviceTypes`, an application's position one of the open jobs.
 */
export interface ContentChoice<K extends string> {
  field: K;
  from: 'serviceTypes' | 'positions';
  /** The 400 message when it is not. */
  message: string;
}

export interface FormDefinition<K extends string = string> {
  name: FormName;
  /** What staff call one submission and a list of them. */
  labels: { one: string; many: string };
  /** The API path, relative to site.yaml's `backend`. */
  path: string;
  /**
   * The table, written out by hand in server/storage/migrations.ts; its row type (db.ts) is
   * derived from `fields`.
   */
  table: string;
  /** How the browser sends it: JSON, or multipart form data (a file). */
  encoding: 'json' | 'multipart';
  /** Which rate limit applies (server/config.ts `RateLimits`). */
  rateLimit: 'forms' | 'apply';
  /** In the order staff read them (inbox, export, email). */
  fields: readonly FieldDefinition<K>[];
  /** The columns of the staff inbox's list, in order (the first links to the submission). */
  inboxColumns: readonly K[];
  /** The order the browser form shows its fields in, when it differs. */
  formOrder?: readonly K[];
  choices?: readonly ContentChoice<K>[];
  /** What the form shows, and the API answers, on success. */
  success: DialogMessage;
}

/** Of a form's fields, those the visitor sends as text. */
type Sent<F> = Exclude<F, { input: 'file' | 'stored' }>;

/**
 * A form's text values as sent, typed from its fields (`SentValues<(typeof demo.fields)[number]>`):
 * a required field is always there; another may be left out, and is then stored as "".
 */
export type SentValues<F extends FieldDefinition> = {
  [X in Sent<F> as X extends { required: true } ? X['key'] : never]: string;
} & { [X in Sent<F> as X extends { required: true } ? never : X['key']]?: string };

/** The fields a visitor sends as text (not files, not what the server stores of them). */
export const sentFields = <K extends string>(form: FormDefinition<K>): FieldDefinition<K>[] =>
  form.fields.filter((f) => f.input !== 'stored' && f.input !== 'file');

/** The fields kept in the table, with their column. */
export const storedFields = <K extends string>(
  form: FormDefinition<K>,
): (FieldDefinition<K> & { column: string })[] =>
  form.fields.filter((f): f is FieldDefinition<K> & { column: string } => f.column !== undefined);

/** The field called `key`; throws on a typo (a developer's mistake, found by any test). */
export function fieldOf<K extends string>(form: FormDefinition<K>, key: K): FieldDefinition<K> {
  const field = form.fields.find((f) => f.key === key);
  if (!field) throw new Error(`Form ${form.name} has no field ${key}`);
  return field;
}

/** The fields the browser form shows, in its order. */
export function formFields<K extends string>(form: FormDefinition<K>): FieldDefinition<K>[] {
  const shown = form.fields.filter((f) => f.input !== 'stored');
  const order = form.formOrder;
  return order ? order.map((key) => fieldOf(form, key)) : shown;
}

/** A form's text values, all empty. */
export const emptyValues = <K extends string>(form: FormDefinition<K>): Record<K, string> =>
  Object.fromEntries(sentFields(form).map((f) => [f.key, ''])) as Record<K, string>;
