// @vitest-environment node
/**
 * The corpus of realistic mistakes (corpus.ts), each validated on the real site plus a new service
 * page, in memory as the visual editor does: one problem, at the right file:line:column, in words
 * that say what to do; following those words gives a valid site with every other page's address
 * unchanged. The harmless ones are reported nowhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../node/schemaFiles.ts';
import { formatError } from '../../src/validator/formatErrors.ts';
import { memorySource } from '../../src/validator/memorySource.ts';
import type { ContentError } from '../../src/validator/types.ts';
import { type ValidationResult, validateSite } from '../../src/validator/validateSite.ts';
import { harmless, type Mistake, mistakes, NEW_PAGE } from './corpus.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const schemas = readSchemaFiles();
/** No job posting has closed on this day: warnings about dates passing are not the subject here. */
const TODAY = '2026-01-01';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');
const baseFiles = new Map<string, string>([
  ['site.yaml', readFileSync(path.join(ROOT, 'site.yaml'), 'utf8')],
]);
for (const abs of filesUnder(path.join(ROOT, 'pages'))) baseFiles.set(rel(abs), readFileSync(abs, 'utf8'));
// The fixture's title repeats the company name, which site.yaml adds: a mistake of its own (corpus.ts).
const NEW_PAGE_TEXT = readFileSync(path.join(ROOT, 'tests/fixtures/new-service/drone-training.yaml'), 'utf8');
baseFiles.set(NEW_PAGE, NEW_PAGE_TEXT.replace(' | Triune Technologies', ''));
const images = new Set(
  filesUnder(path.join(ROOT, 'public')).map((abs) => `/${rel(abs).slice('public/'.length)}`),
);

/** The site with `changed` files replaced; they are the newest (the page being written). */
function validate(changed: ReadonlyMap<string, string>): ValidationResult {
  const files = new Map([...baseFiles, ...changed]);
  const changedAt = new Map([...files.keys()].map((f) => [f, changed.has(f) ? 2 : f === NEW_PAGE ? 1 : 0]));
  return validateSite(memorySource({ files, images, schemas, changedAt }), { today: TODAY });
}

const problems = (r: ValidationResult) => [...r.errors, ...r.warnings];
const baseline = validate(new Map());
const baselineWarnings = new Set(baseline.warnings.map(formatError));

/** Address -> page file, for every page. */
function addresses(r: ValidationResult): Map<string, string> {
  const out = new Map<string, string>();
  for (const { file, page } of r.content?.pages ?? [])
    for (const route of [page.path, ...(page.aliases ?? [])]) out.set(route, file);
  return out;
}

function edited(m: Mistake): { file: string; text: string } {
  const file = m.file ?? NEW_PAGE;
  const original = baseFiles.get(m.copyOf ?? file);
  if (original === undefined) throw new Error(`No file ${m.copyOf ?? file}`);
  return { file, text: m.edit(original) };
}

/** Line and column (1-based) of `offset` in `text`, counted as an editor does (no byte order mark). */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const at = text.startsWith('\uFEFF') ? offset - 1 : offset;
  const before = body.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

interface Run {
  file: string;
  text: string;
  result: ValidationResult;
  found: ContentError[];
}
const runs = new Map<Mistake, Run>();

/** The mistake validated (once). */
function runOf(m: Mistake): Run {
  let run = runs.get(m);
  if (!run) {
    const { file, text } = edited(m);
    const result = validate(new Map([[file, text]]));
    run = {
      file,
      text,
      result,
      found: problems(result).filter((p) => !baselineWarnings.has(formatError(p))),
    };
    runs.set(m, run);
  }
  return run;
}

