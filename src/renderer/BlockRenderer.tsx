/** Renders a page's blocks in order, each through the component the registry maps its type to. */
import { type ComponentType, Suspense } from 'react';
import type { Block, BlockType } from '../content/model.ts';
import { type BlockProps, blockRegistry } from './registry.ts';

function componentFor<T extends BlockType>(type: T): ComponentType<BlockProps<T>> {
  return blockRegistry[type] as unknown as ComponentType<BlockProps<T>>;
}

export function BlockRenderer({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const Component = componentFor(block.type) as ComponentType<{ block: Block }>;
        return (
          // Blocks never reorder at run time, so their position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Suspense key={index} fallback={null}>
            <Component block={block} />
          </Suspense>
        );
      })}
    </>
  );
}

/**
 * Loads the code of the blocks a page uses, so they render without suspending: all of them for the
 * pre-renderer and tests; before hydration, only those not deferred.
 */
export function preloadBlocks(
  blocks: readonly Block[],
  options: { skipDeferred?: boolean } = {},
): Promise<unknown> {
  const types = [...new Set(blocks.map((b) => b.type))].filter(
    (t) => !(options.skipDeferred && blockRegistry[t].deferred),
  );
  return Promise.all(types.map((t) => blockRegistry[t].preload()));
}

/** Block types whose code the browser loads after hydration (not preloaded in the page's head). */
export const deferredBlockTypes: string[] = Object.entries(blockRegistry)
  .filter(([, block]) => block.deferred)
  .map(([type]) => type);
