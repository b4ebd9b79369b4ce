// @vitest-environment node
/**
 * Ajv's standalone code made into one ES module: its `require`s become imports, and the functions
 * of several pieces land in one exported object without their names clashing.
 */
import { describe, expect, it } from 'vitest';
import { standaloneModule } from './standaloneModule.ts';

const piece = (id: string, limit: number) =>
  `"use strict";exports["${id}"] = validate10;const func0 = require("ajv/dist/runtime/ucs2length").default;` +
  `function validate10(data){return func0(data) <= ${limit};}`;

describe('standaloneModule', () => {
  it('imports what the code required, once each, and exports every piece’s functions', () => {
    const code = standaloneModule([piece('short', 3), piece('long', 300)]);
    expect(code).not.toMatch(/\brequire\(/);
    expect(code.match(/^import /gm)).toHaveLength(1);
    expect(code).toContain('import required0Module from "ajv/dist/runtime/ucs2length";');
    expect(code).toMatch(/export default validators;\n$/);
  });

  it('runs: each piece’s function under its own id', async () => {
    const code = standaloneModule([piece('short', 3), piece('long', 300)]).replace(
      /^import (\w+) from "[^"]+";$/m,
      'const $1 = { __esModule: true, default: (s) => [...s].length };',
    );
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const validators = (await import(/* @vite-ignore */ url)).default as Record<
      string,
      (s: string) => boolean
    >;
    expect(validators.short?.('abcd')).toBe(false);
    expect(validators.long?.('abcd')).toBe(true);
  });

  it('refuses code with a require it cannot turn into an import', () => {
    expect(() => standaloneModule(['const x = require("somewhere");'])).toThrow(/require/);
  });
});
