/**
 * Content files the editor cannot open safely, found while listing them, so that one bad file on
 * disk costs the editor that file only: the page list and site settings still answer, naming it
 * and what is wrong, and writing to it is refused with the same words. Two kinds:
 *   - a page file the editor may not read at all: a link (it could lead outside the content
 *     folder), or a name outside what contentPath.ts allows (spaces, capitals, too deep);
 *   - a text that would explode when read: YAML aliases repeated until one small file stands for
 *     millions of values (the "billion laughs" shape), which would stall the server and the browser.
 */
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { ContentPathError, resolveContentFile } from './contentPath.ts';

export interface FileProblem {
  file: string;
  message: string;
}

export const fileProblemMessages = {
  link: (file: string) =>
    `${file} is a link to another file, and the editor does not follow links. Ask a developer to put the file itself in its place.`,
  aliases: (file: string) =>
    `${file} repeats its own parts so many times (YAML aliases) that it cannot be read safely. Ask a developer to write the repeated parts out, or restore an earlier version from the history.`,
  unreadable: (file: string, why: string) => `${file} cannot be read as YAML: ${why}`,
};

/** The page files under pages/ (sorted) that the editor may open, and the ones it may not, with why. */
export function scanPageFiles(root: string): { files: string[]; problems: FileProblem[] } {
  const dir = path.join(root, 'pages');
  const files: string[] = [];
  const problems: FileProblem[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return { files, problems }; // no pages/ folder yet
  }
  for (const entry of entries.sort()) {
    const file = `pages/${entry.split(path.sep).join('/')}`;
    if (!file.endsWith('.yaml')) continue;
    const stat = lstatSync(path.join(root, file), { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) problems.push({ file, message: fileProblemMessages.link(file) });
    if (!stat?.isFile()) continue;
    try {
      resolveContentFile(root, file);
      files.push(file);
    } catch (error) {
      if (!(error instanceof ContentPathError)) throw error;
      problems.push({ file, message: error.message });
    }
  }
  return { files, problems };
}

/**
 * Why a file's text cannot be opened in the editor, if it cannot. Only what would take the editor
 * down: an ordinary YAML mistake is the validator's to report, on the line where it is.
 */
export function textProblem(file: string, text: string): string | undefined {
  try {
    // The yaml package stops counting at 100 alias expansions (its maxAliasCount) and throws.
    parseDocument(text).toJS();
    return undefined;
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message))
      return fileProblemMessages.aliases(file);
    return fileProblemMessages.unreadable(file, error instanceof Error ? error.message : String(error));
  }
}
