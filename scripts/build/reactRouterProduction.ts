/**
 * React Router 7 publishes a production build (dist/production: its development warnings and the
 * "💿 Hey developer 👋" error screen compiled out, ENABLE_DEV_WARNINGS = false), but its package
 * exports point every condition at dist/development, so any bundler without React Router's own
 * framework plugin ships the development build (remix-run/react-router#12532, #14102, still open).
 * For `vite build` (the browser bundle and the pre-renderer alike, so both render the same), this
 * points `react-router` and `react-router/dom` at the production files; the dev server and the tests
 * keep the warnings.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    config(_config, { command }) {
      if (command !== 'build') return;
      const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
      const dir = path.join(path.dirname(packageJson), 'dist', 'production');
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: path.join(dir, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(dir, 'dom-export.mjs') },
          ],
        },
      };
    },
  };
}
