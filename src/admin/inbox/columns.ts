/**
 * The inbox list's columns, per form (field keys of the stored submission; the list's first
 * column, "Received", links to the detail). The one place that says which fields the list shows:
 * a form without an entry shows only Received and Status. (Meant to be derived from the form
 * definitions later.)
 */
export const LIST_COLUMNS: Record<string, readonly string[]> = {
  demo: ['name', 'email', 'phone', 'serviceType'],
  brochure: ['email'],
  application: ['fullName', 'position', 'email', 'phone'],
  contact: ['name', 'email', 'mobileNumber'],
};

export const PAGE_SIZE = 20;
