/**
 * The schema checks compiled at run time, for Node (`npm run validate`, the build, the dev server,
 * the server and the tests), where no Content-Security-Policy forbids it. The browser gets the same
 * checks compiled at build time instead (precompiledValidators.ts).
 */
import { CHECKED_SCHEMAS, contentAjv } from './ajvSetup.ts';
import { SCHEMA_BASE_URI, type SchemaFile } from './schemas.ts';
import { type CompiledCheck, runCollecting, type SchemaValidators } from './schemaValidator.ts';

/** Compiling the schemas takes a while: once per schema list. */
const compiled = new WeakMap<readonly SchemaFile[], SchemaValidators>();

export function compiledAtRunTime(schemaFiles: readonly SchemaFile[]): SchemaValidators {
  const known = compiled.get(schemaFiles);
  if (known) return known;
  const ajv = contentAjv(schemaFiles);
  const check = (relPath: string): CompiledCheck => {
    const fn = ajv.getSchema(SCHEMA_BASE_URI + relPath);
    if (!fn) throw new Error(`Schema ${relPath} not found`);
    return fn;
  };
  const validators = {
    site: runCollecting(check(CHECKED_SCHEMAS.site)),
    page: runCollecting(check(CHECKED_SCHEMAS.page)),
  };
  compiled.set(schemaFiles, validators);
  return validators;
}
