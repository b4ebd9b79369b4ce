/**
 * Fields several forms share, declared once: a field key means the same thing (column, staff
 * label, limit, input, required) in every form that has it.
 */
import { FIELD_MAX_LENGTHS } from '../limits.ts';
import type { FieldDefinition } from './types.ts';

export const nameField = {
  key: 'name',
  column: 'name',
  required: true,
  label: 'Name',
  maxLength: FIELD_MAX_LENGTHS.name,
  input: 'text',
  autocomplete: 'name',
  inbox: { search: true },
} as const satisfies FieldDefinition<'name'>;

export const emailField = {
  key: 'email',
  column: 'email',
  required: true,
  label: 'Email',
  maxLength: FIELD_MAX_LENGTHS.email,
  input: 'email',
  autocomplete: 'email',
  inbox: { search: true },
} as const satisfies FieldDefinition<'email'>;

export const phoneField = {
  key: 'phone',
  column: 'phone',
  required: true,
  label: 'Phone',
  maxLength: FIELD_MAX_LENGTHS.phone,
  input: 'tel',
  inputMode: 'numeric',
  autocomplete: 'tel',
  inbox: { search: true },
} as const satisfies FieldDefinition<'phone'>;
