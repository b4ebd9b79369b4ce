/**
 * What a page's sharing card says, from its YAML: light enough for the build to key each card by
 * it (scripts/build/buildCache.ts) without loading the drawing code (./socialCards.ts), which it
 * loads only when a card must be drawn.
 */
import { type BlockOf, type IconName, jobTitleOf, type Page } from '../../src/content/model.ts';
import type { uiIcons } from '../../src/icons/iconSet.ts';

/** What a card says, from the page's YAML. */
export interface CardFacts {
  title: string;
  /** A line under the title (a listing's or the page's description); none on a career card. */
  subtitle?: string;
  /** A career page's location, experience and job type, each with its icon. */
  chips: { icon: keyof typeof uiIcons | IconName; text: string }[];
  /** A service's or product's listing icon, drawn large on the right; otherwise the brand mark. */
  icon?: IconName;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type JobTile = BlockOf<'jobTiles'>['tiles'][number];
const CHIP_ICONS: Partial<Record<NonNullable<JobTile['kind']>, keyof typeof uiIcons | IconName>> = {
  location: 'map-pin',
  experience: 'briefcase',
  employment: 'clock',
};

export function cardFacts(page: Page): CardFacts {
  const jobTiles = page.blocks.find((b): b is BlockOf<'jobTiles'> => b.type === 'jobTiles');
  if (jobTiles) {
    const chips = (['location', 'experience', 'employment'] as const).flatMap((kind) => {
      const tile = jobTiles.tiles.find((t) => t.kind === kind);
      const icon = CHIP_ICONS[kind];
      return tile && icon ? [{ icon, text: capitalised(tile.value) }] : [];
    });
    return { title: jobTitleOf(page) ?? page.title, chips };
  }
  const listing = page.listing;
  return {
    title: listing?.title ?? page.title,
    subtitle: listing?.description ?? page.description,
    chips: [],
    ...(listing?.icon && listing.collection !== 'jobs' && { icon: listing.icon }),
  };
}
