/**
 * The form's inputs, chosen from what the schema says about a value: text with a counter when it
 * has a maxLength (a paragraph-like name gets several lines), colours through a colour input that
 * writes what the pattern accepts, pictures through a picker of the site's images (with upload),
 * links through a picker of the site's addresses, and icon names with the icon itself shown.
 */
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { type ChangeEvent, useRef, useState } from 'react';
import type { IconName } from '../../content/model.ts';
import { Icon } from '../../icons/Icon.tsx';
import styles from './content.module.css';
import { contextOf } from './formContext.ts';
import { DATE_EXAMPLE, DATE_FORMAT } from './formMessages.ts';
import { PictureDialog } from './PictureDialog.tsx';

type S = Record<string, unknown>;

/** Names of values that are paragraphs rather than a line. */
const PARAGRAPH_NAMES = /^(description|paragraph|content|intro|body|text|summary|answer|message|note)$/i;
const HEX_COLOUR = '^#[0-9a-fA-F]{6}$';

export function isColour(schema: S): boolean {
  return schema.pattern === HEX_COLOUR;
}

/** The last named segment of a field id ("root_cards_0_title" -> "title"). */
function fieldName(props: WidgetProps): string {
  const parts = props.id.split('_').filter((p) => !/^\d+$/.test(p));
  return props.name || parts[parts.length - 1] || '';
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  return (
    <div id={`${id}__counter`} className={`${styles.counter} ${over ? styles.counterOver : ''}`}>
      {length} / {max} characters{over ? ` — ${length - max} too many` : ''}
    </div>
  );
}

function describedBy(props: WidgetProps, extra: string[] = []): string {
  return [ariaDescribedByIds(props.id), ...extra].join(' ');
}

function focusHandlers(props: WidgetProps) {
  const ctx = contextOf(props.registry.formContext);
  return {
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => {
      props.onFocus(props.id, props.value);
      ctx?.onFieldFocus?.(props.id);
    },
  };
}

export function TextWidget(props: WidgetProps) {
  const { schema } = props;
  if (schema.siteImage === true) return <ImageWidget {...props} />;
  if (schema.siteLink === true) return <LinkWidget {...props} />;
  if (isColour(schema as S)) return <ColourWidget {...props} />;
  const multiline = props.options.widget === 'textarea' || PARAGRAPH_NAMES.test(fieldName(props));
  return <PlainText {...props} multiline={multiline} />;
}

function PlainText(props: WidgetProps & { multiline: boolean }) {
  const { id, value, schema, required, disabled, readonly, multiline } = props;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const common = {
    id,
    name: props.htmlName ?? id,
    value: text,
    required,
    disabled: disabled || readonly,
    'aria-describedby': describedBy(props, max ? [`${id}__counter`] : []),
    'aria-invalid': props.rawErrors?.length ? true : undefined,
    ...focusHandlers(props),
  };
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = event.target.value;
    if (numeric) props.onChange(raw === '' ? undefined : Number(raw));
    else props.onChange(raw === '' ? props.options.emptyValue : raw);
  };
  return (
    <>
      {multiline ? (
        <textarea {...common} rows={4} onChange={change} />
      ) : (
        <input
          {...common}
          type={numeric ? 'number' : schema.format === 'email' ? 'email' : 'text'}
          {...(typeof schema.minimum === 'number' && { min: schema.minimum })}
          {...(typeof schema.maximum === 'number' && { max: schema.maximum })}
          onChange={change}
        />
      )}
      {max !== undefined && <Counter id={id} length={text.length} max={max} />}
    </>
  );
}

/** A colour input, plus the text beside it (the pattern wants #rrggbb, which the picker writes). */
function ColourWidget(props: WidgetProps) {
  const { id, value } = props;
  const text = typeof value === 'string' ? value : '';
  const valid = new RegExp(HEX_COLOUR).test(text);
  return (
    <div className={styles.picker}>
      <input
        type="color"
        id={id}
        value={valid ? text.toLowerCase() : '#000000'}
        aria-describedby={describedBy(props)}
        onChange={(e) => props.onChange(e.target.value)}
        {...focusHandlers(props)}
      />
      <input
        type="text"
        aria-label={`${props.label || 'Colour'} as #rrggbb`}
        value={text}
        pattern={HEX_COLOUR}
        onChange={(e) => props.onChange(e.target.value || undefined)}
      />
    </div>
  );
}

