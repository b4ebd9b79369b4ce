/**
 * `npm run validate [folder] [--format human|github|json] [--staged]`: checks site.yaml and every
 * page against the schemas and the rules a schema cannot express.
 *
 * Formats: human (default: file:line:column, where, and a sentence), github (workflow commands, so
 * a pull request shows each problem on its line), json (a list of {file, line, column, severity,
 * code, message, suggestion}). `--staged` (the pre-commit hook) checks the files as staged in git
 * and reports only the staged YAML files' problems.
 *
 * Exit codes: 0 valid (warnings allowed), 1 errors, 2 a usage mistake (unknown option or format,
 * a folder with no site.yaml).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readFolder, stagedContent } from '../node/folderSource.ts';
import {
  formatErrors,
  formatGithub,
  formatWarnings,
  toProblemRecords,
} from '../src/validator/formatErrors.ts';

const FORMATS = ['human', 'github', 'json'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage: npm run validate [-- [folder] [--format human|github|json] [--staged]]
  folder             a folder holding site.yaml, pages/ and public/ (default: this repository)
  --format human     file:line:column and a sentence for each problem (default)
  --format github    GitHub Actions annotations (::error file=…,line=…,col=…::message)
  --format json      a JSON list of {file, line, column, severity, code, message, suggestion}
  --staged           check the YAML files staged for commit (the pre-commit hook)
Exit codes: 0 valid (warnings allowed), 1 errors found, 2 a usage mistake.`;

function usageMistake(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseArgs(args: string[]): { root: string; format: Format; staged: boolean } {
  let folder: string | undefined;
  let format: Format = 'human';
  let staged = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [name, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s) as [string, string?]) : [arg];
    if (name === '--help' || name === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (name === '--format') {
      const value = inline ?? args[++i];
      if (!FORMATS.includes(value as Format))
        usageMistake(`Unknown format "${value ?? ''}": use human, github or json.`);
      format = value as Format;
    } else if (name === '--staged') staged = true;
    else if (name.startsWith('-')) usageMistake(`Unknown option "${arg}".`);
    else if (folder === undefined) folder = arg;
    else usageMistake(`Only one folder can be checked at a time ("${folder}", then "${arg}").`);
  }
  const root = path.resolve(folder ?? '.');
  if (!existsSync(path.join(root, 'site.yaml')) && !existsSync(path.join(root, 'pages')))
    usageMistake(`${root} holds no site.yaml and no pages/: is it the site's folder?`);
  return { root, format, staged };
}

const { root, format, staged } = parseArgs(process.argv.slice(2));
const content = staged ? stagedContent(root) : undefined;
// Nothing staged for the site: nothing to check before this commit.
if (content && !content.files.length) process.exit(0);
const result = content?.result ?? readFolder(root);
const { errors, warnings } = result;

if (format === 'json') {
  console.log(JSON.stringify(toProblemRecords(errors, warnings), null, 2));
} else if (format === 'github') {
  const fromCwd = (file: string) =>
    path.relative(process.cwd(), path.join(root, file)).split(path.sep).join('/');
  const out = formatGithub(errors, warnings, fromCwd);
  if (out) console.log(out);
  const { files, pages, blocks } = result.stats;
  console.log(
    `${errors.length} errors, ${warnings.length} warnings in ${files} files, ${pages} pages, ${blocks} blocks.`,
  );
} else {
  if (warnings.length) console.warn(formatWarnings(warnings));
  if (errors.length) console.error(formatErrors(errors));
  else {
    const { files, pages, blocks } = result.stats;
    console.log(`Content OK: ${files} files, ${pages} pages, ${blocks} blocks checked.`);
  }
}
process.exit(errors.length ? 1 : 0);
