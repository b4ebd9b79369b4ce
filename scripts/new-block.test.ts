// @vitest-environment node
/**
 * `npm run new:block <name>` on a copy of the parts of the repository it touches (schema/, the
 * registry and the generated types): it creates the block's schema, component, stylesheet and test,
 * registers it, regenerates the union schema and the types, and leaves the real repository alone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '..');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');
const NAME = 'testimonialGrid';
let root = '';

/** Runs the scaffolder as `npm run new:block` does, on the copy. */
function newBlock(...args: string[]) {
  return spawnSync(TSX, ['scripts/new-block.ts', ...args], { cwd: REPO, encoding: 'utf8' });
}

const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
const repoRegistry = () => readFileSync(path.join(REPO, 'src/renderer/registry.ts'), 'utf8');

let registryBefore = '';
let output: ReturnType<typeof newBlock>;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'new-block-'));
  cpSync(path.join(REPO, 'schema'), path.join(root, 'schema'), { recursive: true });
  mkdirSync(path.join(root, 'src/renderer'), { recursive: true });
  cpSync(path.join(REPO, 'src/renderer/registry.ts'), path.join(root, 'src/renderer/registry.ts'));
  cpSync(path.join(REPO, 'src/content/generated'), path.join(root, 'src/content/generated'), {
    recursive: true,
  });
  registryBefore = repoRegistry();
  output = newBlock(NAME, '--root', root);
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('npm run new:block', () => {
  it('creates the schema, component, stylesheet and test of the block', () => {
    expect(output.stderr).toBe('');
    expect(output.status).toBe(0);
    expect(output.stdout).toContain(`Created block "${NAME}"`);
    expect(readdirSync(path.join(root, 'src/blocks', NAME)).sort()).toEqual([
      'TestimonialGrid.module.css',
      'TestimonialGrid.test.tsx',
      'TestimonialGrid.tsx',
    ]);
    const component = read(`src/blocks/${NAME}/TestimonialGrid.tsx`);
    expect(component).toContain(`export default function TestimonialGrid({ block }: BlockProps<'${NAME}'>)`);
    expect(component).toContain("import styles from './TestimonialGrid.module.css';");
    expect(read(`src/blocks/${NAME}/TestimonialGrid.module.css`)).toMatch(/\.section \{/);
    expect(read(`src/blocks/${NAME}/TestimonialGrid.test.tsx`)).toContain(
      `renderWithContent(<TestimonialGrid block={{ type: '${NAME}', heading: 'Our work' }} />)`,
    );
  });

  it('writes a valid JSON Schema that refuses unknown properties', () => {
    const schema = JSON.parse(read(`schema/blocks/${NAME}.schema.json`)) as Record<string, unknown>;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['type', 'heading']);
    expect(schema.pageKinds).toEqual(['home', 'product', 'service', 'career', 'other']);

    // `pageKinds` is the site's own annotation (src/validator/ajvSetup.ts declares it the same way).
    const ajv = new Ajv2020({ strict: true, allErrors: true, keywords: ['pageKinds'] });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    // Compiled with the shared definitions it refers to, it accepts its example and refuses a typo.
    const base = 'https://schema.site.local/';
    const defs = JSON.parse(read('schema/defs.schema.json')) as Record<string, unknown>;
    ajv.addSchema({ ...defs, $id: undefined }, `${base}defs.schema.json`);
    const validate = ajv.compile({ ...schema, $id: `${base}blocks/${NAME}.schema.json` });
    expect(validate({ type: NAME, heading: 'Our work' })).toBe(true);
    expect(validate({ type: NAME, heading: 'Our work', headng: 'typo' })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toContain('additionalProperties');
  });

  it('registers the block once and regenerates the union schema and the types', () => {
    const registry = read('src/renderer/registry.ts');
    const line = `  ${NAME}: lazyBlock(() => import('../blocks/${NAME}/TestimonialGrid.tsx')),`;
    expect(registry.split('\n').filter((l) => l === line)).toHaveLength(1);
    expect(registry.trimEnd().endsWith(`${line}\n};`)).toBe(true);

    const union = JSON.parse(read('schema/block.schema.json')) as { oneOf: { $ref: string }[] };
    expect(union.oneOf).toContainEqual({ $ref: `blocks/${NAME}.schema.json` });
    expect(read('src/content/generated/content-types.ts')).toMatch(
      new RegExp(`export interface TestimonialGridBlock \\{\\s+/\\*\\*[^]*?\\*/\\s+type: "${NAME}"\\s`),
    );
  });

  it('leaves the real repository untouched', () => {
    expect(repoRegistry()).toBe(registryBefore);
    expect(existsSync(path.join(REPO, 'schema/blocks', `${NAME}.schema.json`))).toBe(false);
    expect(existsSync(path.join(REPO, 'src/blocks', NAME))).toBe(false);
  });

  it('refuses a block that exists and a name that is not camelCase, writing nothing', () => {
    const registry = read('src/renderer/registry.ts');
    const again = newBlock(NAME, '--root', root);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`Block "${NAME}" already exists.`);
    const bad = newBlock('Testimonial-grid', `--root=${root}`);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Usage: npm run new:block <name>');
    expect(read('src/renderer/registry.ts')).toBe(registry);
    expect(existsSync(path.join(root, 'src/blocks/Testimonial-grid'))).toBe(false);
  });
});

// The scaffolder's own output is already formatted the way Biome (the project's linter) wants it.
it.each(['TestimonialGrid.tsx', 'TestimonialGrid.test.tsx', 'TestimonialGrid.module.css'])(
  'writes %s formatted as Biome formats it',
  (file) => {
    const text = read(`src/blocks/${NAME}/${file}`);
    const formatted = execFileSync(
      path.join(REPO, 'node_modules/.bin/biome'),
      ['format', `--stdin-file-path=src/blocks/${NAME}/${file}`],
      { cwd: REPO, input: text, encoding: 'utf8' },
    );
    expect(formatted).toBe(text);
  },
);
