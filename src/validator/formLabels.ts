/**
 * site.yaml's `forms.<form>.labels` hold the words above each field of a form, by the field's name
 * in its definition (src/forms/definitions/). The schema cannot list those names (they live in the
 * code, so that adding a field touches no schema), so this checks them: a label for every field a
 * visitor sees, and none for a field the form does not have.
 */
import { FORM_DEFINITIONS, FORMS, formFields } from '../forms/definitions/index.ts';
import { placeOf } from './errorMessages.ts';
import { nearest } from './suggest.ts';
import type { ContentError } from './types.ts';
import type { YamlFile } from './yamlFile.ts';

type Forms = Record<string, { labels?: unknown } | undefined>;

export function formLabelErrors(site: YamlFile): ContentError[] {
  const forms = (site.data as { forms?: Forms } | undefined)?.forms ?? {};
  const errors: ContentError[] = [];
  for (const name of FORMS) {
    const labels = forms[name]?.labels;
    if (!labels || typeof labels !== 'object' || Array.isArray(labels)) continue;
    const where = ['forms', name, 'labels'];
    const fields = formFields(FORM_DEFINITIONS[name]);
    const keys = fields.map((f) => f.key);
    const written = Object.keys(labels);
    /** Fields an unknown label is probably meant for (a typo): told once, as a rename. */
    const renamed = new Set<string>();
    for (const key of written.filter((k) => !keys.includes(k))) {
      const meant = nearest(
        key,
        keys.filter((k) => !written.includes(k)),
      );
      const [only] = meant;
      if (only && meant.length === 1) renamed.add(only);
      errors.push({
        file: site.file,
        ...site.locate(where, { key }),
        ...placeOf([...where, key]),
        code: 'unknown-form-field',
        message:
          only && meant.length === 1
            ? `The ${name} form has no field "${key}". Did you mean "${only}"?`
            : `The ${name} form has no field "${key}": remove this line. Its fields are ${keys.join(', ')}.`,
      });
    }
    for (const field of fields.filter((f) => !written.includes(f.key) && !renamed.has(f.key))) {
      errors.push({
        file: site.file,
        ...site.locate(where),
        ...placeOf(where),
        code: 'missing-form-label',
        message: `forms.${name}.labels has no label for the field "${field.key}": add a line "${field.key}: ${field.label}" with the words visitors should see above it.`,
      });
    }
  }
  return errors;
}
