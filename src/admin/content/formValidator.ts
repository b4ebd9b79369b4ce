/**
 * The validator rjsf is given for a form (it picks a `oneOf` branch with it, fills defaults): the
 * form's own precompiled one, compiled at build time with every editor form's schema
 * (scripts/build/validatorsPlugin.ts). rjsf's default validator would compile the schema with Ajv
 * at run time, which the staff page's Content-Security-Policy forbids (no 'unsafe-eval').
 */

import precompiledFunctions from 'virtual:form-validators';
import type { ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { Schema } from './formSchemas.ts';

const validators = new WeakMap<Schema, ValidatorType>();

/**
 * `schema` exactly as the form is given it. One that was not compiled at build time (not a block's,
 * the page details' or the site settings' form, see formSchemas.ts everyFormSchema) throws.
 */
export function formValidator(schema: Schema): ValidatorType {
  let validator = validators.get(schema);
  if (!validator) {
    validator = createPrecompiledValidator(precompiledFunctions, schema);
    validators.set(schema, validator);
  }
  return validator;
}
