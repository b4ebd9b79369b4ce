/**
 * A `ContentSource` over files held in memory: the visual editor validates the site as the user
 * types, with the page being edited replaced by its unsaved text. The caller says how the schemas
 * are checked (the browser: compiled at build time), so this module compiles nothing itself.
 */
import type { SchemaFile } from './schemas.ts';
import type { SchemaValidators } from './schemaValidator.ts';
import { type ContentSource, PAGES_DIR } from './validateSite.ts';

export interface MemoryContent {
  /** Text of site.yaml and of each page file, by path relative to the content root. */
  files: ReadonlyMap<string, string>;
  /** The pictures the site has, as pages name them ("/images/x.svg"). */
  images: ReadonlySet<string>;
  schemas: readonly SchemaFile[];
  /**
   * When each file was last changed (larger is newer), e.g. the page being edited as the newest:
   * of two pages claiming one address, the newer is told to change.
   */
  changedAt?: ReadonlyMap<string, number>;
}

export function memoryContentSource(
  { files, images, schemas, changedAt }: MemoryContent,
  validators: SchemaValidators,
): ContentSource {
  return {
    pageFiles: () =>
      [...files.keys()].filter((f) => f.startsWith(`${PAGES_DIR}/`) && /\.ya?ml$/.test(f)).sort(),
    readText: (file) => files.get(file),
    hasImage: (imagePath) => images.has(imagePath),
    changedAt: (file) => changedAt?.get(file),
    schemas,
    validators,
    schemaDirs: ['schema'],
  };
}
