/** The demo / inquiry request: POST {backend}/api/contact-demo, table demo_requests. */
import { API_PATHS, checkDemo, DEMO_QUERY_MAX, responses } from '../rules.ts';
import { emailField, nameField, phoneField } from './commonFields.ts';
import type { FormDefinition } from './types.ts';

export type DemoField = 'name' | 'phone' | 'email' | 'serviceType' | 'query';

export const demo: FormDefinition<DemoField> = {
  name: 'demo',
  labels: { one: 'Demo request', many: 'Demo requests' },
  path: API_PATHS.demo,
  table: 'demo_requests',
  encoding: 'json',
  inboxColumns: ['name', 'email', 'phone', 'serviceType'],
  rateLimit: 'forms',
  fields: [
    nameField,
    phoneField,
    emailField,
    {
      key: 'serviceType',
      column: 'service_type',
      label: 'Service type',
      input: 'select',
      inbox: { search: true },
    },
    {
      key: 'query',
      column: 'query',
      label: 'Query',
      maxLength: DEMO_QUERY_MAX,
      rows: 4,
      counter: true,
      input: 'textarea',
      inbox: { search: true },
    },
  ],
  check: checkDemo,
  choices: [
    { field: 'serviceType', from: 'serviceTypes', message: 'Please choose a service type from the list.' },
  ],
  success: responses.demoSuccess,
};
