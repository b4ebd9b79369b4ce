// @vitest-environment node
/**
 * The forms' definitions hold together: unique keys and columns, inbox columns that are fields,
 * and a visible label in site.yaml for every field a visitor sees (so a field added to a definition
 * without its words fails here, not on the page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { FORM_DEFINITIONS, FORMS, formFields, storedFields } from '../../src/forms/definitions/index.ts';
import { REPO_ROOT } from '../support/content.tsx';

const site = parse(readFileSync(path.join(REPO_ROOT, 'site.yaml'), 'utf8')) as {
  forms: Record<string, { labels?: Record<string, string>; emailLabel?: string }>;
};

describe.each(FORMS)('the %s definition', (name) => {
  const form = FORM_DEFINITIONS[name];

  it('has unique field keys and columns', () => {
    const keys = form.fields.map((f) => f.key);
    const columns = storedFields(form).map((f) => f.column);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('lists only its own fields in the inbox', () => {
    for (const key of form.inboxColumns) expect(form.fields.map((f) => f.key)).toContain(key);
  });

  it('has words in site.yaml for every field the visitor sees', () => {
    const words = site.forms[name];
    for (const field of formFields(form)) {
      const label = words?.labels?.[field.key] ?? (field.key === 'email' ? words?.emailLabel : undefined);
      expect(label, `forms.${name}.labels.${field.key}`).toBeTruthy();
    }
  });
});
