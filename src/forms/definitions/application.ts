/**
 * The job application of the career pages: POST {backend}/api/apply-position (multipart, with the
 * CV), table applications. The CV's bytes are stored in the same row as the fields below
 * (column cv_data); the `stored` fields are what the server keeps about the file.
 */
import { responses } from '../responses.ts';
import { emailField, phoneField } from './commonFields.ts';
import type { FieldDefinition, FormDefinition } from './types.ts';

/**
 * In the order staff read them, which is also the order the rules report a blank one in (the text
 * fields, then the CV).
 */
const fields = [
  {
    key: 'fullName',
    column: 'full_name',
    required: true,
    label: 'Full name',
    maxLength: 100,
    input: 'text',
    autocomplete: 'name',
    inbox: { search: true },
  },
  emailField,
  phoneField,
  {
    key: 'coverLetter',
    column: 'cover_letter',
    required: true,
    label: 'Cover letter',
    maxLength: 5000,
    rows: 5,
    input: 'textarea',
    inbox: { search: true },
  },
  {
    key: 'position',
    column: 'position',
    label: 'Position',
    maxLength: 200,
    input: 'readOnly',
    inbox: { search: true },
  },
  {
    key: 'cv',
    column: 'cv_data',
    required: true,
    label: 'CV',
    input: 'file',
    inbox: { export: false, email: false },
  },
  {
    key: 'cvName',
    column: 'cv_name',
    label: 'CV file name (as uploaded)',
    input: 'stored',
    inbox: { search: true },
  },
  { key: 'cvType', column: 'cv_type', label: 'CV type', input: 'stored', inbox: {} },
  { key: 'cvSize', column: 'cv_size', label: 'CV size (bytes)', input: 'stored', inbox: {} },
  { key: 'cvSha256', column: 'cv_sha256', label: 'CV SHA-256', input: 'stored', inbox: { email: false } },
] as const satisfies readonly FieldDefinition[];

/** Every field: what the visitor sends, the CV file, and what the server keeps about the file. */
export type ApplicationField = (typeof fields)[number]['key'];
/** What the visitor sends as text (the position is the page's job title). */
export type ApplicationTextField = Exclude<(typeof fields)[number], { input: 'file' | 'stored' }>['key'];

export const application = {
  name: 'application',
  labels: { one: 'Job application', many: 'Job applications' },
  path: '/api/apply-position',
  table: 'applications',
  encoding: 'multipart',
  inboxColumns: ['fullName', 'position', 'email', 'phone'],
  rateLimit: 'apply',
  formOrder: ['fullName', 'position', 'email', 'phone', 'coverLetter', 'cv'],
  fields,
  choices: [
    {
      field: 'position',
      from: 'positions',
      message: 'This position is not open for applications. Please reload the page.',
    },
  ],
  success: responses.applicationSuccess,
} as const satisfies FormDefinition<ApplicationField>;