function ImageWidget(props: WidgetProps) {
  const { id, value } = props;
  const ctx = contextOf(props.registry.formContext);
  const dialog = useRef<HTMLDialogElement>(null);
  // The chooser's grid is drawn only while it is open (a page has many picture fields).
  const [open, setOpen] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const close = () => {
    dialog.current?.close();
    setOpen(false);
    document.getElementById(id)?.focus();
  };
  return (
    <div className={styles.picker}>
      {text && (
        <span className={`${styles.thumb} ${styles.checkered}`}>
          <img src={ctx?.pictureUrl?.(text) ?? text} alt="" />
        </span>
      )}
      <input
        id={id}
        type="text"
        value={text}
        required={props.required}
        aria-describedby={describedBy(props)}
        aria-invalid={props.rawErrors?.length ? true : undefined}
        onChange={(e) => props.onChange(e.target.value || undefined)}
        {...focusHandlers(props)}
      />
      <button
        type="button"
        className={styles.small}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal?.();
        }}
      >
        Choose picture<span className={styles.visuallyHidden}> for {props.label}</span>
      </button>
      <PictureDialog
        dialogRef={dialog}
        open={open}
        ctx={ctx}
        current={text}
        onChoose={(path) => {
          props.onChange(path);
          close();
        }}
        onClose={close}
      />
    </div>
  );
}

/** A text input with the site's addresses as suggestions: any link may still be typed. */
function LinkWidget(props: WidgetProps) {
  const { id, value } = props;
  const ctx = contextOf(props.registry.formContext);
  const listId = `${id}__addresses`;
  const text = typeof value === 'string' ? value : '';
  return (
    <>
      <input
        id={id}
        type="text"
        list={listId}
        value={text}
        required={props.required}
        aria-describedby={describedBy(props)}
        aria-invalid={props.rawErrors?.length ? true : undefined}
        onChange={(e) => props.onChange(e.target.value || undefined)}
        {...focusHandlers(props)}
      />
      <datalist id={listId}>
        {(ctx?.addresses ?? []).map((a) => (
          <option key={a.value} value={a.value}>
            {a.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

function isIconEnum(schema: S): boolean {
  return schema['x-def'] === 'IconName';
}

export function SelectWidget(props: WidgetProps) {
  const { id, value, options, schema } = props;
  const choices = options.enumOptions ?? [];
  const icon = isIconEnum(schema as S) && typeof value === 'string';
  // rjsf's chooser between the forms a value may take (one paragraph or several) has no label.
  const chooser = id.endsWith('__oneof_select');
  const name =
    id
      .replace(/__oneof_select$/, '')
      .split('_')
      .pop() ?? '';
  return (
    <div className={styles.iconChoice}>
      {icon && <Icon name={value as IconName} />}
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        required={props.required || chooser}
        disabled={props.disabled || props.readonly}
        aria-label={chooser ? `Kind of ${/^\d+$/.test(name) ? `item ${Number(name) + 1}` : name}` : undefined}
        aria-describedby={describedBy(props)}
        onChange={(e) => {
          const chosen = choices.find((c) => String(c.value) === e.target.value);
          props.onChange(chosen ? chosen.value : undefined);
        }}
        {...focusHandlers(props)}
      >
        {!props.required && !chooser && <option value="">(none)</option>}
        {props.required && value === undefined && <option value="">Choose…</option>}
        {choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "20261102" typed without hyphens is the date 2026-11-02; anything else is kept as typed. */
export function normalisedDate(typed: string): string {
  const digits = /^(\d{4})(\d{2})(\d{2})$/.exec(typed.trim());
  return digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : typed.trim();
}

/**
 * A date typed as YYYY-MM-DD: the one form the field's help, its messages and the file use,
 * whatever the browser's language. (The browser's own date input shows mm/dd/yyyy or dd/mm/yyyy
 * by locale, and typing into its segments mixed the year into the day: "272026-11-02".)
 */
export function DateWidget(props: WidgetProps) {
  const { id, value } = props;
  const text = typeof value === 'string' ? value : '';
  const formatId = `${id}__format`;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={DATE_FORMAT}
        maxLength={10}
        value={text}
        required={props.required}
        disabled={props.disabled || props.readonly}
        aria-describedby={describedBy(props, [formatId])}
        aria-invalid={props.rawErrors?.length ? true : undefined}
        onChange={(e) => props.onChange(normalisedDate(e.target.value) || undefined)}
        {...focusHandlers(props)}
      />
      <div id={formatId} className={styles.counter}>
        {DATE_FORMAT}, e.g. {DATE_EXAMPLE}
      </div>
    </>
  );
}
