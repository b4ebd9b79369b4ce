/** The entries of a shared list a block shows, as src/content/collectionUse.ts declares them. */
import type { CollectionUse } from '../content/collectionUse.ts';
import { firstOf, type ListedPage } from '../content/model.ts';
import { useContent } from './ContentContext.tsx';

export function useListedPages(use: CollectionUse | undefined): readonly ListedPage[] {
  const { collections } = useContent();
  return use ? firstOf(collections[use.collection], use.limit) : [];
}
