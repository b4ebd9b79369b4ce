/** The brochure request: POST {backend}/api/brochure-request, table brochure_requests. */
import { API_PATHS, checkBrochure, FIELD_MAX_LENGTHS, responses } from '../rules.ts';
import type { FormDefinition } from './types.ts';

export type BrochureField = 'email';

export const brochure: FormDefinition<BrochureField> = {
  name: 'brochure',
  labels: { one: 'Brochure request', many: 'Brochure requests' },
  path: API_PATHS.brochure,
  table: 'brochure_requests',
  encoding: 'json',
  rateLimit: 'forms',
  fields: [
    {
      key: 'email',
      column: 'email',
      label: 'Email',
      maxLength: FIELD_MAX_LENGTHS.email,
      input: 'email',
      autocomplete: 'email',
      inbox: { list: true, search: true },
    },
  ],
  check: checkBrochure,
  success: responses.brochureSuccess,
};
