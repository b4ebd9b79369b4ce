// @vitest-environment node
/**
 * The owner's design card fixes the stack: these packages stay the project's own dependencies, and
 * none of them is swapped for a module of ours behind an alias (a smaller hand-written router, say),
 * so a size or speed goal is met with them, not by replacing them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadConfigFromFile } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DESIGN_CARD = [
  'react',
  'react-dom',
  'react-router-dom',
  'vite',
  'ajv',
  'yaml',
  'keen-slider',
  'sweetalert2',
  'vitest',
  '@testing-library/react',
  'tsx',
] as const;

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;

describe("the owner's design card", () => {
  it.each(DESIGN_CARD)('keeps %s as a dependency, installed from the registry', (name) => {
    expect({ ...pkg.dependencies, ...pkg.devDependencies }[name]).toMatch(/^[~^]?\d/);
    const resolved = createRequire(path.join(ROOT, 'package.json')).resolve(`${name}/package.json`);
    expect(path.relative(ROOT, resolved).split(path.sep)[0]).toBe('node_modules');
  });

  it('aliases none of its packages to other code in the Vite build', async () => {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, undefined, ROOT);
    const alias = loaded?.config.resolve?.alias ?? {};
    const names = Array.isArray(alias)
      ? alias.map((entry: { find: string | RegExp }) => String(entry.find))
      : Object.keys(alias);
    const aliased = DESIGN_CARD.filter((name) => names.some((find) => find.includes(name)));
    expect(aliased).toEqual([]);
  });
});
