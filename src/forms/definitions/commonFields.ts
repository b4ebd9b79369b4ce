/**
 * Fields several forms share, declared once: a field key means the same thing (column, staff
 * label, limit, input, required) in every form that has it. The staff label is also the field's
 * name in the "… is too long" message of the rules (rules.ts), and `maxLength` its limit there.
 */
import type { FieldDefinition } from './types.ts';

export const nameField = {
  key: 'name',
  column: 'name',
  required: true,
  label: 'Name',
  maxLength: 100,
  input: 'text',
  autocomplete: 'name',
  inbox: { search: true },
} as const satisfies FieldDefinition<'name'>;

export const emailField = {
  key: 'email',
  column: 'email',
  required: true,
  label: 'Email address',
  // The longest address SMTP can deliver (RFC 5321).
  maxLength: 254,
  input: 'email',
  autocomplete: 'email',
  inbox: { search: true },
} as const satisfies FieldDefinition<'email'>;

export const phoneField = {
  key: 'phone',
  column: 'phone',
  required: true,
  label: 'Phone number',
  maxLength: 20,
  input: 'tel',
  inputMode: 'numeric',
  autocomplete: 'tel',
  inbox: { search: true },
} as const satisfies FieldDefinition<'phone'>;
