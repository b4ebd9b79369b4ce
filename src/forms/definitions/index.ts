/**
 * The four forms' definitions, by name: the one place that lists them. Everything else about a
 * form (its rendering, API route, table columns, inbox, export and email) is derived from these.
 */
import { application } from './application.ts';
import { brochure } from './brochure.ts';
import { contact } from './contact.ts';
import { demo } from './demo.ts';
import type { FieldDefinition, FormDefinition, FormName } from './types.ts';

export { emptyValues, fieldOf, formFields, sentFields, storedFields } from './types.ts';
export type { FieldDefinition, FormDefinition, FormName };
export { application, brochure, contact, demo };

/** In the inbox's and the export's order. */
export const FORM_DEFINITIONS: Record<FormName, FormDefinition> = { demo, brochure, application, contact };
export const FORMS = Object.keys(FORM_DEFINITIONS) as FormName[];
