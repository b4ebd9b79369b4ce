// @vitest-environment node
/**
 * The validator on broken copies of a small fixture site: one test per kind of mistake an editor
 * makes, each asserting the plain-English message and the exact line and column it points at.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatError } from './formatErrors.ts';
import type { ContentError } from './types.ts';
import { validateContent } from './validateContent.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../tests/fixtures/minimal-site');
const REPO = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];

/** A copy of the fixture with one file changed by `edit` (text in, text out). */
function brokenCopy(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'validator-'));
  made.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  const target = path.join(dir, file);
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  return dir;
}

function only(errors: ContentError[]): ContentError {
  expect(errors.map(formatError)).toHaveLength(1);
  return errors[0] as ContentError;
}

/** 1-based line number of the first line containing `needle` in the file of a copy. */
function lineOf(dir: string, file: string, needle: string): number {
  return (
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(needle)) + 1
  );
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('validateContent', () => {
  it('accepts the valid fixture and returns its content', () => {
    const result = validateContent(FIXTURE);
    expect(result.errors).toEqual([]);
    expect(result.content?.pages.map((p) => p.page.path).sort()).toEqual(['/', '/services/iot']);
    expect(result.stats).toEqual({ files: 3, pages: 2, blocks: 4 });
  });

  it('accepts the real site content', () => {
    expect(validateContent(REPO).errors.map(formatError)).toEqual([]);
  });

  it('warns, without failing, about a job posting past its closing date', () => {
    const file = 'pages/careers/app-developer.yaml';
    const until = /validThrough: "([\d-]+)"/.exec(readFileSync(path.join(REPO, file), 'utf8'))?.[1] ?? '';
    expect(validateContent(REPO, { today: until }).warnings, 'still open on its last day').toEqual([]);

    const dayAfter = new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const result = validateContent(REPO, { today: dayAfter });
    expect(result.errors).toEqual([]);
    expect(result.content).toBeDefined();
    expect(result.warnings.map((w) => w.file)).toContain(file);
    const warning = result.warnings.find((w) => w.file === file);
    expect(warning).toMatchObject({
      line: lineOf(REPO, file, 'validThrough'),
      where: expect.stringContaining('validThrough'),
      message: expect.stringContaining(`closed on ${until}`),
    });
  });

  it('names an unknown block type, where it is, and suggests the closest type', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace('type: bulletGrid', 'type: bulletGird'),
    );
    const e = only(validateContent(dir).errors);
    expect(e.file).toBe('pages/services/iot.yaml');
    expect(e.line).toBe(lineOf(dir, e.file, 'type: bulletGird'));
    expect(e.column).toBe(11);
    expect(e.where).toBe('blocks[1].type');
    expect(e.message).toBe('Unknown block type "bulletGird". Did you mean "bulletGrid"?');
  });

  it('names an unknown property with a suggestion, pointing at the key', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace('    heading: What we do', '    headng: What we do'),
    );
    const e = only(validateContent(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'headng:'));
    expect(e.column).toBe(5);
    expect(e.where).toBe('blocks[1].headng');
    expect(e.message).toBe('Unknown property "headng". Did you mean "heading"?');
  });

  it('explains a text split at a comma inside { } braces', () => {
    const dir = brokenCopy('site.yaml', (t) =>
      t.replace(
        '    image:\n      src: /images/pic.svg\n      alt: A bus',
        '    image: { src: /images/pic.svg, alt: A bus, red }',
      ),
    );
    const e = only(validateContent(dir).errors);
    expect(e.message).toContain('Unknown property "red"');
    const dir2 = brokenCopy('site.yaml', (t) =>
      t.replace(
        '    image:\n      src: /images/pic.svg\n      alt: A bus',
        '    image: { src: /images/pic.svg, alt: A bus, a red one }',
      ),
    );
    expect(only(validateContent(dir2).errors).message).toContain('must be in "quotes"');
  });

  it('reports a missing required field at its parent', () => {
    const dir = brokenCopy('pages/index.yaml', (t) => t.replace('    heading: Welcome\n', ''));
    const e = only(validateContent(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'type: pageHero'));
    expect(e.where).toBe('blocks[0]');
    expect(e.message).toBe('Missing required property "heading".');
  });

  it('reports a wrong type in words an editor understands', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace(
        '        bullets:\n          - "Live tracking: buses on a map"',
        '        bullets: Live tracking',
      ),
    );
    const e = only(validateContent(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'bullets: Live tracking'));
    expect(e.column).toBe(18);
    expect(e.message).toBe('Must be a list (lines starting with "- "), not the text "Live tracking".');
  });

  it('reports an internal link to no page, with a suggestion', () => {
    const dir = brokenCopy('site.yaml', (t) => t.replace('link: /services/iot', 'link: /services/iott'));
    const e = only(validateContent(dir).errors);
    expect(e.file).toBe('site.yaml');
    expect(e.line).toBe(lineOf(dir, 'site.yaml', 'link: /services/iott'));
    expect(e.column).toBe(11);
    expect(e.message).toBe(
      'Link "/services/iott" goes to no page: no file in pages/ has this path or alias. Did you mean "/services/iot"?',
    );
  });

  it('reports a missing image file', () => {
    const dir = brokenCopy('pages/index.yaml', (t) =>
      t.replace('desktop: /images/pic.svg', 'desktop: /images/pik.svg'),
    );
    const e = only(validateContent(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'desktop: /images/pik.svg'));
    expect(e.where).toBe('blocks[0].background.desktop');
    expect(e.message).toBe('Image "/images/pik.svg" not found: there is no file public/images/pik.svg.');
  });

  it('reports a YAML syntax error with its line and column', () => {
    const dir = brokenCopy('pages/index.yaml', (t) =>
      t.replace('title: Fixture home', 'title: "Fixture home'),
    );
    const errors = validateContent(dir).errors;
    expect(errors.length).toBeGreaterThan(0);
    const e = errors[0] as ContentError;
    expect(e.file).toBe('pages/index.yaml');
    expect(e.message).toMatch(/^YAML syntax: /);
    expect(e.line).toBeGreaterThanOrEqual(lineOf(dir, e.file, 'title: "Fixture home'));
  });

  it('suggests the closest icon name', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) => t.replace('icon: truck', 'icon: truk'));
    const e = only(validateContent(dir).errors);
    expect(e.message).toBe('"truk" is not allowed here. Did you mean "truck"?');
  });

  it('rejects a path that does not mirror the file, and duplicate addresses', () => {
    const dir = brokenCopy('pages/index.yaml', (t) => t.replace('path: /', 'path: /services'));
    const messages = validateContent(dir).errors.map((e) => e.message);
    expect(messages).toContain(
      'The path "/services" does not match where the file is: pages/index.yaml serves "/". Rename the file or change the path to "/".',
    );
    expect(messages).toContain(
      'The address "/services" is already used by pages/index.yaml. Each path and alias must be unique.',
    );
  });

  it('reports every error of a run, not only the first', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace('type: bulletGrid', 'type: bulletGird').replace('label: Ready?', 'lable: Ready?'),
    );
    expect(validateContent(dir).errors.map(formatError)).toEqual([
      expect.stringContaining('Unknown block type "bulletGird"'),
      expect.stringContaining('Unknown property "lable". Did you mean "label"?'),
    ]);
  });
});

describe('npm run validate', () => {
  const tsx = path.join(REPO, 'node_modules/.bin/tsx');

  it('exits 0 with a one-line summary on valid content', () => {
    const out = execFileSync(tsx, ['scripts/validate.ts', FIXTURE], { cwd: REPO, encoding: 'utf8' });
    expect(out.trim()).toBe('Content OK: 3 files, 2 pages, 4 blocks checked.');
  });

  it('exits 1 printing file:line:column and a suggestion', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace('type: bulletGrid', 'type: bulletgrid2'),
    );
    let status = 0;
    let stderr = '';
    try {
      execFileSync(tsx, ['scripts/validate.ts', dir], { cwd: REPO, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      const err = e as { status: number; stderr: string };
      status = err.status;
      stderr = err.stderr;
    }
    expect(status).toBe(1);
    expect(stderr).toContain(
      `pages/services/iot.yaml:${lineOf(dir, 'pages/services/iot.yaml', 'bulletgrid2')}:11`,
    );
    expect(stderr).toContain('Did you mean "bulletGrid"?');
    expect(stderr).toContain('1 problem found in the site content.');
  });
});
