/**
 * The job application of the career pages: POST {backend}/api/apply-position (multipart, with the
 * CV), table applications. The CV's bytes are stored in the same row as the fields below
 * (column cv_data); the `stored` fields are what the server keeps about the file.
 */
import { API_PATHS, checkApplication, FIELD_MAX_LENGTHS, responses } from '../rules.ts';
import { emailField, phoneField } from './commonFields.ts';
import type { FormDefinition } from './types.ts';

/** What the visitor sends as text (the position is the page's job title). */
export type ApplicationTextField = 'fullName' | 'email' | 'phone' | 'coverLetter' | 'position';
/** Those, the CV file, and what the server keeps about the file. */
export type ApplicationField = ApplicationTextField | 'cv' | 'cvName' | 'cvType' | 'cvSize' | 'cvSha256';

export const application: FormDefinition<ApplicationField> = {
  name: 'application',
  labels: { one: 'Job application', many: 'Job applications' },
  path: API_PATHS.application,
  table: 'applications',
  encoding: 'multipart',
  inboxColumns: ['fullName', 'position', 'email', 'phone'],
  rateLimit: 'apply',
  formOrder: ['fullName', 'position', 'email', 'phone', 'coverLetter', 'cv'],
  fields: [
    {
      key: 'fullName',
      column: 'full_name',
      label: 'Full name',
      maxLength: FIELD_MAX_LENGTHS.fullName,
      input: 'text',
      autocomplete: 'name',
      inbox: { search: true },
    },
    emailField,
    phoneField,
    {
      key: 'coverLetter',
      column: 'cover_letter',
      label: 'Cover letter',
      maxLength: FIELD_MAX_LENGTHS.coverLetter,
      rows: 5,
      input: 'textarea',
      inbox: { search: true },
    },
    {
      key: 'position',
      column: 'position',
      label: 'Position',
      maxLength: FIELD_MAX_LENGTHS.position,
      input: 'readOnly',
      inbox: { search: true },
    },
    { key: 'cv', column: 'cv_data', label: 'CV', input: 'file', inbox: { export: false, email: false } },
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
  ],
  check: (v, cv) => checkApplication({ ...v, cv }),
  choices: [
    {
      field: 'position',
      from: 'positions',
      message: 'This position is not open for applications. Please reload the page.',
    },
  ],
  success: responses.applicationSuccess,
};
