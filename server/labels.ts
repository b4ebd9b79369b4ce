/**
 * What staff call each form and each stored field, taken from the forms' definitions
 * (src/forms/definitions/): the /admin inbox receives these with its session (its list columns
 * come from the definitions too: src/admin/inbox/columns.ts). A field key means the same thing in
 * every form, so one label per key.
 */
import { FORM_DEFINITIONS, FORMS, type FormName } from '../src/forms/definitions/index.ts';

export const FORM_LABELS: Record<FormName, { one: string; many: string }> = Object.fromEntries(
  FORMS.map((form) => [form, FORM_DEFINITIONS[form].labels]),
) as Record<FormName, { one: string; many: string }>;

export const FIELD_LABELS: Record<string, string> = Object.fromEntries(
  FORMS.flatMap((form) => FORM_DEFINITIONS[form].fields.map((f) => [f.key, f.label])),
);
