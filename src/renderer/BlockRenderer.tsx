/** Renders a page's blocks in order, each through the component the registry maps its type to. */
import { type ComponentType, type ReactNode, Suspense } from 'react';
import type { Block, BlockOf, BlockType } from '../content/model.ts';
import type { BlockProps } from './blockProps.ts';
import { blockRegistry } from './registry.ts';

/**
 * One block through the component registered for its type. Generic in that type, so the compiler
 * checks that the component looked up with `block.type` is the one taking this kind of block: the
 * registry's mapped type indexed by `T` is `LazyBlock<BlockProps<T>>`, no cast needed. Called with
 * a page's `Block` (the union of every kind), `T` is that union, which TypeScript accepts.
 */
function renderBlock<T extends BlockType>(block: BlockOf<T> & { type: T }, index: number): ReactNode {
  const Component: ComponentType<BlockProps<T>> = blockRegistry[block.type];
  return (
    // Blocks never reorder at run time, so their position is a stable key.
    <Suspense key={index} fallback={null}>
      <Component block={block} />
    </Suspense>
  );
}

export function BlockRenderer({ blocks }: { blocks: readonly Block[] }) {
  return <>{blocks.map((block, index) => renderBlock(block, index))}</>;
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
