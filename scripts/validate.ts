/**
 * `npm run validate [folder]`: checks site.yaml and every page against the schemas and the rules a
 * schema cannot express. Prints every problem with file:line:column; exits 1 if there is any.
 */
import path from 'node:path';
import { formatErrors, formatWarnings } from '../src/validator/formatErrors.ts';
import { validateContent } from './build/validateFolder.ts';

const root = path.resolve(process.argv[2] ?? '.');
const result = validateContent(root);
if (result.warnings.length) console.warn(formatWarnings(result.warnings));
if (result.errors.length) {
  console.error(formatErrors(result.errors));
  process.exit(1);
}
const { files, pages, blocks } = result.stats;
console.log(`Content OK: ${files} files, ${pages} pages, ${blocks} blocks checked.`);
