/**
 * Checks the site as it would be after a write, with the validator of `npm run validate`
 * (src/validator/validateSite.ts) over the files on disk with one file replaced. Problems the
 * site already had in other files do not block the save; problems in the written file, or new
 * ones it causes elsewhere (a link to a page whose path changed), do.
 */
import { folderSource } from '../../node/folderSource.ts';
import type { ContentError } from '../../src/validator/types.ts';
import { type ContentSource, FileChecksCache, validateSite } from '../../src/validator/validateSite.ts';

export interface EditorError {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

function withFile(source: ContentSource, file: string, text: string | undefined): ContentSource {
  return {
    ...source,
    pageFiles: () => {
      const files = source.pageFiles().filter((f) => f !== file);
      return (text === undefined || !file.startsWith('pages/') ? files : [...files, file]).sort();
    },
    readText: (f) => (f === file ? text : source.readText(f)),
  };
}

const key = (e: ContentError) => `${e.file}\n${e.where}\n${e.message}`;

/**
 * Each content folder's files' own checks, kept between saves: a save parses and checks against
 * its schema only the file written (and any file changed on disk since); the checks across files
 * (addresses, orders, links) run each time.
 */
const checksByFolder = new Map<string, FileChecksCache>();

/** The problems that stop writing `text` to `file` (none: it may be written). */
export function problemsAfterWrite(root: string, file: string, text: string | undefined): EditorError[] {
  return problemsAfterWrites(root, new Map([[file, text]]));
}

/**
 * The problems that stop writing several files in one change (a page taken down and the redirect
 * from its address): the site is checked with all of them written.
 */
export function problemsAfterWrites(
  root: string,
  writes: ReadonlyMap<string, string | undefined>,
): EditorError[] {
  const source = folderSource(root);
  const cache = checksByFolder.get(root) ?? new FileChecksCache();
  checksByFolder.set(root, cache);
  const before = new Set(validateSite(source, { cache }).errors.map(key));
  let after = source;
  for (const [file, text] of writes) after = withFile(after, file, text);
  return validateSite(after, { cache })
    .errors.filter((e) => writes.has(e.file) || !before.has(key(e)))
    .map((e) => ({
      file: e.file,
      line: e.line,
      column: e.column,
      message: e.message,
      severity: 'error' as const,
    }));
}
