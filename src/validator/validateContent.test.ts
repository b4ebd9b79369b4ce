// @vitest-environment node
/**
 * The validator on broken copies of a small fixture site: one test per kind of mistake an editor
 * makes, each asserting the plain-English message and the exact line and column it points at.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFolder } from '../../node/folderSource.ts';
import { formatError } from './formatErrors.ts';
import type { ContentError } from './types.ts';

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

describe('readFolder', () => {
  it('accepts the valid fixture and returns its content', () => {
    const result = readFolder(FIXTURE);
    expect(result.errors).toEqual([]);
    expect(result.content?.pages.map((p) => p.page.path).sort()).toEqual(['/', '/services/iot']);
    expect(result.stats).toEqual({ files: 3, pages: 2, blocks: 4 });
  });

  it('accepts the real site content', () => {
    expect(readFolder(REPO).errors.map(formatError)).toEqual([]);
  });

  it('warns, without failing, about a job posting past its closing date', () => {
    const file = 'pages/careers/app-developer.yaml';
    const until = /validThrough: "([\d-]+)"/.exec(readFileSync(path.join(REPO, file), 'utf8'))?.[1] ?? '';
    expect(readFolder(REPO, { today: until }).warnings, 'still open on its last day').toEqual([]);

    const dayAfter = new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const result = readFolder(REPO, { today: dayAfter });
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
    const e = only(readFolder(dir).errors);
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
    const e = only(readFolder(dir).errors);
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
    const e = only(readFolder(dir).errors);
    expect(e.message).toContain('Unknown property "red"');
    const dir2 = brokenCopy('site.yaml', (t) =>
      t.replace(
        '    image:\n      src: /images/pic.svg\n      alt: A bus',
        '    image: { src: /images/pic.svg, alt: A bus, a red one }',
      ),
    );
    expect(only(readFolder(dir2).errors).message).toContain('must be in "quotes"');
  });

  it('reports a missing required field at its parent', () => {
    const dir = brokenCopy('pages/index.yaml', (t) => t.replace('    heading: Welcome\n', ''));
    const e = only(readFolder(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'type: pageHero'));
    expect(e.where).toBe('blocks[0]');
    expect(e.message).toMatch(/^Missing required property "heading"\. Add a line "heading: …" here/);
  });

  // The forms' fields are named in their definitions (src/forms/definitions/), not in the schema.
  it('names a form field that has no label in site.yaml, and the line to add', () => {
    const dir = brokenCopy('site.yaml', (t) => t.replace('      query: Your Query\n', ''));
    const e = only(readFolder(dir).errors);
    expect(e.file).toBe('site.yaml');
    expect(e.line).toBe(lineOf(dir, e.file, 'name: Full Name'));
    expect(e.column).toBe(7);
    expect(e.where).toBe('forms.demo.labels');
    expect(e.message).toBe(
      'forms.demo.labels has no label for the field "query": add a line "query: Query" with the words visitors should see above it.',
    );
  });

  it('names a label for a field the form does not have, with the nearest field name', () => {
    const dir = brokenCopy('site.yaml', (t) =>
      t.replace('serviceType: Service Type', 'servceType: Service Type'),
    );
    const e = only(readFolder(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'servceType:'));
    expect(e.column).toBe(7);
    expect(e.where).toBe('forms.demo.labels.servceType');
    expect(e.message).toBe('The demo form has no field "servceType". Did you mean "serviceType"?');

    const extra = brokenCopy('site.yaml', (t) =>
      t.replace('      message: Message\n', '      message: Message\n      colour: Blue\n'),
    );
    const x = only(readFolder(extra).errors);
    expect(x.line).toBe(lineOf(extra, x.file, 'colour: Blue'));
    expect(x.message).toBe(
      'The contact form has no field "colour": remove this line. Its fields are name, email, mobileNumber, message.',
    );
  });

  it('reports a wrong type in words an editor understands', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace(
        '        bullets:\n          - "Live tracking: buses on a map"',
        '        bullets: Live tracking',
      ),
    );
    const e = only(readFolder(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'bullets: Live tracking'));
    expect(e.column).toBe(18);
    expect(e.message).toBe('Must be a list (lines starting with "- "), not the text "Live tracking".');
  });

  it('reports an internal link to no page, with a suggestion', () => {
    const dir = brokenCopy('site.yaml', (t) => t.replace('link: /services/iot', 'link: /services/iott'));
    const e = only(readFolder(dir).errors);
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
    const e = only(readFolder(dir).errors);
    expect(e.line).toBe(lineOf(dir, e.file, 'desktop: /images/pik.svg'));
    expect(e.where).toBe('blocks[0].background.desktop');
    expect(e.message).toBe('Image "/images/pik.svg" not found: there is no file public/images/pik.svg.');
  });

  // Each mistake is reported once, where it starts (not where the parser gave up), in plain words.
  it.each([
    {
      kind: 'an unclosed quote',
      edit: (t: string) => t.replace('title: Fixture home', 'title: "Fixture home'),
      line: 3,
      column: 8,
      message: 'the text that starts with " here is never closed. Add the closing " at the end of the text',
    },
    {
      kind: 'a line indented too far',
      edit: (t: string) => t.replace('    heading: Welcome', '     heading: Welcome'),
      line: 7,
      column: 6,
      message: 'this line does not line up with the other lines of its section',
    },
    {
      kind: 'a line indented too little',
      edit: (t: string) => t.replace('      mobile: /images', '     mobile: /images'),
      line: 10,
      column: 6,
      message: 'this line does not line up with the other lines of its section',
    },
    {
      kind: 'a tab as indentation',
      edit: (t: string) => t.replace('    heading: Welcome', '\theading: Welcome'),
      line: 7,
      column: 1,
      message: 'this line is indented with a tab. YAML needs spaces for indentation',
    },
    {
      kind: 'a duplicate key',
      edit: (t: string) => t.replace('description: The home', 'title: Another title\ndescription: The home'),
      line: 4,
      column: 1,
      message: '"title" appears twice in the same section',
    },
    {
      kind: 'an unclosed bracket',
      edit: (t: string) => t.replace('path: /\n', 'path: /\naliases: [/home, /start\n'),
      line: 3,
      column: 10,
      message: 'the list that starts with "[" here is never closed. Add "]" after its last item',
    },
    {
      kind: 'a text with ": " not in quotes',
      edit: (t: string) => t.replace('title: Fixture home', 'title: Fixture: home'),
      line: 3,
      column: 8,
      message: 'Put the whole text in "quotes". Write it as "Fixture: home".',
    },
  ])('reports $kind once, at the line and column where it starts', ({ edit, line, column, message }) => {
    const dir = brokenCopy('pages/index.yaml', edit);
    const e = only(readFolder(dir).errors);
    expect(e.file).toBe('pages/index.yaml');
    expect(e.message).toMatch(/^YAML syntax: /);
    expect(e.message).toContain(message);
    expect({ line: e.line, column: e.column }).toEqual({ line, column });
  });

  it('reports two unrelated syntax mistakes of one file, each where it is', () => {
    const dir = brokenCopy('pages/index.yaml', (t) =>
      t
        .replace('title: Fixture home', 'title: "Fixture home"\ntitle: Again')
        .replace('    heading: Welcome', '\theading: Welcome'),
    );
    expect(readFolder(dir).errors.map((e) => `${e.line}:${e.column}`)).toEqual(['4:1', '8:1']);
  });

  it('keeps the address of a page it cannot read, so links to it are no false errors', () => {
    // site.yaml links to "/" (pages/index.yaml) and to "/services", an alias of services/iot.yaml;
    // both files get a syntax error, and a third page stays readable.
    const dir = brokenCopy('pages/index.yaml', (t) =>
      t.replace('title: Fixture home', 'title: "Fixture home'),
    );
    writeFileSync(
      path.join(dir, 'pages/about.yaml'),
      readFileSync(path.join(FIXTURE, 'pages/index.yaml'), 'utf8').replace('path: /', 'path: /about'),
    );
    writeFileSync(
      path.join(dir, 'site.yaml'),
      readFileSync(path.join(dir, 'site.yaml'), 'utf8').replace('link: /services/iot', 'link: /services'),
    );
    const iot = path.join(dir, 'pages/services/iot.yaml');
    writeFileSync(iot, readFileSync(iot, 'utf8').replace('paragraph: Contact', 'paragraph: "Contact'));
    expect(readFolder(dir).errors.map(formatError)).toEqual([
      expect.stringMatching(/^pages\/index\.yaml:3:8\n {2}YAML syntax: the text that starts with "/),
      expect.stringMatching(
        /^pages\/services\/iot\.yaml:\d+:\d+\n {2}YAML syntax: the text that starts with "/,
      ),
    ]);
  });

  it('still reports a link that matches no page, saying which page could not be read', () => {
    const dir = brokenCopy('pages/index.yaml', (t) =>
      t.replace('title: Fixture home', 'title: "Fixture home'),
    );
    writeFileSync(
      path.join(dir, 'site.yaml'),
      readFileSync(path.join(dir, 'site.yaml'), 'utf8').replace('link: /services/iot', 'link: /servces/iot'),
    );
    const link = readFolder(dir).errors.find((e) => e.file === 'site.yaml');
    expect(link?.message).toBe(
      'Link "/servces/iot" goes to no page: no file in pages/ has this path or alias. Did you mean "/services/iot"? If it is meant for a page of pages/index.yaml, fix the YAML syntax error there first.',
    );
  });

  it('suggests the closest icon name', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) => t.replace('icon: truck', 'icon: truk'));
    const e = only(readFolder(dir).errors);
    expect(e.message).toBe('"truk" is not allowed here. Did you mean "truck"?');
  });

  it('rejects a path that does not mirror the file, and duplicate addresses', () => {
    const dir = brokenCopy('pages/index.yaml', (t) => t.replace('path: /', 'path: /services'));
    const messages = readFolder(dir).errors.map((e) => e.message);
    expect(messages).toEqual([
      'The path "/services" is the address of pages/services/iot.yaml (was this page copied from it?). Change it to "/", the address of this file\'s place under pages/.',
    ]);
    const moved = brokenCopy('pages/index.yaml', (t) => t.replace('path: /', 'path: /home'));
    expect(readFolder(moved).errors.map((e) => e.message)).toEqual([
      'The path "/home" does not match where the file is: pages/index.yaml serves "/". Change the path to "/", or move the file to pages/home.yaml.',
    ]);
  });

  it('reports every error of a run, not only the first', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace('type: bulletGrid', 'type: bulletGird').replace('label: Ready?', 'lable: Ready?'),
    );
    expect(readFolder(dir).errors.map(formatError)).toEqual([
      expect.stringContaining('Unknown block type "bulletGird"'),
      expect.stringContaining('Unknown property "lable". Did you mean "label"?'),
    ]);
  });
});

describe('shared text cards (textCards `shared: name`)', () => {
  const CAREER = 'pages/careers/customer-support.yaml';

  /** A copy of the real site with one career page changed by `edit`. */
  function realCopy(edit: (text: string) => string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'validator-shared-'));
    made.push(dir);
    for (const part of ['site.yaml', 'pages', 'public'])
      cpSync(path.join(REPO, part), path.join(dir, part), { recursive: true });
    writeFileSync(path.join(dir, CAREER), edit(readFileSync(path.join(dir, CAREER), 'utf8')));
    return dir;
  }

  it('reports a name site.yaml sharedText does not have, where it is, with a suggestion', () => {
    const dir = realCopy((t) => t.replace('- shared: careersAboutUs', '- shared: careerAboutUs'));
    const e = only(readFolder(dir).errors);
    expect(e.file).toBe(CAREER);
    expect(e.line).toBe(lineOf(dir, CAREER, 'shared: careerAboutUs'));
    expect(e.where).toBe('blocks[1].cards[0].shared');
    expect(e.message).toBe(
      'There is no shared text "careerAboutUs" in site.yaml sharedText. Did you mean "careersAboutUs"?',
    );
  });

  it('reports a mistyped card once, as the form it is closest to (not both forms of a card)', () => {
    const dir = realCopy((t) => t.replace('- title: Job Description', '- tilte: Job Description'));
    const e = only(readFolder(dir).errors);
    expect(e.line).toBe(lineOf(dir, CAREER, 'tilte: Job Description'));
    expect(e.where).toBe('blocks[1].cards[1].tilte');
    expect(e.message).toBe('Unknown property "tilte". Did you mean "title"?');
  });
});

