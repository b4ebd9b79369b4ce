/**
 * The page being edited, as the editor holds it: the page's own fields and its blocks, each with a
 * key that stays with it when blocks move (form ids and the preview's click-to-edit use it).
 */
import { parse, stringify } from 'yaml';
import type { Schema } from './schemaForms.ts';

export type Data = Record<string, unknown>;

export interface EditedBlock {
  key: string;
  data: Data;
}

export interface PageDoc {
  details: Data;
  blocks: EditedBlock[];
}

let counter = 0;
export const newKey = () => `k${(++counter).toString(36)}`;

export function docFromText(text: string): PageDoc {
  return docFromData(parse(text) ?? {});
}

/**
 * The page for `data` (a kept draft, a merged save). A block at the same place and of the same
 * type as in `like` keeps its key, so its form stays where it is (and keeps the keyboard focus).
 */
export function docFromData(data: unknown, like?: PageDoc): PageDoc {
  const { blocks, ...details } = (data !== null && typeof data === 'object' ? data : {}) as Data;
  const list = Array.isArray(blocks) ? (blocks as Data[]) : [];
  return {
    details,
    blocks: list.map((b, i) => {
      const before = like?.blocks[i];
      return { key: before && before.data.type === b.type ? before.key : newKey(), data: b };
    }),
  };
}

/** How the edited-file hook (useEditedFile.ts) holds a page. */
export const pageAdapter = {
  fromText: docFromText,
  toData: (doc: PageDoc): unknown => pageOf(doc),
  fromData: (data: unknown, like: PageDoc) => docFromData(data, like),
};

/** The page as JSON, as PUT /file takes it. */
export function pageOf(doc: PageDoc): Data {
  return { ...doc.details, blocks: doc.blocks.map((b) => b.data) };
}

/**
 * The page as YAML text for the validator only (the server writes the file, keeping its comments).
 * The editor's schema line is kept so the validator does not warn about it.
 */
export function textForValidation(doc: PageDoc, originalText: string): string {
  const modeline = /^#\s*yaml-language-server:.*$/m.exec(originalText)?.[0];
  const body = stringify(pageOf(doc), { lineWidth: 0 });
  return modeline ? `${modeline}\n${body}` : body;
}

export function moveBlock(doc: PageDoc, index: number, by: -1 | 1): PageDoc {
  const to = index + by;
  if (to < 0 || to >= doc.blocks.length) return doc;
  const blocks = [...doc.blocks];
  const [moved] = blocks.splice(index, 1);
  if (moved) blocks.splice(to, 0, moved);
  return { ...doc, blocks };
}

export function removeBlock(doc: PageDoc, index: number): PageDoc {
  return { ...doc, blocks: doc.blocks.filter((_, i) => i !== index) };
}

export function addBlock(doc: PageDoc, data: Data, at = doc.blocks.length): PageDoc {
  const blocks = [...doc.blocks];
  blocks.splice(at, 0, { key: newKey(), data });
  return { ...doc, blocks };
}

/** What a new block starts with: its required fields (defaults where the schema has them). */
export function skeletonOf(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.oneOf)) return skeletonOf(schema.oneOf[0] as Schema);
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(
        required.filter((k) => props[k]).map((k) => [k, skeletonOf(props[k] as Schema)]),
      );
    }
    case 'array': {
      const n = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: n }, () => skeletonOf((schema.items ?? {}) as Schema));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}
