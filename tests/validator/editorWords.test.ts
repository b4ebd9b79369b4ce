// @vitest-environment node
/**
 * The visual editor's users fill in a form and never see a file: the help under each box (a
 * schema's `editorDescription`, else its `description`) says nothing about files, folders,
 * property names or commands, which only people who edit the YAML need.
 */
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../node/schemaFiles.ts';

type Schema = Record<string, unknown>;

/** Words that only make sense to someone editing the YAML files. */
const FILE_TALK = /site\.yaml|pages\/|public\/|src\/|`|npm |\byaml\b|\btrue\b|\bfalse\b/i;

/** The help text the form shows for every property of every schema. */
function helpTexts(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) for (const [i, n] of node.entries()) walk(n, `${where}[${i}]`);
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const record = node as Schema;
    for (const [name, value] of Object.entries((record.properties ?? {}) as Record<string, Schema>)) {
      // The editor's schema line, and the page's list of sections, which the editor shows as its
      // own section cards (Add a section, Move up, Remove) rather than as a field.
      if (name === '$schema' || (where === 'page.schema.json' && name === 'blocks')) continue;
      const help = value.editorDescription ?? value.description;
      if (typeof help === 'string') out.push([`${where}.${name}`, help]);
    }
    for (const [key, value] of Object.entries(record)) walk(value, `${where}.${key}`);
  };
  for (const { relPath, schema } of readSchemaFiles())
    if (relPath !== 'block.schema.json') walk(schema, relPath);
  return out;
}

describe("the form's help texts", () => {
  it('speak of the form, not of the files behind it', () => {
    const texts = helpTexts();
    expect(texts.length).toBeGreaterThan(250);
    expect(texts.filter(([, help]) => FILE_TALK.test(help))).toEqual([]);
  });
});
