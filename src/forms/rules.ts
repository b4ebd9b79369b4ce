/**
 * The validation rules of the four forms, as pure functions. The browser forms and the server
 * import this same module, so a visitor and the API always agree on what is valid and on the words
 * used to say what is not (the specification's titles and messages, character for character).
 * Each `check*` function applies its form's rules in the specification's order and returns the
 * first failure, or null. Which fields are required, each field's length limit, its name in the
 * "too long" message and the order they are checked in are said by the fields of the form's
 * definition (src/forms/definitions/): the rules read them there, so a new field needs no line here.
 */

import { visibleLength } from './characters.ts';
import { application } from './definitions/application.ts';
import { brochure } from './definitions/brochure.ts';
import { emailField } from './definitions/commonFields.ts';
import { contact } from './definitions/contact.ts';
import { demo } from './definitions/demo.ts';
import {
  type FieldDefinition,
  type FormDefinition,
  type FormName,
  fieldOf,
  type SentValues,
  sentFields,
} from './definitions/types.ts';
import type { DialogMessage } from './responses.ts';

export { type DialogIcon, type DialogMessage, responses } from './responses.ts';

export interface RuleFailure extends DialogMessage {
  /** The field at fault (for focusing it); absent when several are. */
  field?: string;
}

/** something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d{7,15}$/;

export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;
export const CV_MAX_BYTES = 5 * 1024 * 1024;
// The length limits (each field's `maxLength` in its definition) are checked right after the
// "required" rule, before any pattern: the email pattern backtracks on long input.
export const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export type CvExtension = (typeof CV_EXTENSIONS)[number];
export const CV_MIME_TYPES: Record<CvExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** For the file input's `accept`. */
export const CV_ACCEPT = [...CV_EXTENSIONS.map((e) => `.${e}`), ...Object.values(CV_MIME_TYPES)].join(',');

/**
 * A text field the forms hide from people (off-screen, aria-hidden, out of the tab order). Bots
 * that fill every field fill it too; the server then answers as if all went well and keeps nothing.
 */
export const HONEYPOT_FIELD = 'website';

/**
 * A field's `maxLength` from its definition; throws when it has none (a developer's mistake, found
 * by any test), so a rule never compares with undefined.
 */
function limitOf<K extends string>(form: FormDefinition<K>, key: K): number {
  const { maxLength } = fieldOf(form, key);
  if (maxLength === undefined) throw new Error(`Form ${form.name}'s field ${key} has no maxLength`);
  return maxLength;
}

const QUERY_MAX = limitOf(demo, 'query');
const MOBILE_NUMBER_LENGTH = limitOf(contact, 'mobileNumber');
const MESSAGE_MAX = limitOf(contact, 'message');

/** Indian mobile number: 10 digits (the field's maxLength) starting 6 to 9. */
export const MOBILE_PATTERN = new RegExp(`^[6-9]\\d{${MOBILE_NUMBER_LENGTH - 1}}$`);

export const isEmail = (v: string): boolean => v.length <= emailField.maxLength && EMAIL_PATTERN.test(v);
export const isPhone = (v: string): boolean => PHONE_PATTERN.test(v);
export const isMobile = (v: string): boolean => MOBILE_PATTERN.test(v);
const blank = (v: string | undefined | null): boolean => !v?.trim();

/**
 * A value's length as the visitor's browser counted it against `maxLength`: multipart bodies carry
 * line breaks as CR LF, which the browser counted as one character.
 */
export const textLength = (v: string): number => v.replace(/\r\n/g, '\n').length;

/** What the contact form's mobile input keeps of what is typed: digits only, at most its maxLength (10). */
export function sanitizeMobileInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, MOBILE_NUMBER_LENGTH);
}

/**
 * "Name is too long (max 100 characters).": a field's staff label and limit, from its definition.
 * The specification's own words for the contact message; plain English for the other caps (the
 * specification has none).
 */
export const tooLongMessage = (field: Pick<FieldDefinition, 'label' | 'maxLength'>): string =>
  `${field.label} is too long (max ${field.maxLength} characters).`;

