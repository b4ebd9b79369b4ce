/**
 * rjsf templates with words on every button (not glyph-only icons) so each is named for a screen
 * reader and usable by keyboard: list items move up/down and are removed with buttons, never by
 * dragging. Errors and warnings appear under their field, with the ids rjsf's inputs point to.
 */
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  DescriptionFieldProps,
  FieldErrorProps,
  TemplatesType,
} from '@rjsf/utils';
import { errorId, getTemplate, getUiOptions } from '@rjsf/utils';
import styles from './content.module.css';
import { FieldChoice } from './FieldChoice.tsx';
import { contextOf } from './formContext.ts';

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, totalItems } = props;
  const n = index + 1;
  return (
    <div className={styles.arrayItem}>
      <div>{children}</div>
      {hasToolbar && (
        <div className={styles.arrayButtons}>
          {(buttonsProps.hasMoveUp || buttonsProps.hasMoveDown) && (
            <>
              <button
                type="button"
                className={styles.small}
                disabled={!buttonsProps.hasMoveUp || props.disabled || props.readonly}
                onClick={buttonsProps.onMoveUpItem}
                aria-label={`Move item ${n} of ${totalItems} up`}
              >
                Up
              </button>
              <button
                type="button"
                className={styles.small}
                disabled={!buttonsProps.hasMoveDown || props.disabled || props.readonly}
                onClick={buttonsProps.onMoveDownItem}
                aria-label={`Move item ${n} of ${totalItems} down`}
              >
                Down
              </button>
            </>
          )}
          {buttonsProps.hasRemove && (
            <button
              type="button"
              className={styles.danger}
              disabled={props.disabled || props.readonly}
              onClick={buttonsProps.onRemoveItem}
              aria-label={`Remove item ${n} of ${totalItems}`}
            >
              Remove
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const {
    canAdd,
    disabled,
    fieldPathId,
    uiSchema,
    items,
    onAddClick,
    readonly,
    registry,
    required,
    schema,
    title,
  } = props;
  const uiOptions = getUiOptions(uiSchema);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const name = uiOptions.title || title || 'list';
  return (
    <fieldset id={fieldPathId.$id}>
      <ArrayFieldTitleTemplate
        fieldPathId={fieldPathId}
        title={name}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <ArrayFieldDescriptionTemplate
        fieldPathId={fieldPathId}
        description={uiOptions.description || helpOf(schema)}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <div>{items}</div>
      {canAdd && (
        <button
          type="button"
          className={styles.small}
          onClick={onAddClick}
          disabled={disabled || readonly}
          aria-label={`Add an item to ${name}`}
        >
          Add
        </button>
      )}
    </fieldset>
  );
}

/**
 * A field's help in the form's words: a schema's `description` is read by people who edit the YAML
 * file too, so where the two need different words (the file's layout, site.yaml, quotes) the
 * schema adds an `editorDescription` for the form.
 */
function helpOf(schema: {
  description?: string | undefined;
  editorDescription?: unknown;
}): string | undefined {
  return typeof schema.editorDescription === 'string' ? schema.editorDescription : schema.description;
}

function DescriptionFieldTemplate({ id, description, schema }: DescriptionFieldProps) {
  const words = typeof description === 'string' ? helpOf({ ...schema, description }) : description;
  if (!words) return null;
  return (
    <div id={id} className="field-description">
      {words}
    </div>
  );
}

/** Under each field: its messages, then whatever the editor adds there (a conflict's choice). */
function FieldErrorTemplate(props: FieldErrorProps) {
  const choice = contextOf(props.registry.formContext)?.fieldChoices?.get(props.fieldPathId.$id);
  return (
    <>
      <FieldMessages {...props} />
      {choice && <FieldChoice {...choice} />}
    </>
  );
}

function FieldMessages({ errors = [], fieldPathId, registry }: FieldErrorProps) {
  const warnings = contextOf(registry.formContext)?.warnings.get(fieldPathId.$id) ?? [];
  const messages = errors.filter((e): e is string => typeof e === 'string');
  if (!messages.length && !warnings.length) return null;
  return (
    <div id={errorId(fieldPathId)}>
      {messages.map((m) => (
        <p key={m} className={styles.fieldError}>
          {m}
        </p>
      ))}
      {warnings.map((m) => (
        <p key={m} className={styles.fieldWarning}>
          Warning: {m}
        </p>
      ))}
    </div>
  );
}

export const templates: Partial<TemplatesType> = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
};
