/** The brochure request: POST {backend}/api/brochure-request, table brochure_requests. */
import { responses } from '../responses.ts';
import { emailField } from './commonFields.ts';
import type { FieldDefinition, FormDefinition } from './types.ts';

const fields = [emailField] as const satisfies readonly FieldDefinition[];

export type BrochureField = (typeof fields)[number]['key'];

export const brochure = {
  name: 'brochure',
  labels: { one: 'Brochure request', many: 'Brochure requests' },
  path: '/api/brochure-request',
  table: 'brochure_requests',
  encoding: 'json',
  inboxColumns: ['email'],
  rateLimit: 'forms',
  fields,
  success: responses.brochureSuccess,
} as const satisfies FormDefinition<BrochureField>;
