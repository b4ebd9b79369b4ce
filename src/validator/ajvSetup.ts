/**
 * The one Ajv set-up of the content schemas: options, formats, keywords and every schema file. It
 * runs in Node only: compiling there at run time (runtimeValidators.ts: `npm run validate`, the
 * build, the server, the tests), and at build time, where Ajv writes the same checks out as code
 * for the browser (scripts/build/validatorsPlugin.ts), whose staff page forbids compiling code at
 * run time (no 'unsafe-eval' in its Content-Security-Policy). The browser never imports this file.
 *
 * Two keywords, `siteLink` and `siteImage`, mark the values that need checks a schema cannot
 * express (does the page exist? is the file there?). They are written as code, not as functions,
 * so Ajv can write them out: each pushes the value and its place onto the collector the validation
 * is called with as `this` (`passContext`), see runCollecting in schemaValidator.ts.
 */
import Ajv2020, { _, type CodeOptions, type KeywordCxt, Name } from 'ajv/dist/2020.js';
import { contentFormats } from './formats.ts';
import { PAGE_SCHEMA, REDIRECTS_SCHEMA, SCHEMA_BASE_URI, type SchemaFile, SITE_SCHEMA } from './schemas.ts';
import type { MarkedValue } from './schemaValidator.ts';

/** The schemas the validator checks files against, by the name the browser's module exports them. */
export const CHECKED_SCHEMAS = { site: SITE_SCHEMA, page: PAGE_SCHEMA, redirects: REDIRECTS_SCHEMA } as const;

/** Words for editors (yaml-language-server reads them); the validator uses them in its messages. */
const ANNOTATIONS = [
  'patternErrorMessage',
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  // The TypeScript type `npm run gen` writes for a value (site.yaml's form labels take theirs from the forms' definitions).
  'tsType',
  // Help for the visual editor's users, who fill in a form and never see the file (src/admin/content/templates.tsx).
  'editorDescription',
  // The kinds of page a block type may go on (src/content/pageKinds.ts); checked by validateSite.
  'pageKinds',
];

/** Names in every function Ajv writes: the context it was called with, the place of its data. */
const CONTEXT = new Name('this');
const INSTANCE_PATH = new Name('instancePath');

/** A keyword that hands each string value it marks, with its place, to the collector's list. */
function markingKeyword(keyword: string, list: keyof Collector) {
  return {
    keyword,
    schemaType: 'boolean',
    code(cxt: KeywordCxt) {
      const { gen, data, it } = cxt;
      gen.if(_`${CONTEXT} && typeof ${data} == "string"`, () =>
        gen.code(
          _`${CONTEXT}.${new Name(list)}.push({instancePath: ${INSTANCE_PATH} + ${it.errorPath}, value: ${data}});`,
        ),
      );
    },
  } as const;
}

/** What a validation is called with (as `this`): the values the marking keywords found. */
export interface Collector {
  links: MarkedValue[];
  images: MarkedValue[];
}

/**
 * Ajv with every schema file added (under SCHEMA_BASE_URI, so the files' relative $refs resolve).
 * `code` is for the build-time generator (source, ESM, where the format functions come from).
 */
export function contentAjv(schemaFiles: readonly SchemaFile[], code?: CodeOptions): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    passContext: true,
    ...(code ? { code } : {}),
  });
  for (const [name, format] of Object.entries(contentFormats)) ajv.addFormat(name, format);
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  ajv.addKeyword(markingKeyword('siteLink', 'links'));
  ajv.addKeyword(markingKeyword('siteImage', 'images'));
  for (const { relPath, schema } of schemaFiles) {
    const { $id: _ignored, ...rest } = schema;
    ajv.addSchema(rest, SCHEMA_BASE_URI + relPath);
  }
  return ajv;
}