export const messages = {
  missingFields: {
    title: 'Missing Fields',
    message: 'Please fill out all required fields.',
    icon: 'warning',
  },
  invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.', icon: 'error' },
  invalidPhone: { title: 'Invalid Phone', message: 'Phone number must be 7–15 digits.', icon: 'error' },
  queryTooLong: { title: 'Too Long', message: `Query exceeds ${QUERY_MAX} characters.`, icon: 'error' },
  brochureEmail: { title: 'Warning', message: 'Please enter a valid email address.', icon: 'warning' },
  applicationMissing: { title: 'Warning', message: 'All fields are required', icon: 'warning' },
  applicationEmail: { title: 'Warning', message: 'Invalid email address', icon: 'warning' },
  applicationPhone: { title: 'Warning', message: 'Invalid phone number', icon: 'warning' },
  cvType: { title: 'Warning', message: 'Only PDF/DOC/DOCX files are allowed', icon: 'warning' },
  cvSize: { title: 'Warning', message: 'File size exceeds 5MB', icon: 'warning' },
  contactName: { title: 'Invalid Name', message: 'Name must be at least 2 characters.', icon: 'error' },
  contactMobile: {
    title: 'Invalid Mobile Number',
    message: `Please enter a valid ${MOBILE_NUMBER_LENGTH}-digit mobile number starting with 6–9.`,
    icon: 'error',
  },
  contactTooShort: {
    title: 'Too Short',
    message: 'Message must be at least 10 characters long.',
    icon: 'error',
  },
  contactTooLong: { title: 'Too Long', message: tooLongMessage(fieldOf(contact, 'message')), icon: 'error' },
} as const satisfies Record<string, RuleFailure>;

const fail = (m: RuleFailure, field?: string): RuleFailure => (field ? { ...m, field } : { ...m });

/**
 * The first field its definition marks `required` that is left blank (a file field: no file), in
 * the definition's order, which is the specification's.
 */
function firstMissing<K extends string>(
  fields: readonly Pick<FieldDefinition<K>, 'key' | 'required'>[],
  v: Partial<Record<K, unknown>>,
): K | undefined {
  const isBlank = (value: unknown) => (typeof value === 'string' ? blank(value) : value == null);
  return fields.find((f) => f.required && isBlank(v[f.key]))?.key;
}

/**
 * The first text field of `form` (in its definition's order) longer than its `maxLength`, as a
 * failure with the form's title and icon. `ownRules` are the fields whose limit the specification
 * checks with a rule and message of its own, at its own place in the order (the demo's query, the
 * contact mobile number and message).
 */
function overCap<K extends string>(
  form: FormDefinition<K>,
  v: Readonly<Partial<Record<K, unknown>>>,
  style: Pick<RuleFailure, 'title' | 'icon'>,
  ownRules: readonly K[] = [],
): RuleFailure | null {
  const field = sentFields(form).find((f) => {
    const value = v[f.key];
    return (
      f.maxLength !== undefined &&
      !ownRules.includes(f.key) &&
      typeof value === 'string' &&
      textLength(value) > f.maxLength
    );
  });
  return field ? { ...style, message: tooLongMessage(field), field: field.key } : null;
}
const TOO_LONG = { title: 'Too Long', icon: 'error' } as const;
const WARNING = { title: 'Warning', icon: 'warning' } as const;

// Demo / inquiry request ----------------------------------------------------------------------

export type DemoValues = SentValues<(typeof demo.fields)[number]>;

export function checkDemo(v: DemoValues): RuleFailure | null {
  const missing = firstMissing(demo.fields, v);
  if (missing) return fail(messages.missingFields, missing);
  const tooLong = overCap(demo, v, TOO_LONG, ['query']);
  if (tooLong) return tooLong;
  if (!isEmail(v.email.trim())) return fail(messages.invalidEmail, 'email');
  if (!isPhone(v.phone.trim())) return fail(messages.invalidPhone, 'phone');
  if (v.query.length > QUERY_MAX) return fail(messages.queryTooLong, 'query');
  return null;
}

// Brochure request ----------------------------------------------------------------------------

export type BrochureValues = SentValues<(typeof brochure.fields)[number]>;

export function checkBrochure(v: BrochureValues): RuleFailure | null {
  const missing = firstMissing(brochure.fields, v);
  if (missing) return fail(messages.brochureEmail, missing);
  const tooLong = overCap(brochure, v, WARNING);
  if (tooLong) return tooLong;
  if (!isEmail(v.email.trim())) return fail(messages.brochureEmail, 'email');
  return null;
}

// Job application -----------------------------------------------------------------------------

export interface CvFileInfo {
  name: string;
  size: number;
}

/**
 * The text fields (the page's job title among them, which the form cannot change and the server
 * checks is a real opening) and the chosen CV.
 */
export type ApplicationValues = SentValues<(typeof application.fields)[number]> & { cv: CvFileInfo | null };

