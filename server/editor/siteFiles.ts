/**
 * A content folder's files as the editor reads them: site.yaml and every page, each with its text
 * and version, and the files it cannot open (a link, a bad name, a text that would explode when
 * read: fileProblems.ts), each named with what is wrong. One bad file never stops the others from
 * being listed. GET /site and the preview links (preview/previewRoutes.ts) read it.
 */
import type { FileState } from './contentStore.ts';
import { readContentFile } from './contentStore.ts';
import { type FileProblem, scanPageFiles, textProblem } from './fileProblems.ts';
import { siteProblem } from './siteProblem.ts';

export interface SiteFileStates {
  files: Record<string, FileState>;
  problems: FileProblem[];
}

export function readSiteFiles(root: string): SiteFileStates {
  const scan = scanPageFiles(root);
  const files: Record<string, FileState> = {};
  const problems: FileProblem[] = [...scan.problems];
  for (const file of ['site.yaml', ...scan.files]) {
    const state = readContentFile(root, file);
    if (!state) continue;
    const problem = textProblem(file, state.text);
    if (problem) problems.push({ file, message: problem });
    else files[file] = state;
    // A site.yaml the form cannot show is named too, but stays listed: the pages' previews and
    // checks still read what they can of it.
    const site = !problem && file === 'site.yaml' ? siteProblem(state.text) : undefined;
    if (site) problems.push({ file, message: site });
  }
  return { files, problems };
}
