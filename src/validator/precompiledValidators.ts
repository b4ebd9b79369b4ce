/**
 * The schema checks compiled at build time (scripts/build/validatorsPlugin.ts), for the browser:
 * the staff app's policy forbids compiling code there, so Ajv's compiler never reaches it. Node
 * compiles the same checks at run time instead (runtimeValidators.ts).
 */
import compiled from 'virtual:content-validators';
import { runCollecting, type SchemaValidators } from './schemaValidator.ts';

export const precompiledValidators: SchemaValidators = {
  site: runCollecting(compiled.site),
  page: runCollecting(compiled.page),
  redirects: runCollecting(compiled.redirects),
};
