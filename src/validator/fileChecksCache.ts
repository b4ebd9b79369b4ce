/**
 * What validating one file on its own found (parsed, its schema line, its schema, the traps of its
 * text), kept between runs so that a file whose text has not changed is not parsed and checked
 * again. The checks across files (addresses, orders, links) run every time.
 *
 * In memory, for whoever validates the same site again and again (the editor at every keystroke and
 * save, the dev server at every change). With a `FileChecksStore`, also between processes: each
 * build and Publish runs in a new process, and at 1,031 pages parsing every file again was half of
 * a one-word Publish (issue 34). The build keeps them in its cache (scripts/build/checksStore.ts).
 */
import type { MarkedValue } from './schemaValidator.ts';
import type { ContentError } from './types.ts';
import type { ContentSource } from './validateSite.ts';
import { type CommentedValue, keptYamlFile, type YamlFile } from './yamlFile.ts';

/** What validating one file on its own found: everything but the checks across files. */
export interface FileChecks {
  yf: YamlFile;
  modelineWarnings: ContentError[];
  /** Absent for a file with a YAML syntax error. */
  run?: { valid: boolean; links: MarkedValue[]; images: MarkedValue[] };
  trapErrors: ContentError[];
  trapWarnings: ContentError[];
}

/** A readable file's checks as plain data (JSON), without its parsed YAML document. */
export interface KeptFileChecks {
  data: unknown;
  commentedValues: CommentedValue[];
  modelineWarnings: ContentError[];
  run: { valid: boolean; links: MarkedValue[]; images: MarkedValue[] };
  trapErrors: ContentError[];
  trapWarnings: ContentError[];
}

/**
 * Checks kept by earlier processes. `context` names what the checks were made with besides the
 * file's text (the schema folders an editor's schema line may name); the store itself must be
 * bound to one version of the schemas and of this code.
 */
export interface FileChecksStore {
  get(context: string, file: string, text: string): KeptFileChecks | undefined;
  put(context: string, file: string, text: string, checks: KeptFileChecks): void;
}

/** Each file's checks, by file and text; valid for one set of schemas and schema folders. */
export class FileChecksCache {
  private readonly entries = new Map<string, { text: string; checks: FileChecks }>();
  private made: { validators: ContentSource['validators']; schemaDirs: string } | undefined;

  constructor(private readonly store?: FileChecksStore) {}

  /** The checks of `file` with `text`, made by `check` unless a run has made them already. */
  checksOf(source: ContentSource, file: string, text: string, check: () => FileChecks): FileChecks {
    const schemaDirs = source.schemaDirs.join('\n');
    if (this.made?.validators !== source.validators || this.made.schemaDirs !== schemaDirs) {
      this.entries.clear();
      this.made = { validators: source.validators, schemaDirs };
    }
    const kept = this.entries.get(file);
    if (kept && kept.text === text) return kept.checks;
    let checks = this.fromStore(schemaDirs, file, text);
    if (!checks) {
      checks = check();
      this.keep(schemaDirs, file, text, checks);
    }
    this.entries.set(file, { text, checks });
    return checks;
  }

  private fromStore(context: string, file: string, text: string): FileChecks | undefined {
    if (!this.store) return undefined;
    const stored = this.store.get(context, file, text);
    if (!stored) return undefined;
    const { data, commentedValues, ...rest } = stored;
    return { yf: keptYamlFile(text, file, data, commentedValues), ...rest };
  }

  /** The store keeps a readable file's checks (one with a syntax error is quick to check again). */
  private keep(context: string, file: string, text: string, checks: FileChecks): void {
    const { yf, run, ...rest } = checks;
    if (!this.store || !run || yf.syntaxErrors.length || !isPlainData(yf.data)) return;
    this.store.put(context, file, text, {
      data: yf.data,
      commentedValues: yf.commentedValues,
      run,
      ...rest,
    });
  }
}

/** Whether JSON keeps `value` as it is: YAML may read `.inf` or `.nan`, which JSON cannot hold. */
function isPlainData(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as object).every(isPlainData);
  return false;
}
