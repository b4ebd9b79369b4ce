/**
 * A copy of the site's content with every limited text a visitor reads at its maximum length
 * (each free text with a `maxLength` in the schemas: headings, bullets, menu names, card texts),
 * written as ordinary words, so a build of it shows whether the design holds the longest texts
 * the editor and the validator accept.
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { readSchemaFiles } from '../../../node/schemaFiles.ts';
import { schemaAt } from '../../../src/validator/schemaAt.ts';
import { PAGE_SCHEMA } from '../../../src/validator/schemas.ts';
import { isFreeText } from '../../../src/validator/textTraps.ts';

/** Words of an everyday length, the longest ones a Bangalore software company's pages use. */
const WORDS =
  'Reliable school management software with attendance, transport tracking and fee collection for institutions across Karnataka ';

/** A text of exactly `length` characters, ending on a letter. */
export function wordsOfLength(length: number): string {
  let text = '';
  while (text.length < length) text += WORDS;
  text = text.slice(0, length);
  return text.endsWith(' ') ? `${text.slice(0, -1)}s` : text;
}

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? pageFiles(file) : name.endsWith('.yaml') ? [file] : [];
  });
}

type Segment = string | number;

/** Every string in `data` with its place. */
function strings(data: unknown, at: Segment[] = []): { at: Segment[]; value: string }[] {
  if (typeof data === 'string') return [{ at, value: data }];
  if (Array.isArray(data)) return data.flatMap((item, i) => strings(item, [...at, i]));
  if (data && typeof data === 'object')
    return Object.entries(data).flatMap(([key, value]) => strings(value, [...at, key]));
  return [];
}

/**
 * Copies the content of `from` (site.yaml, pages/, public/) to `to`, with every limited free text
 * of every page at its limit. Returns how many texts were lengthened.
 */
export function writeContentAtLimits(from: string, to: string): number {
  for (const part of ['site.yaml', 'pages', 'public'])
    cpSync(path.join(from, part), path.join(to, part), { recursive: true });
  const schemas = readSchemaFiles();
  let count = 0;
  for (const file of pageFiles(path.join(to, 'pages'))) {
    const doc = parseDocument(readFileSync(file, 'utf8'));
    const data = doc.toJS() as unknown;
    // A job posting names the text card its description starts with: that card keeps its title.
    const named = new Set(
      strings(data)
        .filter((s) => s.at.at(-1) === 'descriptionFrom')
        .map((s) => s.value),
    );
    for (const { at, value } of strings(data)) {
      const schema = schemaAt(schemas, PAGE_SCHEMA, data, at);
      if (!isFreeText(schema) || typeof schema?.maxLength !== 'number' || named.has(value)) continue;
      doc.setIn(at, wordsOfLength(schema.maxLength));
      count++;
    }
    writeFileSync(file, doc.toString({ lineWidth: 0 }));
  }
  return count;
}
