/**
 * Which shared list (products, services, jobs) a block shows, and how many of its first entries.
 * The one declaration read by the block's component (src/renderer/useListedPages.ts) and by the
 * build, which gives each page only the entries its blocks and menus show (./pageData.ts).
 * A new block type that lists a collection adds its line here.
 */
import type { Block, BlockOf, BlockType, CollectionName } from './model.ts';

export interface CollectionUse {
  collection: CollectionName;
  /** Its first `limit` entries; all of them when there is none. */
  limit?: number;
}

type Uses = { [T in BlockType]?: (block: BlockOf<T>) => CollectionUse };

const withLimit = (collection: CollectionName, limit: number | undefined): CollectionUse =>
  limit === undefined ? { collection } : { collection, limit };

const USES: Uses = {
  servicesCarousel: (b) => withLimit('services', b.limit),
  productsStrip: (b) => withLimit('products', b.limit),
  jobCards: (b) => withLimit('jobs', b.limit),
  collectionList: (b) => ({ collection: b.collection }),
};

export function collectionUseOf(block: Block): CollectionUse | undefined {
  const use = USES[block.type] as ((b: Block) => CollectionUse) | undefined;
  return use?.(block);
}
