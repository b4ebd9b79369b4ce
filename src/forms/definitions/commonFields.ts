/**
 * Fields several forms share, declared once: a field key means the same thing (column, staff
 * label, limit, input) in every form that has it.
 */
import { FIELD_MAX_LENGTHS } from '../rules.ts';
import type { FieldDefinition } from './types.ts';

export const nameField = {
  key: 'name',
  column: 'name',
  label: 'Name',
  maxLength: FIELD_MAX_LENGTHS.name,
  input: 'text',
  autocomplete: 'name',
  inbox: { search: true },
} as const satisfies FieldDefinition<'name'>;

export const emailField = {
  key: 'email',
  column: 'email',
  label: 'Email',
  maxLength: FIELD_MAX_LENGTHS.email,
  input: 'email',
  autocomplete: 'email',
  inbox: { search: true },
} as const satisfies FieldDefinition<'email'>;

export const phoneField = {
  key: 'phone',
  column: 'phone',
  label: 'Phone',
  maxLength: FIELD_MAX_LENGTHS.phone,
  input: 'tel',
  inputMode: 'numeric',
  autocomplete: 'tel',
  inbox: { search: true },
} as const satisfies FieldDefinition<'phone'>;
