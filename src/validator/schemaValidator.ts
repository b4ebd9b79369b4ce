/**
 * The checks of site.yaml and of a page file against their schemas, however they were compiled:
 * at run time in Node (runtimeValidators.ts) or at build time for the browser (precompiledValidators.ts).
 * Both are Ajv functions of the one set-up in ajvSetup.ts; this module only runs them, so it
 * imports nothing of Ajv's compiler and runs in both.
 */
import type { ErrorObject } from 'ajv';

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

export type SchemaCheck = (data: unknown) => ValidationRun;

/** The checks the validator needs: site.yaml, a page file, redirects.yaml. */
export interface SchemaValidators {
  site: SchemaCheck;
  page: SchemaCheck;
  redirects: SchemaCheck;
}

/** An Ajv validation function as compiled from ajvSetup.ts (run time or build time). */
export interface CompiledCheck {
  (this: unknown, data: unknown): boolean | Promise<unknown>;
  errors?: ErrorObject[] | null;
}

/** Runs a compiled check with a fresh collector for the values its `siteLink`/`siteImage` keywords mark. */
export function runCollecting(check: CompiledCheck): SchemaCheck {
  return (data) => {
    const collector = { links: [] as MarkedValue[], images: [] as MarkedValue[] };
    const valid = check.call(collector, data) === true;
    return { valid, errors: check.errors ?? [], ...collector };
  };
}
