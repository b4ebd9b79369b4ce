/**
 * A social network's brand mark, drawn from the icon sprite (src/icons/brandIcons.ts), so the
 * footer carries no drawing in its JavaScript. Decorative: the link around it has the accessible name.
 */
import type { SocialNetwork } from '../icons/brandIcons.ts';
import { ICON_SPRITE_URL } from '../icons/spriteUrl.ts';

export type { SocialNetwork };

export function SocialIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" data-network={network}>
      <use href={`${ICON_SPRITE_URL}#${network}`} />
    </svg>
  );
}
