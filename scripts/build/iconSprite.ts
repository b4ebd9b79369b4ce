/**
 * The icon sprite: every icon of src/icons/iconSet.ts (YAML's and the components' own) as a <symbol id="name"> in one SVG file,
 * which <Icon> references with <use href="/icons/sprite.svg#name">. `iconSpritePlugin` serves it in
 * development and writes it into the build (client only).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { brandIconPaths } from '../../src/icons/brandIcons.ts';
import { icons, uiIcons } from '../../src/icons/iconSet.ts';
import { ICON_SPRITE_URL } from '../../src/icons/spriteUrl.ts';

export function iconSprite(): string {
  const symbols = Object.entries({ ...icons, ...uiIcons }).map(([name, Component]) => {
    const svg = renderToStaticMarkup(createElement(Component));
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1] ?? '';
    return `<symbol id="${name}" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</g></symbol>`;
  });
  const brands = Object.entries(brandIconPaths).map(
    ([name, d]) =>
      `<symbol id="${name}" viewBox="0 0 24 24"><path fill="currentColor" fill-rule="evenodd" d="${d}"/></symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${[...symbols, ...brands].join('')}</svg>\n`;
}

export function iconSpritePlugin(): Plugin {
  return {
    name: 'icon-sprite',
    configureServer(server) {
      server.middlewares.use(ICON_SPRITE_URL, (_req, res) => {
        res.setHeader('content-type', 'image/svg+xml');
        res.end(iconSprite());
      });
    },
    generateBundle() {
      if (this.environment?.config.consumer === 'server') return;
      this.emitFile({ type: 'asset', fileName: ICON_SPRITE_URL.slice(1), source: iconSprite() });
    },
  };
}
