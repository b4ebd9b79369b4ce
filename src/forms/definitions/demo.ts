/** The demo / inquiry request: POST {backend}/api/contact-demo, table demo_requests. */
import { responses } from '../responses.ts';
import { emailField, nameField, phoneField } from './commonFields.ts';
import type { FieldDefinition, FormDefinition } from './types.ts';

/** In the order staff read them, which is also the order the rules report a blank one in. */
const fields = [
  nameField,
  phoneField,
  emailField,
  {
    key: 'serviceType',
    column: 'service_type',
    required: true,
    label: 'Service type',
    input: 'select',
    inbox: { search: true },
  },
  {
    key: 'query',
    column: 'query',
    required: true,
    label: 'Query',
    // The specification's limit, with its own message ("Query exceeds 300 characters.").
    maxLength: 300,
    rows: 4,
    counter: true,
    input: 'textarea',
    inbox: { search: true },
  },
] as const satisfies readonly FieldDefinition[];

export type DemoField = (typeof fields)[number]['key'];

export const demo = {
  name: 'demo',
  labels: { one: 'Demo request', many: 'Demo requests' },
  path: '/api/contact-demo',
  table: 'demo_requests',
  encoding: 'json',
  inboxColumns: ['name', 'email', 'phone', 'serviceType'],
  rateLimit: 'forms',
  fields,
  choices: [
    { field: 'serviceType', from: 'serviceTypes', message: 'Please choose a service type from the list.' },
  ],
  success: responses.demoSuccess,
} as const satisfies FormDefinition<DemoField>;
