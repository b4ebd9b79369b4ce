/**
 * One generated form (a block, the page's details, or site.yaml) from its JSON Schema with rjsf:
 * labels and help from the schema's titles and descriptions, the editor's widgets and templates.
 * The data is held by the editor (for undo and the preview); this only shows it and reports changes.
 */
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryFieldsType, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { memo } from 'react';
import { ArrayItemField } from './ArrayItemField.tsx';
import styles from './content.module.css';
import type { EditorFormContext } from './formContext.ts';
import { type Schema, withoutHeading } from './formSchemas.ts';
import { formValidator } from './formValidator.ts';
import { templates } from './templates.tsx';
import { DateWidget, SelectWidget, TextWidget } from './widgets.tsx';

const widgets: RegistryWidgetsType = {
  TextWidget,
  TextareaWidget: TextWidget,
  URLWidget: TextWidget,
  EmailWidget: TextWidget,
  UpDownWidget: TextWidget,
  SelectWidget,
  // rjsf's own would be the browser's date input, whose format follows the browser's language.
  DateWidget,
};

const fields: RegistryFieldsType = { ArraySchemaField: ArrayItemField };

/** The block's `type` is chosen by adding the block, not typed in. */
const hideType: UiSchema = { type: { 'ui:widget': 'hidden' }, 'ui:submitButtonOptions': { norender: true } };
const noSubmit: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

export interface SchemaFormProps {
  schema: Schema;
  data: Record<string, unknown>;
  /** Prefix of every field id (ids are `<prefix>_<path>`, e.g. `b2_cards_0_title`). */
  idPrefix: string;
  errors?: ErrorSchema | undefined;
  context: EditorFormContext;
  onChange: (data: Record<string, unknown>, fieldId?: string) => void;
  /** A block form hides `type`; the page details and site forms have none. */
  isBlock?: boolean;
}

/** The editor writes the heading of each form itself (a block's legend, with its buttons). */
const untitled = new WeakMap<Schema, Schema>();
function withoutTitle(schema: Schema): Schema {
  let copy = untitled.get(schema);
  if (!copy) {
    copy = withoutHeading(schema);
    untitled.set(schema, copy);
  }
  return copy;
}

function SchemaFormImpl({ schema, data, idPrefix, errors, context, onChange, isBlock }: SchemaFormProps) {
  const formSchema = withoutTitle(schema);
  return (
    <Form
      className={styles.form}
      tagName="div"
      schema={formSchema}
      uiSchema={isBlock ? hideType : noSubmit}
      formData={data}
      validator={formValidator(formSchema)}
      widgets={widgets}
      fields={fields}
      templates={templates}
      formContext={context}
      idPrefix={idPrefix}
      extraErrors={errors}
      showErrorList={false}
      noValidate
      experimental_defaultFormStateBehavior={{
        // Never write defaults the file does not have: the site applies them itself, and the
        // saved YAML must change only where the user changed something.
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
      }}
      onChange={(event, id) => onChange((event.formData ?? {}) as Record<string, unknown>, id)}
    >
      {/* no submit button: saving is the editor's */}
      <span />
    </Form>
  );
}

export const SchemaForm = memo(SchemaFormImpl);
