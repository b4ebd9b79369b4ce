/** Where the icon sprite is served (src/icons/sprite.ts makes it for the build and the dev server). */
export const ICON_SPRITE_URL = '/icons/sprite.svg';
