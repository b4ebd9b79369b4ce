// @vitest-environment node
/**
 * The visual editor labels its fields with the schemas' words, and an editor's hover shows them:
 * every property has its own title and description, in words for people, and nothing hides them.
 */
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../node/schemaFiles.ts';

type Schema = Record<string, unknown>;

/** Every property of every schema, as "file: a.b.c" with its schema. */
function properties(): [string, Schema][] {
  const out: [string, Schema][] = [];
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node))
      node.forEach((n, i) => {
        walk(n, `${where}[${i}]`);
      });
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const record = node as Schema;
    const props = record.properties;
    if (props && typeof props === 'object')
      for (const [name, value] of Object.entries(props as Record<string, Schema>))
        out.push([`${where}.${name}`, value]);
    for (const [key, value] of Object.entries(record))
      walk(value, `${where}${key === 'properties' ? '' : `.${key}`}`);
  };
  for (const { relPath, schema } of readSchemaFiles()) walk(schema, relPath);
  return out;
}

/** Keywords that only describe; any other beside a $ref makes editors show the shared type's title. */
const WORDS_ONLY = new Set([
  '$ref',
  '$comment',
  'title',
  'description',
  'examples',
  'default',
  'markdownDescription',
  // The visual editor's help where the form needs other words than the file (templates.tsx).
  'editorDescription',
]);

describe('the words of the schemas', () => {
  const all = properties();

  it('cover many properties', () => {
    expect(all.length).toBeGreaterThan(250);
  });

  it('give each property a title and a description for people', () => {
    const unlabelled = all
      .filter(
        ([, schema]) =>
          typeof schema.title !== 'string' ||
          !/^[A-Z0-9]/.test(schema.title) ||
          // "JobPostingFacts" is a name for programmers; "Job posting facts for search engines" a label.
          /^[A-Z][a-z]+([A-Z][a-z]+)+$/.test(schema.title) ||
          typeof schema.description !== 'string' ||
          schema.description.length < 4,
      )
      .map(([where]) => where);
    expect(unlabelled).toEqual([]);
  });

  it("put only words beside a $ref, so editors show the property's own title", () => {
    const hidden = all
      .filter(([, schema]) => '$ref' in schema && Object.keys(schema).some((k) => !WORDS_ONLY.has(k)))
      .map(([where]) => where);
    expect(hidden).toEqual([]);
  });
});
