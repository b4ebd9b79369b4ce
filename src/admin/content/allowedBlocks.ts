/**
 * Which block types a page may hold: those its kind may hold, as each block type declares in its
 * schema (`pageKinds`, read by src/content/pageKinds.ts; the validator refuses the rest too).
 */
import { blockTypesFor } from '../../content/pageKinds.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import type { PageKind } from './api.ts';

/** The block types a page of `kind` may hold. (`_files`: the site, which no longer decides.) */
export function allowedBlockTypes(_files: ReadonlyMap<string, string>, kind: PageKind): string[] {
  return blockTypesFor(kind, bundledSchemas);
}
