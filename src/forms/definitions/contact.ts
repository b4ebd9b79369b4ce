/** The contact message of the chat panel: POST {backend}/api/contact, table contact_messages. */
import { API_PATHS, CONTACT_MESSAGE_MAX, CONTACT_MOBILE_LENGTH, checkContact, responses } from '../rules.ts';
import { emailField, nameField } from './commonFields.ts';
import type { FormDefinition } from './types.ts';

export type ContactField = 'name' | 'email' | 'mobileNumber' | 'message';

export const contact: FormDefinition<ContactField> = {
  name: 'contact',
  labels: { one: 'Contact message', many: 'Contact messages' },
  path: API_PATHS.contact,
  table: 'contact_messages',
  encoding: 'json',
  inboxColumns: ['name', 'email', 'mobileNumber'],
  rateLimit: 'forms',
  fields: [
    nameField,
    emailField,
    {
      key: 'mobileNumber',
      column: 'mobile_number',
      label: 'Mobile number',
      maxLength: CONTACT_MOBILE_LENGTH,
      input: 'tel',
      inputMode: 'numeric',
      digitsOnly: true,
      autocomplete: 'tel-national',
      inbox: { search: true },
    },
    {
      key: 'message',
      column: 'message',
      label: 'Message',
      // The specification's own rule and message ("Message is too long (max 1000 characters).")
      // with a counter: the input does not stop at the limit.
      maxLength: CONTACT_MESSAGE_MAX,
      maxLengthAttribute: false,
      rows: 4,
      counter: true,
      input: 'textarea',
      inbox: { search: true },
    },
  ],
  check: checkContact,
  success: responses.contactSuccess,
};
