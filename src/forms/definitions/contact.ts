/** The contact message of the chat panel: POST {backend}/api/contact, table contact_messages. */
import { responses } from '../responses.ts';
import { emailField, nameField } from './commonFields.ts';
import type { FieldDefinition, FormDefinition } from './types.ts';

/** In the order staff read them, which is also the order the rules report a blank one in. */
const fields = [
  nameField,
  emailField,
  {
    key: 'mobileNumber',
    column: 'mobile_number',
    required: true,
    label: 'Mobile number',
    // The specification's 10-digit Indian mobile number (its own rule: MOBILE_PATTERN in rules.ts).
    maxLength: 10,
    input: 'tel',
    inputMode: 'numeric',
    digitsOnly: true,
    autocomplete: 'tel-national',
    inbox: { search: true },
  },
  {
    key: 'message',
    column: 'message',
    required: true,
    label: 'Message',
    // The specification's own rule and message ("Message is too long (max 1000 characters).")
    // with a counter: the input does not stop at the limit.
    maxLength: 1000,
    maxLengthAttribute: false,
    rows: 4,
    counter: true,
    input: 'textarea',
    inbox: { search: true },
  },
] as const satisfies readonly FieldDefinition[];

export type ContactField = (typeof fields)[number]['key'];

export const contact = {
  name: 'contact',
  labels: { one: 'Contact message', many: 'Contact messages' },
  path: '/api/contact',
  table: 'contact_messages',
  encoding: 'json',
  inboxColumns: ['name', 'email', 'mobileNumber'],
  rateLimit: 'forms',
  fields,
  success: responses.contactSuccess,
} as const satisfies FormDefinition<ContactField>;
