/**
 * The schema checks compiled at run time, for Node (`npm run validate`, the build, the dev server,
 * the server and the tests), where no Content-Security-Policy forbids it. The browser gets the same
 * checks compiled at build time instead (precompiledValidators.ts).
 */
import { CHECKED_SCHEMAS, contentAjv } from './ajvSetup.ts';
import { SCHEMA_BASE_URI, type SchemaFile } from './schemas.ts';
import {
  type CompiledCheck,
  runCollecting,
  type SchemaCheck,
  type SchemaValidators,
} from './schemaValidator.ts';

/** Compiling the schemas takes a while: once per schema list. */
const compiled = new WeakMap<readonly SchemaFile[], SchemaValidators>();

export function compiledAtRunTime(schemaFiles: readonly SchemaFile[]): SchemaValidators {
  const known = compiled.get(schemaFiles);
  if (known) return known;
  // Each check is compiled when first used: a build whose files were all checked before (their
  // checks kept in its cache, fileChecksCache.ts) compiles nothing.
  let ajv: ReturnType<typeof contentAjv> | undefined;
  const lazily = (relPath: string): SchemaCheck => {
    let run: SchemaCheck | undefined;
    return (data) => {
      if (!run) {
        ajv ??= contentAjv(schemaFiles);
        const fn: CompiledCheck | undefined = ajv.getSchema(SCHEMA_BASE_URI + relPath);
        if (!fn) throw new Error(`Schema ${relPath} not found`);
        run = runCollecting(fn);
      }
      return run(data);
    };
  };
  const validators = {
    site: lazily(CHECKED_SCHEMAS.site),
    page: lazily(CHECKED_SCHEMAS.page),
    redirects: lazily(CHECKED_SCHEMAS.redirects),
  };
  compiled.set(schemaFiles, validators);
  return validators;
}
