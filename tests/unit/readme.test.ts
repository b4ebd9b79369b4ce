// @vitest-environment node
/** The README's configuration table lists every environment variable the server reads. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envTable } from '../../server/cli/commands.ts';
import { ENV_VARIABLES } from '../../server/config.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('README', () => {
  it('documents every environment variable of server/config.ts with its default', () => {
    const table = readme.slice(readme.indexOf('<!-- env-table -->'), readme.indexOf('<!-- /env-table -->'));
    for (const v of ENV_VARIABLES) {
      expect(table, v.name).toContain(`| \`${v.name}\` | ${v.default} |`);
    }
  });

  it('shows the very table `npm run submissions -- env` prints, so the two cannot drift', () => {
    const start = readme.indexOf('<!-- env-table -->') + '<!-- env-table -->'.length;
    const table = readme.slice(start, readme.indexOf('<!-- /env-table -->'));
    expect(table.trim()).toBe(envTable().trim());
  });
});
