/**
 * A textCards block's cards as shown: each written in the page, or (`shared: name`) taken from
 * site.yaml `sharedText`. The validator has already checked every shared name exists; one that
 * does not (content edited past the validator) is left out rather than shown empty.
 */
import type { BlockOf, SiteConfig } from '../../content/model.ts';

export type ShownTextCard = { title: string; paragraphs: string[] };

export function resolveTextCards(block: BlockOf<'textCards'>, site: SiteConfig): ShownTextCard[] {
  return block.cards.flatMap((card) => {
    if ('shared' in card) {
      const shared = site.sharedText?.[card.shared];
      return shared ? [{ title: shared.title, paragraphs: [...shared.content] }] : [];
    }
    return [
      { title: card.title, paragraphs: Array.isArray(card.content) ? [...card.content] : [card.content] },
    ];
  });
}
