/**
 * What staff call each form and each stored field: the notification emails and the /admin inbox
 * (which receives these with its session, with each form's list columns) both read them here. They come from the forms'
 * definitions (src/forms/definitions/); a field key means the same thing in every form, so one
 * label per key.
 */
import { FORM_DEFINITIONS, FORMS, type FormName } from '../src/forms/definitions/index.ts';

export interface FormLabels {
  one: string;
  many: string;
  /** The fields the inbox's list shows as columns, in order. */
  columns: readonly string[];
}

export const FORM_LABELS: Record<FormName, FormLabels> = Object.fromEntries(
  FORMS.map((form) => {
    const { labels, inboxColumns } = FORM_DEFINITIONS[form];
    return [form, { ...labels, columns: inboxColumns }];
  }),
) as Record<FormName, FormLabels>;

export const FIELD_LABELS: Record<string, string> = Object.fromEntries(
  FORMS.flatMap((form) => FORM_DEFINITIONS[form].fields.map((f) => [f.key, f.label])),
);