describe('the corpus of realistic mistakes', () => {
  it('has at least 60 mistakes, each with its own name', () => {
    expect(mistakes.length).toBeGreaterThanOrEqual(60);
    expect(new Set(mistakes.map((m) => m.name)).size).toBe(mistakes.length);
  });

  it('starts from a valid site', () => {
    expect(baseline.errors.map(formatError)).toEqual([]);
  });

  describe.each(mistakes.map((m) => [m.name, m] as const))('%s', (_name, m) => {
    let run: { file: string; text: string; result: ValidationResult; found: ContentError[] } | undefined;
    const once = () => {
      if (!run) {
        const { file, text } = edited(m);
        const result = validate(new Map([[file, text]]));
        run = {
          file,
          text,
          result,
          found: problems(result).filter((p) => !baselineWarnings.has(formatError(p))),
        };
      }
      return run;
    };

    it('is reported once, at its place, saying what to do', () => {
      const { file, text, result, found } = once();
      const index = text.indexOf(m.at);
      expect(index, `"${m.at}" is in the edited file`).toBeGreaterThanOrEqual(0);
      const { line, column } = positionOf(text, index + (m.offset ?? 0));
      expect(found.map(formatError)).toHaveLength(1);
      const p = found[0] as ContentError;
      expect(`${p.file}:${p.line}:${p.column}`).toBe(`${file}:${line}:${column}`);
      expect(p.message).toMatch(m.says);
      expect(m.severity === 'error' ? result.errors : result.warnings).toContain(p);
    });

    if (m.follow) {
      const follow = m.follow;
      it('validates once the message is followed, moving no other address', () => {
        const { file, text, found } = once();
        const p = found[0] as ContentError;
        const fixed = follow(text, p);
        expect(fixed).not.toBe(text);
        const after = validate(new Map([[file, fixed]]));
        expect(after.errors.map(formatError)).toEqual([]);
        expect(after.warnings.map(formatError).filter((w) => !baselineWarnings.has(w))).toEqual([]);
        const before = addresses(baseline);
        const now = addresses(after);
        for (const [route, owner] of before) expect(now.get(route), route).toBe(owner);
      });
    }
  });

  describe.each(harmless.map((h) => [h.name, h] as const))('harmless: %s', (_name, h) => {
    it(`is reported nowhere (${h.why})`, () => {
      const file = h.file ?? NEW_PAGE;
      const result = validate(new Map([[file, h.edit(baseFiles.get(file) ?? '')]]));
      expect(
        problems(result)
          .map(formatError)
          .filter((p) => !baselineWarnings.has(p)),
      ).toEqual([]);
    });
  });
});

describe('README, "Validation"', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(
    readme.indexOf('<!-- validation-examples -->'),
    readme.indexOf('<!-- /validation-examples -->'),
  );
  const rows = table
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => {
      const cells = l.replace(/\\\|/g, '&#124;').split(' | ');
      const example = /^`(.*)` \|$/.exec(cells.at(-1) ?? '')?.[1]?.replace(/&#124;/g, '|') ?? '';
      return { codes: [...(cells[0] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]), example };
    });

  // About 70 validations of the whole site: 5-10 s alone, over 20 s on a machine also running the
  // browser suite (one such run timed out at the default 20 s).
  it('gives an example of every kind of mistake, in the words the validator prints', {
    timeout: 90_000,
  }, () => {
    const printed = new Map<string, string[]>();
    const add = (e: ContentError) =>
      printed.set(e.code ?? '', [...(printed.get(e.code ?? '') ?? []), e.message]);
    for (const m of mistakes) runOf(m).found.forEach(add);
    // Two that no edit of one file shows: a posting past its date, and a site without pages.
    validate(new Map()).warnings.forEach(add);
    validateSite(memorySource({ files: new Map([['pages/x.txt', '']]), images, schemas }), {
      today: TODAY,
    }).errors.forEach(add);
    validateSite(memorySource({ files: baseFiles, images, schemas }), {
      today: '2027-03-01',
    }).warnings.forEach(add);

    expect(rows.length).toBeGreaterThan(20);
    const codesInCode = new Set([...printed.keys()]);
    for (const { codes, example } of rows) {
      const messages = codes.flatMap((c) => printed.get(c ?? '') ?? []);
      const matches = example.endsWith(' …')
        ? messages.some((msg) => msg.startsWith(example.slice(0, -2)))
        : messages.includes(example);
      expect(matches, `${codes.join(', ')}: ${example}`).toBe(true);
    }
    const documented = new Set(rows.flatMap((r) => r.codes));
    expect([...codesInCode].filter((c) => !documented.has(c))).toEqual([]);
  });
});
