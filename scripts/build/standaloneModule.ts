/**
 * Ajv's standalone code (validation functions written out as JavaScript, CommonJS style) as one ES
 * module the browser can import. Ajv writes `exports[<id>] = validate…` and reaches its run-time
 * helpers (and format functions) as `require("<module>").<name>`; here each of those becomes an
 * import of that name, and each piece of code assigns its functions into one object, the module's
 * default export. Ajv's helpers are CommonJS modules marked `__esModule`: a default import of one
 * gives its `exports.default` in the build but the whole `exports` in the dev server (Vite's
 * pre-bundled copy), so the module takes `.default` itself when it got the whole. Several pieces can share a module: each
 * runs in its own block, so their names do not clash.
 */

const REQUIRED_NAME = /require\("([^"]+)"\)\.([A-Za-z_$][\w$]*)/g;

/** One ES module from pieces of Ajv standalone code (`code.esm` off): `export default { <id>: validate }`. */
export function standaloneModule(pieces: readonly string[]): string {
  const imports = new Map<string, { specifier: string; name: string; local: string }>();
  const local = (specifier: string, name: string): string => {
    const key = `${specifier}\n${name}`;
    let known = imports.get(key);
    if (!known) {
      known = { specifier, name, local: `required${imports.size}` };
      imports.set(key, known);
    }
    return known.local;
  };
  const blocks = pieces.map((code) => {
    const body = code.replace(REQUIRED_NAME, (_all, specifier: string, name: string) =>
      local(specifier, name),
    );
    if (/\brequire\(/.test(body))
      throw new Error('Ajv wrote a require() this module cannot turn into an import.');
    return `{\nconst exports = validators;\n${body}\n}`;
  });
  const importLines = [...imports.values()].map(({ specifier, name, local }) =>
    name === 'default'
      ? `import ${local}Module from ${JSON.stringify(specifier)};\nconst ${local} = ${local}Module?.__esModule ? ${local}Module.default : ${local}Module;`
      : `import { ${name} as ${local} } from ${JSON.stringify(specifier)};`,
  );
  return [...importLines, 'const validators = {};', ...blocks, 'export default validators;', ''].join('\n');
}
