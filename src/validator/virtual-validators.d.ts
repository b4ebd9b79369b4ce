/** Types of the modules scripts/build/validatorsPlugin.ts generates (Ajv's code, written at build time). */
declare module 'virtual:content-validators' {
  import type { CompiledCheck } from './schemaValidator.ts';

  const checks: { site: CompiledCheck; page: CompiledCheck; redirects: CompiledCheck };
  export default checks;
}

declare module 'virtual:form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** Every editor form's validation functions, by the hash (or $id) of the schema each checks. */
  const functions: ValidatorFunctions;
  export default functions;
}
