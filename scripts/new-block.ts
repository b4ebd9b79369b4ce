/**
 * `npm run new:block <name> [--root <folder>]`: scaffolds a block type — its schema, component,
 * stylesheet and test — registers it, and regenerates the types. Then edit the schema's properties
 * and the component. `--root` (default: this repository) runs it on another copy of the repository,
 * which is how its test runs it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  generateContentTypes,
  generatedPathsFor,
  generateUnionSchemaText,
  REPOSITORY_ROOT,
} from './build/generateTypes.ts';

const USAGE = 'Usage: npm run new:block <name> [--root <folder>]   (name in camelCase, e.g. testimonialGrid)';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseArgs(argv: readonly string[]): { name: string; root: string } {
  let name = '';
  let root = REPOSITORY_ROOT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--root') root = path.resolve(argv[++i] ?? fail(USAGE));
    else if (arg.startsWith('--root=')) root = path.resolve(arg.slice('--root='.length));
    else if (!name && !arg.startsWith('-')) name = arg;
    else fail(USAGE);
  }
  return { name, root };
}

const { name, root } = parseArgs(process.argv.slice(2));
if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) fail(USAGE);
const Pascal = name[0]?.toUpperCase() + name.slice(1);
const schemaFile = path.join(root, 'schema/blocks', `${name}.schema.json`);
const dir = path.join(root, 'src/blocks', name);
if (existsSync(schemaFile) || existsSync(dir)) fail(`Block "${name}" already exists.`);

// Checked before anything is written, so a failure leaves no half-made block behind.
const registryFile = path.join(root, 'src/renderer/registry.ts');
if (!existsSync(registryFile)) fail(`No block registry at ${registryFile}: is ${root} the repository?`);
const registry = readFileSync(registryFile, 'utf8');
const registryLine = `  ${name}: lazyBlock(() => import('../blocks/${name}/${Pascal}.tsx')),\n`;
const registered = registry.replace(/\n};\s*$/, `\n${registryLine}};\n`);
if (registered === registry)
  fail(`Could not find the end of the blockRegistry object (a line "};" at the end of ${registryFile}).`);

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: `${Pascal}Block`,
  description: `TODO: one sentence a content editor understands: what the ${name} section shows.`,
  type: 'object',
  // The kinds of page it may go on (src/content/pageKinds.ts): narrow the list to where it belongs.
  pageKinds: ['home', 'product', 'service', 'career', 'other'],
  additionalProperties: false,
  required: ['type', 'heading'],
  properties: {
    type: { title: 'Kind of section', const: name, description: `${Pascal} section.` },
    heading: {
      title: 'Heading',
      $ref: '../defs.schema.json#/$defs/text',
      description: 'Heading of the section.',
      examples: ['Our work'],
    },
  },
};
writeFileSync(schemaFile, `${JSON.stringify(schema, null, 2)}\n`);

mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, `${Pascal}.tsx`),
  `/** TODO: what this block shows and why. */
import type { BlockProps } from '../../renderer/blockProps.ts';
import styles from './${Pascal}.module.css';

export default function ${Pascal}({ block }: BlockProps<'${name}'>) {
  return (
    <section className={\`section \${styles.section}\`}>
      <div className="container">
        <h2 className="section-heading">{block.heading}</h2>
      </div>
    </section>
  );
}
`,
);
writeFileSync(
  path.join(dir, `${Pascal}.module.css`),
  `/* Styles of the ${name} block: use the tokens in src/styles/tokens.css only. */
.section {
  background: var(--color-bg);
}
`,
);
writeFileSync(
  path.join(dir, `${Pascal}.test.tsx`),
  `import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import ${Pascal} from './${Pascal}.tsx';

describe('${name} block', () => {
  it('shows its heading', () => {
    renderWithContent(<${Pascal} block={{ type: '${name}', heading: 'Our work' }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Our work' })).toBeInTheDocument();
  });
});
`,
);

writeFileSync(registryFile, registered);

const generated = generatedPathsFor(root);
writeFileSync(generated.unionSchema, generateUnionSchemaText(root));
writeFileSync(generated.types, await generateContentTypes(root));

console.log(`Created block "${name}":
  schema/blocks/${name}.schema.json   its properties (what editors may write in YAML) and
                                       pageKinds, the kinds of page it may go on (all, to start)
  src/blocks/${name}/${Pascal}.tsx     its component
  src/blocks/${name}/${Pascal}.module.css
  src/blocks/${name}/${Pascal}.test.tsx
and registered it in src/renderer/registry.ts. Use it in a page with "- type: ${name}".`);
