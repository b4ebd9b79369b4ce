/**
 * The JSON Schema of a form's body, derived from its definition: an object of its text fields
 * (and the honeypot), each a string, nothing else. Fastify validates JSON bodies against it (and
 * the multipart route its text fields); the form's rules then check the values. Shape errors get
 * the API's own words, as before: a body that is not an object, an unknown field, a value that is
 * not text.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FormDefinition } from '../../src/forms/definitions/index.ts';
import { sentFields } from '../../src/forms/definitions/index.ts';
import { HONEYPOT_FIELD } from '../../src/forms/rules.ts';
import { FieldError } from './fields.ts';
import { serverMessages } from './messages.ts';

export function bodySchema(form: FormDefinition) {
  const keys = [...sentFields(form).map((f) => f.key), HONEYPOT_FIELD];
  return {
    type: 'object',
    properties: Object.fromEntries(keys.map((k) => [k, { type: 'string' }])),
    additionalProperties: false,
  } as const;
}

// Fastify's own Ajv coerces types and removes unknown properties; this one refuses them instead.
const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false });

export function bodyValidator(form: FormDefinition): ValidateFunction {
  return ajv.compile(bodySchema(form));
}

/** The API's answer to a body of the wrong shape, as the field cleaning gave it before. */
export function shapeError(errors: readonly Partial<ErrorObject>[]): FieldError {
  if (errors.some((e) => e.keyword === 'type' && e.instancePath === ''))
    return new FieldError(serverMessages.badRequest);
  if (errors.some((e) => e.keyword === 'additionalProperties'))
    return new FieldError(serverMessages.unknownField);
  return new FieldError(serverMessages.notText);
}
