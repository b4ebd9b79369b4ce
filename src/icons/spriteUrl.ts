/** Where the icon sprite is served (scripts/build/iconSprite.ts makes it for the build and the dev server). */
export const ICON_SPRITE_URL = '/icons/sprite.svg';
