/**
 * One field of a form, rendered from its definition (src/forms/definitions/): the control that
 * fits its input kind, with its name, type, keyboard, autocomplete token and maximum length. The
 * form gives what the definition cannot know: the words (site.yaml), the value and the layout.
 */
import type { Ref } from 'react';
import type { FieldDefinition } from './definitions/types.ts';
import { FileField, TextAreaField, TextField } from './fields.tsx';
import { CV_ACCEPT } from './rules.ts';
import { SelectField } from './SelectField.tsx';

export interface DefinedFieldProps {
  field: FieldDefinition;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Spans the form's whole width. */
  full?: boolean;
  placeholder?: string;
  /** A choice field's options (site.yaml). */
  options?: readonly string[];
  /** A file field's hint, input and handler. */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  onFile?: (file: File | null, input: HTMLInputElement) => void;
}

export function DefinedField({
  field,
  label,
  value,
  onValue,
  full,
  placeholder,
  options,
  ...file
}: DefinedFieldProps) {
  const { key: name, input, maxLength, maxLengthAttribute } = field;
  const cap = maxLengthAttribute === false ? undefined : maxLength;
  switch (input) {
    case 'textarea':
      return (
        <TextAreaField
          name={name}
          label={label}
          value={value}
          onValue={onValue}
          maxLength={cap}
          countMax={field.counter ? maxLength : undefined}
          rows={field.rows}
          required={field.required === true}
          full={full}
        />
      );
    case 'select':
      return (
        <SelectField
          name={name}
          label={label}
          placeholder={placeholder ?? ''}
          options={options ?? []}
          value={value}
          onValue={onValue}
          full={full}
        />
      );
    case 'file':
      return (
        <FileField
          name={name}
          label={label}
          hint={file.hint}
          accept={CV_ACCEPT}
          inputRef={file.inputRef}
          onFile={file.onFile ?? (() => {})}
          required={field.required === true}
          full={full}
        />
      );
    case 'readOnly':
      return <TextField name={name} label={label} value={value} readOnly full={full} />;
    case 'stored':
      return null;
    default:
      return (
        <TextField
          name={name}
          label={label}
          value={value}
          onValue={onValue}
          type={input === 'text' ? undefined : input}
          inputMode={field.inputMode}
          autoComplete={field.autocomplete}
          placeholder={placeholder}
          maxLength={cap}
          required={field.required === true}
          full={full}
        />
      );
  }
}
