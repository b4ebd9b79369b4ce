/** The demo / inquiry request: POST {backend}/api/contact-demo, table demo_requests. */
import { API_PATHS, checkDemo, DEMO_QUERY_MAX, FIELD_MAX_LENGTHS, responses } from '../rules.ts';
import type { FormDefinition } from './types.ts';

export type DemoField = 'name' | 'phone' | 'email' | 'serviceType' | 'query';

export const demo: FormDefinition<DemoField> = {
  name: 'demo',
  labels: { one: 'Demo request', many: 'Demo requests' },
  path: API_PATHS.demo,
  table: 'demo_requests',
  encoding: 'json',
  rateLimit: 'forms',
  fields: [
    {
      key: 'name',
      column: 'name',
      label: 'Name',
      maxLength: FIELD_MAX_LENGTHS.name,
      input: 'text',
      autocomplete: 'name',
      inbox: { list: true, search: true },
    },
    {
      key: 'phone',
      column: 'phone',
      label: 'Phone',
      maxLength: FIELD_MAX_LENGTHS.phone,
      input: 'tel',
      inputMode: 'numeric',
      autocomplete: 'tel',
      inbox: { list: true, search: true },
    },
    {
      key: 'email',
      column: 'email',
      label: 'Email',
      maxLength: FIELD_MAX_LENGTHS.email,
      input: 'email',
      autocomplete: 'email',
      inbox: { list: true, search: true },
    },
    {
      key: 'serviceType',
      column: 'service_type',
      label: 'Service type',
      input: 'select',
      inbox: { list: true, search: true },
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
