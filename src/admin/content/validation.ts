/**
 * Validation as the user types, by the site's own validator (src/validator) over a memory copy of
 * the site with the edited file replaced, so the editor finds exactly what `npm run validate` and
 * the save find. Each problem is then said in the form's words (formMessages.ts) and pinned to the
 * form field it is about.
 */
import type { ErrorSchema } from '@rjsf/utils';
import { parse } from 'yaml';
import type { SiteConfig } from '../../content/model.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import { memoryContentSource } from '../../validator/memoryContentSource.ts';
import { precompiledValidators } from '../../validator/precompiledValidators.ts';
import { REDIRECTS_FILE } from '../../validator/redirectRules.ts';
import type { ContentError } from '../../validator/types.ts';
import { FileChecksCache, validateSite } from '../../validator/validateSite.ts';
import type { PageSummary, SiteFiles } from './api.ts';
import { type FormContext, inFormWords } from './formMessages.ts';

export type Segment = string | number;

export interface FileProblems {
  errors: ContentError[];
  warnings: ContentError[];
}

/** The site's texts as GET /site gave them, ready for validation runs. */
export interface SiteSnapshot {
  files: Map<string, string>;
  images: Set<string>;
  /** Each page's last change (ms), from the page list: of two pages claiming one thing, the newer is told. */
  changedAt: Map<string, number>;
}

export function snapshotOf(site: SiteFiles, pages: readonly PageSummary[] = []): SiteSnapshot {
  const changedAt = new Map<string, number>();
  for (const page of pages) {
    const time = page.lastChange ? Date.parse(page.lastChange.date) : Number.NaN;
    if (!Number.isNaN(time)) changedAt.set(page.file, time);
  }
  const files = new Map(Object.entries(site.files).map(([file, { text }]) => [file, text]));
  // Its old addresses are addresses of the site: a link to one is not broken.
  if (typeof site.redirects === 'string') files.set(REDIRECTS_FILE, site.redirects);
  return {
    files,
    images: new Set(site.images.map((i) => i.path)),
    changedAt,
  };
}

/**
 * Problems of `file` when its text is `text` (the rest of the site as last read). The page being
 * edited counts as the newest, as it will be once saved: when it claims an address or a place in a
 * list that another page holds, it is the one told to change (as `npm run validate` and the save
 * will say), not the other page, whose problem this editor would not show.
 */
/**
 * Each file's own checks, kept between keystrokes: only the page being typed into is parsed and
 * checked against its schema again; the checks across pages (addresses, links) run each time.
 */
const editorChecks = new FileChecksCache();

export function validateEdited(
  snapshot: SiteSnapshot,
  file: string,
  text: string,
  today?: string,
): FileProblems {
  const files = new Map(snapshot.files);
  files.set(file, text);
  const changedAt = new Map(snapshot.changedAt);
  changedAt.set(file, Number.MAX_SAFE_INTEGER);
  const result = validateSite(
    // Checked by code compiled at build time: the staff page's policy forbids compiling it here.
    memoryContentSource(
      { files, images: snapshot.images, schemas: bundledSchemas, changedAt },
      precompiledValidators,
    ),
    { ...(today && { today }), cache: editorChecks },
  );
  const context: FormContext = {
    file,
    data: parsedQuietly(text),
    site: () => parsedQuietly(snapshot.files.get('site.yaml') ?? '') as SiteConfig | undefined,
  };
  return {
    errors: result.errors.filter((e) => e.file === file).map((e) => inFormWords(e, context)),
    warnings: result.warnings.filter((e) => e.file === file).map((e) => inFormWords(e, context)),
  };
}

/** The data of a text the validator has just read (a syntax error it reported leaves no data). */
function parsedQuietly(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

/** Where a problem belongs in the editor: a field of the page details, of a block, or the page as a whole. */
export type Target =
  | { form: 'details'; path: Segment[] }
  | { form: 'block'; index: number; path: Segment[] }
  | { form: 'page'; path: [] };

export function targetOf(problem: ContentError): Target {
  // A required field left empty is already placed at the field itself (inFormWords), where the
  // form shows it (rjsf drops an emptied text from the data).
  const segments = problem.path;
  if (segments[0] === 'blocks' && typeof segments[1] === 'number') {
    return { form: 'block', index: segments[1], path: segments.slice(2) };
  }
  if (segments.length === 0 || segments[0] === 'blocks') return { form: 'page', path: [] };
  return { form: 'details', path: segments };
}

/** The rjsf id of a field: `<prefix>_<path joined by _>` (rjsf's own scheme). */
export function fieldId(prefix: string, path: readonly Segment[]): string {
  return [prefix, ...path].join('_');
}

type Nested = { __errors?: string[]; [key: string]: unknown };

/** Messages as rjsf's `extraErrors`, each at its field (rjsf shows them under the input). */
export function errorSchemaOf(problems: readonly { path: Segment[]; message: string }[]): ErrorSchema {
  const root: Nested = {};
  for (const { path, message } of problems) {
    let node = root;
    for (const seg of path) {
      const key = String(seg);
      node[key] ??= {};
      node = node[key] as Nested;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return root as ErrorSchema;
}

export interface Placed {
  details: ErrorSchema;
  /** By block index. */
  blocks: Map<number, ErrorSchema>;
  /** Problems about a whole block (e.g. an unknown type), by block index. */
  blockLevel: Map<number, string[]>;
  /** Problems about the page as a whole (the file, its list of blocks). */
  page: string[];
  /** Warnings by field id, and the ones not tied to a field. */
  warningsById: Map<string, string[]>;
  pageWarnings: string[];
  errorCount: number;
}

export function placeProblems(problems: FileProblems, blockKeys: readonly string[]): Placed {
  const details: { path: Segment[]; message: string }[] = [];
  const byBlock = new Map<number, { path: Segment[]; message: string }[]>();
  const blockLevel = new Map<number, string[]>();
  const page: string[] = [];
  for (const e of problems.errors) {
    const t = targetOf(e);
    if (t.form === 'details') details.push({ path: t.path, message: e.message });
    else if (t.form === 'page') page.push(e.message);
    else if (t.path.length === 0 || t.path[0] === 'type')
      blockLevel.set(t.index, [...(blockLevel.get(t.index) ?? []), e.message]);
    else byBlock.set(t.index, [...(byBlock.get(t.index) ?? []), { path: t.path, message: e.message }]);
  }
  const warningsById = new Map<string, string[]>();
  const pageWarnings: string[] = [];
  for (const w of problems.warnings) {
    const t = targetOf(w);
    const id =
      t.form === 'details'
        ? fieldId('page', t.path)
        : t.form === 'block' && t.path.length && blockKeys[t.index]
          ? fieldId(blockKeys[t.index] ?? '', t.path)
          : null;
    if (id) warningsById.set(id, [...(warningsById.get(id) ?? []), w.message]);
    else pageWarnings.push(w.message);
  }
  return {
    details: errorSchemaOf(details),
    blocks: new Map([...byBlock].map(([i, list]) => [i, errorSchemaOf(list)])),
    blockLevel,
    page,
    warningsById,
    pageWarnings,
    errorCount: problems.errors.length,
  };
}
