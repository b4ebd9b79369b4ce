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

/** Each definition with its exact fields (FORM_DEFINITIONS is typed for any form). */
interface Definitions {
  demo: typeof demo;
  brochure: typeof brochure;
  application: typeof application;
  contact: typeof contact;
}
/** The fields a visitor sees in a form (not what the server keeps of a file). */
export type ShownField<F extends FormName> = Exclude<
  Definitions[F]['fields'][number],
  { input: 'stored' }
>['key'];
/**
 * site.yaml's `forms.<form>.labels`: the words above each field the visitor sees. The content
 * types take this type (schema/site.schema.json `tsType`), and the validator checks site.yaml has
 * a label for each field and none for a field the form does not have.
 */
export type FieldLabels<F extends FormName> = Record<ShownField<F>, string>;
