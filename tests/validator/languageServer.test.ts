// @vitest-environment node
/**
 * What an editor with Red Hat's YAML extension shows while a page is written: yaml-language-server
 * run over stdio as a real client, reading the schemas through each file's schema line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../node/schemaFiles.ts';
import { memorySource } from '../../src/validator/memorySource.ts';
import { validateSite } from '../../src/validator/validateSite.ts';
import { startYamlLanguageServer, type YamlLanguageServer } from './yamlLanguageServer.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGE = 'pages/services/drone-training.yaml';
/** Not written to disk: the editor has it open, unsaved. */
const FILE = path.join(ROOT, PAGE);
const BLOCK_TYPES = readdirSync(path.join(ROOT, 'schema/blocks')).filter((f) => f.endsWith('.schema.json'));

const written = readFileSync(path.join(ROOT, 'tests/fixtures/new-service/drone-training.yaml'), 'utf8')
  .replace(' | Triune Technologies', '')
  .replace('type: bulletGrid', 'type: bulletList');
/** The page being written: a misspelt block type, and a new block whose type is still to choose. */
const text = `${written.trimEnd()}\n  - type: \n`;
const lines = text.split('\n');
const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle));

let server: YamlLanguageServer;

beforeAll(async () => {
  server = await startYamlLanguageServer(ROOT);
  await server.open(FILE, text);
});

afterAll(async () => {
  await server?.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

/** `npm run validate`'s verdict on the repository with this page added, as the editor's words. */
function validatorErrors() {
  const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');
  const files = new Map([['site.yaml', readFileSync(path.join(ROOT, 'site.yaml'), 'utf8')]]);
  for (const abs of filesUnder(path.join(ROOT, 'pages'))) files.set(rel(abs), readFileSync(abs, 'utf8'));
  files.set(PAGE, text);
  const images = new Set(
    filesUnder(path.join(ROOT, 'public')).map((abs) => `/${rel(abs).slice('public/'.length)}`),
  );
  return validateSite(memorySource({ files, images, schemas: readSchemaFiles() })).errors;
}

describe('yaml-language-server on a page being written', () => {
  it("offers every block type, each with its description, for a new block's type:", async () => {
    const line = lines.length - 2;
    const items = await server.completion(FILE, { line, character: (lines[line] ?? '').length });
    const labels = items.map((i) => i.label).sort();
    expect(labels).toHaveLength(BLOCK_TYPES.length);
    expect(labels).toEqual(BLOCK_TYPES.map((f) => f.replace('.schema.json', '')).sort());
    const undocumented = items.filter((i) => {
      const d = typeof i.documentation === 'string' ? i.documentation : i.documentation?.value;
      return !d?.trim();
    });
    expect(undocumented.map((i) => i.label)).toEqual([]);
  });

  it("shows a field's own title and description on hover, not its shared type's", async () => {
    const hover = await server.hover(FILE, { line: lineOf('subheading:'), character: 6 });
    expect(hover).toContain('#### Subheading');
    expect(hover).toContain('A short line under the heading.');
    expect(hover).not.toContain('#### Text');

    const title = await server.hover(FILE, { line: lineOf('title: Drone Pilot Training in'), character: 1 });
    expect(title).toContain('#### Title');
    expect(title).toContain("The page's own title, without the company name");
  });

  it('marks a misspelt block type where `npm run validate` reports it, which keeps its own words', async () => {
    const errors = validatorErrors().filter((e) => e.file === PAGE);
    const [error, ...others] = errors;
    // The new block's type is still to be written: said once, with the types to choose from.
    expect(others.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Every block needs a "type".*Known types: aboutCard/),
    ]);
    expect(error?.message).toBe('Unknown block type "bulletList". Did you mean "bulletGrid"?');
    const diagnostics = await server.diagnostics(FILE);
    const at = diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`);
    expect(at).toContain(`${error?.line}:${error?.column}`);
    expect(error?.line).toBe(lineOf('type: bulletList') + 1);
  });
});
