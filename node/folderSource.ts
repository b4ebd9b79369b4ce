/**
 * The validator on a content folder on disk (site.yaml, pages/, redirects.yaml, public/): the Node side of the
 * `ContentSource` that src/content/readSite.ts (and the validator under it) reads through. Used by `npm run validate`,
 * the build, the dev server and the server.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readSite, type SiteReading } from '../src/content/readSite.ts';
import { compiledAtRunTime } from '../src/validator/runtimeValidators.ts';
import type { SchemaFile } from '../src/validator/schemas.ts';
import {
  type ContentSource,
  PAGES_DIR,
  REDIRECTS_FILE,
  type ValidateOptions,
  type ValidationResult,
  validateSite,
} from '../src/validator/validateSite.ts';
import { readSchemaFiles, SCHEMA_DIR } from './schemaFiles.ts';

export type { SiteModel, SitePage, SiteReading } from '../src/content/readSite.ts';
export type { Content, PageFile, ValidationResult } from '../src/validator/validateSite.ts';

const toPosix = (p: string) => p.split(path.sep).join('/');

function listYaml(dir: string, root: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) return listYaml(abs, root);
      return /\.ya?ml$/.test(name) ? [toPosix(path.relative(root, abs))] : [];
    });
}

let cachedSchemas: readonly SchemaFile[] | undefined;

function modifiedAt(root: string, file: string): number | undefined {
  const abs = path.join(root, file);
  return existsSync(abs) ? statSync(abs).mtimeMs : undefined;
}

const addedTimes = new Map<string, Map<string, number>>();

/**
 * When git first saw each committed content file (ms): in a fresh clone every file has the same
 * modification time, but the page copied last was added last. Files git has not committed yet are
 * newer than all of these (their modification time says when). Empty without git or its history.
 */
function addedAt(root: string): Map<string, number> {
  const known = addedTimes.get(root);
  if (known) return known;
  const times = new Map<string, number>();
  try {
    const log = execFileSync(
      'git',
      [
        'log',
        '--diff-filter=A',
        '--name-only',
        '--relative',
        '--format=%x00%at',
        '--',
        'site.yaml',
        PAGES_DIR,
      ],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    // Newest commit first: the last entry written for a file is when it was first added.
    for (const entry of log.split('\0').filter(Boolean)) {
      const [seconds, ...names] = entry.split('\n').filter(Boolean);
      for (const name of names) times.set(name, Number(seconds) * 1000);
    }
  } catch {
    // Not a git repository, or no git: modification times decide.
  }
  addedTimes.set(root, times);
  return times;
}

/**
 * The files of a content folder. An editor's schema line may point to the folder's own schema/
 * (a copy of the repository) or to this repository's, when the content lives elsewhere (CONTENT_DIR).
 */
export function folderSource(root: string, options: { freshSchemas?: boolean } = {}): ContentSource {
  if (!cachedSchemas || options.freshSchemas) cachedSchemas = readSchemaFiles();
  const ownSchemas = path.join(root, 'schema');
  const schemaDirs = [...new Set([existsSync(ownSchemas) ? ownSchemas : SCHEMA_DIR, SCHEMA_DIR])];
  return {
    pageFiles: () => listYaml(path.join(root, PAGES_DIR), root),
    readText: (file) => {
      const abs = path.join(root, file);
      return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
    },
    hasImage: (imagePath) => existsSync(path.join(root, 'public', imagePath)),
    // A copied page is newer than the page it was copied from: it is the one told to change.
    changedAt: (file) => addedAt(root).get(file) ?? modifiedAt(root, file),
    schemas: cachedSchemas,
    validators: compiledAtRunTime(cachedSchemas),
    schemaDirs: schemaDirs.map((dir) => toPosix(path.relative(root, dir))),
  };
}

/** The site in a content folder, checked, with its model when it is valid (src/content/readSite.ts). */
export function readFolder(
  root: string,
  options: ValidateOptions & { freshSchemas?: boolean } = {},
): SiteReading {
  return readSite(folderSource(root, options), options);
}

/**
 * The pre-commit check: the content as it will be committed (staged files read from git's index,
 * the others from the folder), with only the staged YAML files' problems kept.
 */
export function stagedContent(root: string): { files: string[]; result: ValidationResult } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const prefix = git('rev-parse', '--show-prefix').trim();
  const files = git('diff', '--cached', '--name-only', '--diff-filter=ACMR', '--relative', '-z')
    .split('\0')
    .filter(
      (f) =>
        f === 'site.yaml' || f === REDIRECTS_FILE || (f.startsWith(`${PAGES_DIR}/`) && /\.ya?ml$/.test(f)),
    );
  const folder = folderSource(root);
  const source: ContentSource = {
    ...folder,
    pageFiles: () =>
      [...new Set([...folder.pageFiles(), ...files.filter((f) => f.startsWith(`${PAGES_DIR}/`))])].sort(),
    readText: (file) => (files.includes(file) ? git('show', `:${prefix}${file}`) : folder.readText(file)),
  };
  const result = validateSite(source);
  const staged = (e: { file: string }) => files.includes(e.file);
  return {
    files,
    result: { ...result, errors: result.errors.filter(staged), warnings: result.warnings.filter(staged) },
  };
}
