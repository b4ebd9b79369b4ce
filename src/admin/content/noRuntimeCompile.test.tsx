/**
 * The staff page's Content-Security-Policy has no 'unsafe-eval': code compiled from a string at
 * run time (`new Function`, `eval`) is refused there. The editor's two users of such code, the
 * content validator (Ajv) and rjsf's validator, run code compiled at build time instead. Here both
 * run, as the editor runs them, with `Function` and `eval` replaced by traps that note every call
 * and refuse it, as the browser would.
 */
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { EditorFormContext } from './formContext.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { blockSchema, pageDetailsSchema, siteSchema } from './schemaForms.ts';
import { repositoryImages, repositoryTexts } from './testing.ts';
import { type SiteSnapshot, validateEdited } from './validation.ts';

const FILE = 'pages/services/iot.yaml';
type Data = Record<string, unknown>;

const context: EditorFormContext = {
  images: repositoryImages(),
  addresses: [{ value: '/services/iot', label: 'Telematics' }],
  upload: vi.fn(),
  warnings: new Map(),
};

let compiled: string[] = [];

/** What the browser does under the policy: refuse, and here also note what asked. */
function refusing<T extends object>(original: T, name: string): T {
  const refuse = (args: unknown[]) => {
    compiled.push(`${name}(${String(args.at(-1)).slice(0, 80)}…)`);
    throw new EvalError(`Refused to evaluate a string as JavaScript (${name})`);
  };
  return new Proxy(original, {
    apply: (_target, _self, args: unknown[]) => refuse(args),
    construct: (_target, args: unknown[]) => refuse(args),
  });
}

beforeEach(() => {
  compiled = [];
  vi.stubGlobal('Function', refusing(Function, 'new Function'));
  // biome-ignore lint/security/noGlobalEval: not called, wrapped in a trap that refuses every call.
  vi.stubGlobal('eval', refusing(eval, 'eval'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the editor without code compiled at run time', () => {
  it("checks an edited page with the validator's words, compiling nothing", () => {
    const files = repositoryTexts();
    const snapshot: SiteSnapshot = {
      files,
      images: new Set(repositoryImages().map((i) => i.path)),
      changedAt: new Map(),
    };
    const broken = (files.get(FILE) ?? '').replace('type: bulletGrid', 'type: bulletList');
    const problems = validateEdited(snapshot, FILE, broken, '2026-11-24');
    expect(problems.errors.map((e) => e.message).join('\n')).toMatch(/bulletList/);
    expect(compiled).toEqual([]);
  });

  it("builds the page's forms and the site settings form, compiling nothing", () => {
    const files = repositoryTexts();
    const page = parse(files.get(FILE) ?? '') as Data & { blocks: Data[] };
    const { blocks, ...details } = page;
    const forms: [Record<string, unknown>, Data, boolean][] = [
      [pageDetailsSchema(), details, false],
      [siteSchema(), parse(files.get('site.yaml') ?? '') as Data, false],
      ...blocks.map((b): [Record<string, unknown>, Data, boolean] => [blockSchema(String(b.type)), b, true]),
    ];
    for (const [index, [schema, data, isBlock]] of forms.entries()) {
      const { unmount } = render(
        <SchemaForm
          schema={schema}
          data={data}
          idPrefix={`f${index}`}
          context={context}
          onChange={() => undefined}
          isBlock={isBlock}
        />,
      );
      unmount();
    }
    expect(forms.length).toBeGreaterThan(4);
    expect(compiled).toEqual([]);
  });
});
