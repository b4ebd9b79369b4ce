/**
 * The validation rules of the four forms, as pure functions. The browser forms and the server
 * import this same module, so a visitor and the API always agree on what is valid and on the words
 * used to say what is not (the specification's titles and messages, character for character).
 * Each `check*` function applies its form's rules in the specification's order and returns the
 * first failure, or null. Which fields are required is said by each field of the form's
 * definition (src/forms/definitions/): the rules read it there, so a new field needs no line here.
 */

import { visibleLength } from './characters.ts';
import { application } from './definitions/application.ts';
import { brochure } from './definitions/brochure.ts';
import { contact } from './definitions/contact.ts';
import { demo } from './definitions/demo.ts';
import {
  type FieldDefinition,
  type FormDefinition,
  type FormName,
  type SentValues,
  sentFields,
} from './definitions/types.ts';
import {
  type CappedField,
  CONTACT_MESSAGE_MAX,
  CONTACT_MOBILE_LENGTH,
  DEMO_QUERY_MAX,
  FIELD_MAX_LENGTHS,
} from './limits.ts';
import type { DialogMessage } from './responses.ts';

export {
  type CappedField,
  CONTACT_MESSAGE_MAX,
  CONTACT_MOBILE_LENGTH,
  DEMO_QUERY_MAX,
  FIELD_MAX_LENGTHS,
} from './limits.ts';
export { type DialogIcon, type DialogMessage, responses } from './responses.ts';

export interface RuleFailure extends DialogMessage {
  /** The field at fault (for focusing it); absent when several are. */
  field?: string;
}

/** something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d{7,15}$/;
/** Indian mobile number: 10 digits starting 6 to 9. */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;

export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;
export const CV_MAX_BYTES = 5 * 1024 * 1024;
// The length limits (FIELD_MAX_LENGTHS, limits.ts) are checked right after the "required" rule,
// before any pattern: the email pattern backtracks on long input.
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

export const isEmail = (v: string): boolean => v.length <= FIELD_MAX_LENGTHS.email && EMAIL_PATTERN.test(v);
export const isPhone = (v: string): boolean => PHONE_PATTERN.test(v);
export const isMobile = (v: string): boolean => MOBILE_PATTERN.test(v);
const blank = (v: string | undefined | null): boolean => !v?.trim();

/**
 * A value's length as the visitor's browser counted it against `maxLength`: multipart bodies carry
 * line breaks as CR LF, which the browser counted as one character.
 */
export const textLength = (v: string): number => v.replace(/\r\n/g, '\n').length;

/** What the contact form's mobile input keeps of what is typed: digits only, at most 10. */
export function sanitizeMobileInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CONTACT_MOBILE_LENGTH);
}

export const messages = {
  missingFields: {
    title: 'Missing Fields',
    message: 'Please fill out all required fields.',
    icon: 'warning',
  },
  invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.', icon: 'error' },
  invalidPhone: { title: 'Invalid Phone', message: 'Phone number must be 7–15 digits.', icon: 'error' },
  queryTooLong: { title: 'Too Long', message: 'Query exceeds 300 characters.', icon: 'error' },
  brochureEmail: { title: 'Warning', message: 'Please enter a valid email address.', icon: 'warning' },
  applicationMissing: { title: 'Warning', message: 'All fields are required', icon: 'warning' },
  applicationEmail: { title: 'Warning', message: 'Invalid email address', icon: 'warning' },
  applicationPhone: { title: 'Warning', message: 'Invalid phone number', icon: 'warning' },
  cvType: { title: 'Warning', message: 'Only PDF/DOC/DOCX files are allowed', icon: 'warning' },
  cvSize: { title: 'Warning', message: 'File size exceeds 5MB', icon: 'warning' },
  contactName: { title: 'Invalid Name', message: 'Name must be at least 2 characters.', icon: 'error' },
  contactMobile: {
    title: 'Invalid Mobile Number',
    message: 'Please enter a valid 10-digit mobile number starting with 6–9.',
    icon: 'error',
  },
  contactTooShort: {
    title: 'Too Short',
    message: 'Message must be at least 10 characters long.',
    icon: 'error',
  },
  contactTooLong: { title: 'Too Long', message: 'Message is too long (max 1000 characters).', icon: 'error' },
} as const satisfies Record<string, RuleFailure>;

/**
 * Messages of the length caps (FIELD_MAX_LENGTHS); the specification has none. Plain English, the
 * limit taken from the constant. The title and icon follow the form's other dialogs.
 */
const FIELD_NAMES: Record<CappedField, string> = {
  name: 'Name',
  fullName: 'Full name',
  email: 'Email address',
  phone: 'Phone number',
  position: 'Position',
  coverLetter: 'Cover letter',
};
export const tooLongMessage = (field: CappedField): string =>
  `${FIELD_NAMES[field]} is too long (max ${FIELD_MAX_LENGTHS[field]} characters).`;

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

/** The first of `fields` longer than its cap, as a failure with the form's title and icon. */
function overCap<V extends Partial<Record<CappedField, string | null>>>(
  v: V,
  fields: readonly CappedField[],
  style: Pick<RuleFailure, 'title' | 'icon'>,
): RuleFailure | null {
  const field = fields.find((f) => textLength(v[f] ?? '') > FIELD_MAX_LENGTHS[f]);
  return field ? { ...style, message: tooLongMessage(field), field } : null;
}
const TOO_LONG = { title: 'Too Long', icon: 'error' } as const;
const WARNING = { title: 'Warning', icon: 'warning' } as const;

// Demo / inquiry request ----------------------------------------------------------------------

export type DemoValues = SentValues<(typeof demo.fields)[number]>;

export function checkDemo(v: DemoValues): RuleFailure | null {
  const missing = firstMissing(demo.fields, v);
  if (missing) return fail(messages.missingFields, missing);
  const tooLong = overCap(v, ['name', 'phone', 'email'], TOO_LONG);
  if (tooLong) return tooLong;
  if (!isEmail(v.email.trim())) return fail(messages.invalidEmail, 'email');
  if (!isPhone(v.phone.trim())) return fail(messages.invalidPhone, 'phone');
  if (v.query.length > DEMO_QUERY_MAX) return fail(messages.queryTooLong, 'query');
  return null;
}

// Brochure request ----------------------------------------------------------------------------

export type BrochureValues = SentValues<(typeof brochure.fields)[number]>;

export function checkBrochure(v: BrochureValues): RuleFailure | null {
  const missing = firstMissing(brochure.fields, v);
  if (missing) return fail(messages.brochureEmail, missing);
  const tooLong = overCap(v, ['email'], WARNING);
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
  const tooLong = overCap(v, ['fullName', 'email', 'phone', 'coverLetter', 'position'], WARNING);
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
  const tooLong = overCap(v, ['name', 'email'], TOO_LONG);
  if (tooLong) return tooLong;
  // "At least N characters" counts what a reader sees (no zero-width joiners or selectors).
  if (visibleLength(v.name) < CONTACT_NAME_MIN) return fail(messages.contactName, 'name');
  if (!isEmail(v.email)) return fail(messages.invalidEmail, 'email');
  if (!isMobile(v.mobileNumber)) return fail(messages.contactMobile, 'mobileNumber');
  if (visibleLength(v.message) < CONTACT_MESSAGE_MIN) return fail(messages.contactTooShort, 'message');
  if (v.message.length > CONTACT_MESSAGE_MAX) return fail(messages.contactTooLong, 'message');
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
  if (!field) return null;
  return {
    ...TOO_LONG,
    message: `${field.label} is too long (max ${field.maxLength} characters).`,
    field: field.key,
  };
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
