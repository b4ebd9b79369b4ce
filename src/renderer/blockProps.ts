/**
 * What every block component receives: its own block of the page's YAML, typed from its schema.
 * A module of its own that imports no component, so blocks and the registry (the only file that
 * imports the components) form no import cycle.
 */
import type { BlockOf, BlockType } from '../content/model.ts';

export type BlockProps<T extends BlockType> = { block: BlockOf<T> };
