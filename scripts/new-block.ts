/**
 * `npm run new:block <name>`: scaffolds a block type — its schema, component, stylesheet and test —
 * registers it, and regenerates the types. Then edit the schema's properties and the component.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateContentTypes, generatedPaths, generateUnionSchemaText } from '../src/validator/generate.ts';

const name = process.argv[2] ?? '';
if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) {
  console.error('Usage: npm run new:block <name>   (camelCase, e.g. testimonialGrid)');
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
const Pascal = name[0]?.toUpperCase() + name.slice(1);
const schemaFile = path.join(root, 'schema/blocks', `${name}.schema.json`);
const dir = path.join(root, 'src/blocks', name);
if (existsSync(schemaFile) || existsSync(dir)) {
  console.error(`Block "${name}" already exists.`);
  process.exit(1);
}

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: `${Pascal}Block`,
  description: `TODO: one sentence a content editor understands: what the ${name} section shows.`,
  type: 'object',
  additionalProperties: false,
  required: ['type', 'heading'],
  properties: {
    type: { const: name, description: `${Pascal} section.` },
    heading: {
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
import type { BlockProps } from '../../renderer/registry.ts';
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

const registryFile = path.join(root, 'src/renderer/registry.ts');
const registry = readFileSync(registryFile, 'utf8');
const line = `  ${name}: lazyBlock(() => import('../blocks/${name}/${Pascal}.tsx')),\n`;
writeFileSync(registryFile, registry.replace(/\n};\s*$/, `\n${line}};\n`));

writeFileSync(generatedPaths.unionSchema, generateUnionSchemaText());
writeFileSync(generatedPaths.types, await generateContentTypes());

console.log(`Created block "${name}":
  schema/blocks/${name}.schema.json   its properties (what editors may write in YAML)
  src/blocks/${name}/${Pascal}.tsx     its component
  src/blocks/${name}/${Pascal}.module.css
  src/blocks/${name}/${Pascal}.test.tsx
and registered it in src/renderer/registry.ts. Use it in a page with "- type: ${name}".`);