describe('the title shown (site.yaml titleTemplate)', () => {
  it('warns, without failing, when the page title in the template is longer than search results show', () => {
    const dir = brokenCopy('pages/services/iot.yaml', (t) =>
      t.replace(/^title: .*$/m, 'title: Telematics, GPS Tracking and IoT Sensor Platforms for Every Fleet'),
    );
    const result = readFolder(dir);
    expect(result.errors.map(formatError)).toEqual([]);
    const warning = result.warnings.find((w) => w.where === 'title');
    expect(warning?.file).toBe('pages/services/iot.yaml');
    expect(warning?.line).toBe(lineOf(dir, 'pages/services/iot.yaml', 'title: Telematics, GPS'));
    expect(warning?.message).toMatch(
      /^The title shown is \d+ characters \("Telematics, GPS .* \| Fixture Co"\)/,
    );
  });

  it('has no such warning for the real site', () => {
    expect(readFolder(REPO).warnings.filter((w) => w.where === 'title')).toEqual([]);
  });
});

describe('the editor schema line (# yaml-language-server: $schema=...)', () => {
  /**
   * A copy with its own schema/ folder and every file's schema line pointing at it, as in the
   * repository: no warning until a file is moved or loses its line.
   */
  function selfContainedCopy(): string {
    const dir = brokenCopy('site.yaml', (t) => t);
    cpSync(path.join(REPO, 'schema'), path.join(dir, 'schema'), { recursive: true });
    const fix = (file: string, line: string) => {
      const abs = path.join(dir, file);
      writeFileSync(abs, readFileSync(abs, 'utf8').replace(/^# yaml-language-server: .*$/m, line));
    };
    fix('site.yaml', '# yaml-language-server: $schema=./schema/site.schema.json');
    fix('pages/index.yaml', '# yaml-language-server: $schema=../schema/page.schema.json');
    fix('pages/services/iot.yaml', '# yaml-language-server: $schema=../../schema/page.schema.json');
    return dir;
  }

  it('is accepted where it leads to the right schema, from the content folder or the validator', () => {
    expect(readFolder(FIXTURE).warnings).toEqual([]);
    expect(readFolder(selfContainedCopy()).warnings).toEqual([]);
  });

  it('warns, without failing, about a page copied to a folder of another depth, giving the right line', () => {
    const dir = selfContainedCopy();
    const moved = readFileSync(path.join(dir, 'pages/services/iot.yaml'), 'utf8')
      .replace('path: /services/iot', 'path: /telematics')
      .replace('aliases: [/services]\n', '')
      .replace(/order: \d+/, 'order: 99');
    writeFileSync(path.join(dir, 'pages/telematics.yaml'), moved);
    const result = readFolder(dir);
    expect(result.errors).toEqual([]);
    expect(result.content).toBeDefined();
    expect(result.warnings.map(formatError)).toEqual([
      'pages/telematics.yaml:1:33\n  The editor\'s schema line points to "../../schema/page.schema.json", which is not schema/page.schema.json seen from this file\'s folder (was the file copied from a folder at another depth?). Change the line to:\n    # yaml-language-server: $schema=../schema/page.schema.json',
    ]);
  });

  it('warns about a file without the line, at its first line', () => {
    const dir = selfContainedCopy();
    const site = path.join(dir, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/^# yaml-language-server: .*\n/, ''));
    const result = readFolder(dir);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        file: 'site.yaml',
        line: 1,
        column: 1,
        path: [],
        where: '',
        code: 'schema-line-missing',
        message:
          'The file does not begin with the line that lets an editor check it as you type. Add this as its first line:\n    # yaml-language-server: $schema=./schema/site.schema.json',
      },
    ]);
  });

  it('prints the warning with npm run validate, which still exits 0', () => {
    const dir = selfContainedCopy();
    const index = path.join(dir, 'pages/index.yaml');
    writeFileSync(index, readFileSync(index, 'utf8').replace('$schema=../schema/', '$schema=../../schema/'));
    const run = spawnSync(path.join(REPO, 'node_modules/.bin/tsx'), ['scripts/validate.ts', dir], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('pages/index.yaml:1:33');
    expect(run.stderr).toContain('# yaml-language-server: $schema=../schema/page.schema.json');
    expect(run.stdout).toContain('Content OK');
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
