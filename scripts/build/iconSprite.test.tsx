// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { brandIconPaths } from '../../src/icons/brandIcons.ts';
import { Icon } from '../../src/icons/Icon.tsx';
import { uiIcons } from '../../src/icons/iconSet.ts';
import { iconSprite } from './iconSprite.ts';

const schemaNames: string[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../schema/defs.schema.json'), 'utf8'),
).$defs.icon.enum;

describe('icon sprite', () => {
  it("draws every icon name of the schema and every component's own icon as a symbol with lines", () => {
    const sprite = iconSprite();
    const names = [...schemaNames, ...Object.keys(uiIcons), ...Object.keys(brandIconPaths)];
    for (const name of names) {
      const symbol = new RegExp(`<symbol id="${name}" viewBox="0 0 24 24">(.*?)</symbol>`).exec(sprite);
      expect(symbol, name).not.toBeNull();
      expect(symbol?.[1], name).toMatch(/<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(names.length);
  });

  it('keeps lucide out of the JavaScript the browser loads: components draw icons from the sprite', () => {
    const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src'], {
      cwd: path.join(import.meta.dirname, '../..'),
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const importers = sources.filter((file) =>
      readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8').includes("from 'lucide-react'"),
    );
    // iconSet.ts is read at build time only, by the sprite plugin.
    expect(importers).toEqual(['src/icons/iconSet.ts']);
  });

  it('<Icon> uses its symbol of the sprite, at its size, hidden from screen readers', () => {
    const html = renderToStaticMarkup(<Icon name="bus" size={18} className="x" />);
    expect(html).toBe(
      '<svg class="lucide lucide-bus x" width="18" height="18" aria-hidden="true" focusable="false"><use href="/icons/sprite.svg#bus"></use></svg>',
    );
  });
});
