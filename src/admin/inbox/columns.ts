/**
 * The inbox list's columns, per form (field keys of the stored submission; the list's first
 * column, "Received", links to the detail): each form definition's `inboxColumns`
 * (src/forms/definitions/), the one place that says which fields the list shows. A form without
 * an entry shows only Received and Status.
 */
import { FORM_DEFINITIONS, FORMS } from '../../forms/definitions/index.ts';

export const LIST_COLUMNS: Record<string, readonly string[]> = Object.fromEntries(
  FORMS.map((form) => [form, FORM_DEFINITIONS[form].inboxColumns]),
);

export const PAGE_SIZE = 20;
