/**
 * <Icon name>: one of the site's icons (src/icons/iconSet.ts; names from schema/defs.schema.json
 * `icon`), drawn from the build's SVG sprite, so pages carry no icon drawings in their JavaScript.
 */
import type { IconName } from '../content/model.ts';
import type { UiIconName } from './iconSet.ts';
import { ICON_SPRITE_URL } from './spriteUrl.ts';

/** A decorative icon (hidden from screen readers: the text next to it says what it means). */
export function Icon({
  name,
  size = 24,
  className,
}: {
  name: IconName | UiIconName;
  size?: number;
  className?: string | undefined;
}) {
  return (
    <svg
      className={`lucide lucide-${name}${className ? ` ${className}` : ''}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
