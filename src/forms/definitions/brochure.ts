/** The brochure request: POST {backend}/api/brochure-request, table brochure_requests. */
import { API_PATHS, checkBrochure, responses } from '../rules.ts';
import { emailField } from './commonFields.ts';
import type { FormDefinition } from './types.ts';

export type BrochureField = 'email';

export const brochure: FormDefinition<BrochureField> = {
  name: 'brochure',
  labels: { one: 'Brochure request', many: 'Brochure requests' },
  path: API_PATHS.brochure,
  table: 'brochure_requests',
  encoding: 'json',
  inboxColumns: ['email'],
  rateLimit: 'forms',
  fields: [emailField],
  check: checkBrochure,
  success: responses.brochureSuccess,
};
