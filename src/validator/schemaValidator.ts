/**
 * Ajv compiled once with every schema. Two custom keywords, `siteLink` and `siteImage`, mark the
 * values that need checks a schema cannot express (does the page exist? is the file there?): while
 * validating, ajv hands each such value and its place to a collector for the cross-file checks.
 */
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import { PAGE_SCHEMA, SCHEMA_BASE_URI, type SchemaFile, SITE_SCHEMA } from './schemas.ts';

export interface MarkedValue {
  instancePath: string;
  value: string;
}

export interface ValidationRun {
  valid: boolean;
  errors: ErrorObject[];
  links: MarkedValue[];
  images: MarkedValue[];
}

type Collector = { links: MarkedValue[]; images: MarkedValue[] };

export function createSchemaValidator(schemaFiles: readonly SchemaFile[]) {
  let collector: Collector = { links: [], images: [] };
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
  });
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  // A day that exists: the schemas' patterns already ask for YYYY-MM-DD, not for 30 February.
  ajv.addFormat('date', isCalendarDate);
  // Words for editors (yaml-language-server reads them); the validator uses them in its messages.
  for (const keyword of [
    'patternErrorMessage',
    'markdownDescription',
    'enumDescriptions',
    'markdownEnumDescriptions',
    // The TypeScript type `npm run gen` writes for a value (site.yaml's form labels take theirs from the forms' definitions).
    'tsType',
  ])
    ajv.addKeyword({ keyword });
  ajv.addKeyword({
    keyword: 'siteLink',
    schemaType: 'boolean',
    validate: (_schema: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (typeof data === 'string')
        collector.links.push({ instancePath: cxt?.instancePath ?? '', value: data });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'siteImage',
    schemaType: 'boolean',
    validate: (_schema: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (typeof data === 'string')
        collector.images.push({ instancePath: cxt?.instancePath ?? '', value: data });
      return true;
    },
  });
  for (const { relPath, schema } of schemaFiles) {
    const { $id: _ignored, ...rest } = schema;
    ajv.addSchema(rest, SCHEMA_BASE_URI + relPath);
  }
  const compile = (relPath: string) => {
    const fn = ajv.getSchema(SCHEMA_BASE_URI + relPath);
    if (!fn) throw new Error(`Schema ${relPath} not found`);
    return (data: unknown): ValidationRun => {
      collector = { links: [], images: [] };
      const valid = fn(data) as boolean;
      return { valid, errors: fn.errors ?? [], ...collector };
    };
  };
  return { site: compile(SITE_SCHEMA), page: compile(PAGE_SCHEMA) };
}

/** "2026-02-28" yes, "2026-02-30" no. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
