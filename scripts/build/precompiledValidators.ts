/**
 * The schema checks the staff app runs in the browser, compiled here at build time, because its
 * page's Content-Security-Policy forbids compiling code at run time (no 'unsafe-eval'):
 *  - the content validator's checks of site.yaml and page files, from the one Ajv set-up that
 *    Node compiles at run time (src/validator/ajvSetup.ts), written out as code;
 *  - rjsf's precompiled validator of each editor form (every block type, the page details, the
 *    site settings), from the same form schemas the editor builds (src/admin/content/formSchemas.ts).
 * Both read the schema files, the one source of the schemas; validatorsPlugin.ts serves the modules.
 */
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { _ } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { everyFormSchema } from '../../src/admin/content/formSchemas.ts';
import { CHECKED_SCHEMAS, contentAjv } from '../../src/validator/ajvSetup.ts';
import { SCHEMA_BASE_URI, type SchemaFile } from '../../src/validator/schemas.ts';
import { standaloneModule } from './standaloneModule.ts';

/** Where the generated code takes the content formats' functions from (the module Node's Ajv uses). */
const FORMATS_MODULE = new URL('../../src/validator/formats.ts', import.meta.url).pathname;

/** `export default { site, page, redirects }`: the content validator's checks. */
export function contentValidatorsModule(schemaFiles: readonly SchemaFile[]): string {
  const ajv = contentAjv(schemaFiles, {
    source: true,
    formats: _`require(${FORMATS_MODULE}).contentFormats`,
  });
  const exported = Object.fromEntries(
    Object.entries(CHECKED_SCHEMAS).map(([name, relPath]) => [name, SCHEMA_BASE_URI + relPath]),
  );
  return standaloneModule([standaloneCode(ajv, exported)]);
}

/**
 * `export default { <schema hash>: validate }` for every form: rjsf's precompiled validator looks
 * each schema up by its hash, so the forms' functions share one map (one hash, one schema).
 */
export function formValidatorsModule(schemaFiles: readonly SchemaFile[]): string {
  return standaloneModule(everyFormSchema(schemaFiles).map((schema) => compileSchemaValidatorsCode(schema)));
}
