/**
 * The kinds of page the site has, and which kinds of section each may hold. A page's kind follows
 * from its file's place under pages/ (a product page lives in pages/products/). Which sections a
 * kind may hold is declared by each block type, in its schema's `pageKinds` list
 * (schema/blocks/<type>.schema.json), so a new block type says where it belongs where it is made.
 * Shared by the validator, the server's editor API and the staff editor (browser-safe: no files).
 */
import { blockSchemaFiles, blockTypeOf, type SchemaFile } from '../validator/schemas.ts';

export const PAGE_KINDS = ['home', 'product', 'service', 'career', 'other'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** How people name a kind, in messages: "a service page". */
export const PAGE_KIND_WORDS: Record<PageKind, string> = {
  home: 'the home page',
  product: 'a product page',
  service: 'a service page',
  career: 'a job opening',
  other: 'a page of its own (not in products/, services/ or careers/)',
};

const FOLDER_KINDS: Record<string, PageKind> = {
  products: 'product',
  services: 'service',
  careers: 'career',
};

/** The kind of a page file ("pages/services/iot.yaml" is a service page), from its place. */
export function kindOfFile(file: string): PageKind {
  if (file === 'pages/index.yaml') return 'home';
  const parts = file.split('/');
  return (parts.length > 2 && FOLDER_KINDS[parts[1] ?? '']) || 'other';
}

const isPageKind = (value: unknown): value is PageKind => PAGE_KINDS.includes(value as PageKind);

/** The kinds of page a block schema says it may go on (none when it declares none). */
export function pageKindsOfBlock(schema: Record<string, unknown>): PageKind[] {
  const declared = schema.pageKinds;
  return Array.isArray(declared) ? declared.filter(isPageKind) : [];
}

/** Each block type, with the kinds of page it may go on, read from the block schemas. */
export function blockPlaces(files: readonly SchemaFile[]): Map<string, PageKind[]> {
  return new Map(blockSchemaFiles(files).map((f) => [blockTypeOf(f.relPath), pageKindsOfBlock(f.schema)]));
}

/** The block types a kind of page may hold, in the order of the schema files. */
export function blockTypesFor(kind: PageKind, files: readonly SchemaFile[]): string[] {
  return [...blockPlaces(files)].filter(([, kinds]) => kinds.includes(kind)).map(([type]) => type);
}