export function cvExtension(fileName: string): CvExtension | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return CV_EXTENSIONS.find((e) => e === ext);
}

/** Checked when a file is chosen (the form discards a failing file) and again on the server. */
export function checkCvFile(file: CvFileInfo): RuleFailure | null {
  if (!cvExtension(file.name)) return fail(messages.cvType, 'cv');
  if (file.size > CV_MAX_BYTES) return fail(messages.cvSize, 'cv');
  return null;
}

export function checkApplication(v: ApplicationValues): RuleFailure | null {
  const missing = firstMissing(application.fields, v);
  if (missing) return fail(messages.applicationMissing, missing);
  const tooLong = overCap(application, v, WARNING);
  if (tooLong) return tooLong;
  if (!isEmail(v.email.trim())) return fail(messages.applicationEmail, 'email');
  if (!isPhone(v.phone.trim())) return fail(messages.applicationPhone, 'phone');
  return v.cv ? checkCvFile(v.cv) : fail(messages.applicationMissing, 'cv');
}

// Contact message -----------------------------------------------------------------------------

export type ContactValues = SentValues<(typeof contact.fields)[number]>;

export function checkContact(raw: ContactValues): RuleFailure | null {
  const v = {
    name: raw.name.trim(),
    email: raw.email.trim(),
    mobileNumber: raw.mobileNumber.trim(),
    message: raw.message.trim(),
  };
  const missing = firstMissing(contact.fields, raw);
  if (missing) return fail(messages.missingFields, missing);
  const tooLong = overCap(contact, v, TOO_LONG, ['mobileNumber', 'message']);
  if (tooLong) return tooLong;
  // "At least N characters" counts what a reader sees (no zero-width joiners or selectors).
  if (visibleLength(v.name) < CONTACT_NAME_MIN) return fail(messages.contactName, 'name');
  if (!isEmail(v.email)) return fail(messages.invalidEmail, 'email');
  if (!isMobile(v.mobileNumber)) return fail(messages.contactMobile, 'mobileNumber');
  if (visibleLength(v.message) < CONTACT_MESSAGE_MIN) return fail(messages.contactTooShort, 'message');
  if (v.message.length > MESSAGE_MAX) return fail(messages.contactTooLong, 'message');
  return null;
}

// Any form, by name ----------------------------------------------------------------------------

/**
 * The last rule, for a field whose only limit is its definition's `maxLength` (a field added to a
 * definition without a rule here): the input stops at it, so only a request that bypasses the form
 * gets this far. Every field with a rule of its own has passed a limit at least as strict by then.
 */
export function overDefinedLimit(
  fields: readonly FieldDefinition[],
  values: Readonly<Record<string, string | undefined>>,
): RuleFailure | null {
  const field = fields.find(
    (f) => f.maxLength !== undefined && textLength((values[f.key] ?? '').trim()) > f.maxLength,
  );
  return field ? { ...TOO_LONG, message: tooLongMessage(field), field: field.key } : null;
}

const DEFINITIONS = { demo, brochure, application, contact } satisfies Record<FormName, FormDefinition>;

/**
 * A form's rules on the visitor's text values and chosen file (the generic API route's call; the
 * browser forms call their own check, and their inputs stop at each field's limit).
 */
export function checkForm(
  form: FormName,
  values: Record<string, string>,
  file: CvFileInfo | null,
): RuleFailure | null {
  const text = sentFields<string>(DEFINITIONS[form]);
  return ownRules(form, values, file) ?? overDefinedLimit(text, values);
}

function ownRules(
  form: FormName,
  values: Record<string, string>,
  file: CvFileInfo | null,
): RuleFailure | null {
  /** The definition's text fields, each as sent ("" when absent). */
  const textOf = <K extends string>(definition: FormDefinition<K>) =>
    Object.fromEntries(sentFields(definition).map((f) => [f.key, values[f.key] ?? ''])) as Record<K, string>;
  switch (form) {
    case 'demo':
      return checkDemo(textOf(demo));
    case 'brochure':
      return checkBrochure(textOf(brochure));
    case 'application':
      return checkApplication({ ...textOf(application), cv: file });
    case 'contact':
      return checkContact(textOf(contact));
  }
}

/** The four calls of the specification (section 7), relative to site.yaml's `backend`. */
export const API_PATHS = {
  demo: demo.path,
  brochure: brochure.path,
  application: application.path,
  contact: contact.path,
} as const satisfies Record<FormName, string>;
