/**
 * The build's sharing cards: each page's card from the build cache when what it says (its facts,
 * the site settings) and the code are as before, else drawn. The drawing code (satori, sharp, the
 * fonts: about a second to load) loads only when a card must be drawn, so a Publish after a small
 * change does not wait for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, SiteConfig } from '../../src/content/model.ts';
import { socialCardPath } from '../../src/renderer/head.ts';
import { BuildCache } from './buildCache.ts';
import { cardFacts } from './cardFacts.ts';
import type { DrawnCards } from './socialCards.ts';

export async function writeSocialCards(
  pages: readonly { page: Page }[],
  site: SiteConfig,
  clientDir: string,
  code: string,
  cache: BuildCache,
): Promise<DrawnCards> {
  const start = performance.now();
  const siteText = JSON.stringify(site);
  const keyOf = (page: Page) => BuildCache.key(code, page.path, JSON.stringify(cardFacts(page)), siteText);
  const cards: DrawnCards['cards'] = [];
  const toDraw: { page: Page }[] = [];
  for (const { page } of pages) {
    const rel = socialCardPath(page.path);
    const bytes = cache.linkInto('cards', keyOf(page), path.join(clientDir, rel));
    if (bytes === undefined) toDraw.push({ page });
    else cards.push({ path: rel, bytes });
  }
  if (toDraw.length) {
    const { drawSocialCards } = await import('./socialCards.ts');
    const drawn = await drawSocialCards(toDraw, site, clientDir);
    for (const [i, { page }] of toDraw.entries()) {
      const card = drawn.cards[i];
      if (card) cache.put('cards', keyOf(page), readFileSync(path.join(clientDir, card.path)));
    }
    cards.push(...drawn.cards);
  }
  return { cards, ms: performance.now() - start };
}
