// @vitest-environment node
/**
 * Site settings on the server: the history says which top-level keys each version of site.yaml
 * changed (for the history of one section), and a site.yaml the form cannot show is named with
 * what is wrong and its line, while the page list and the pages still answer.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { changedTopLevelKeys } from './changedKeys.ts';
import {
  API,
  contentApp,
  contentCopy,
  REPO,
  removeContentCopies,
  staffHeaders,
} from './editorTestSupport.ts';
import { siteProblem } from './siteProblem.ts';

const SITE = readFileSync(path.join(REPO, 'site.yaml'), 'utf8');

describe('changedTopLevelKeys', () => {
  it('names the top-level keys whose values differ', () => {
    expect(changedTopLevelKeys('a: 1\nb: [1, 2]\nc: x\n', 'a: 1\nb: [1, 3]\nd: y\n')).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(changedTopLevelKeys(SITE, SITE.replace('Summer Camp', 'Winter Camp'))).toEqual(['serviceTypes']);
    // A comment changes no setting.
    expect(changedTopLevelKeys(SITE, `${SITE}# a note\n`)).toEqual([]);
  });

  it('a new file changed every key; an unreadable text may have changed any of its keys', () => {
    expect(changedTopLevelKeys(undefined, 'a: 1\nb: 2\n')).toEqual(['a', 'b']);
    expect(changedTopLevelKeys('a: 1\nb: 2\n', 'a: [1\nb: 2\n')).toEqual(['a', 'b']);
  });
});

describe('siteProblem', () => {
  it('finds nothing wrong with the site’s own site.yaml', () => {
    expect(siteProblem(SITE)).toBeUndefined();
  });

  it('names broken YAML in plain words with its line, and says a developer must fix it', () => {
    const broken = SITE.replace(
      'navigation:\n  - name: Home',
      'navigation:\n  - name: Home\n   link /oops: [',
    );
    const line = broken.split('\n').findIndex((l) => l.includes('link /oops')) + 1;
    const message = siteProblem(broken) ?? '';
    expect(message).toMatch(
      /^Site settings cannot be opened: site\.yaml is not written correctly on line \d+/,
    );
    expect(Number(/on line (\d+)/.exec(message)?.[1])).toBeGreaterThanOrEqual(line - 1);
    expect(message).toContain('A developer must fix the file');
    expect(message.replaceAll('site.yaml', '')).not.toMatch(/YAML|scalar|mapping|implicit/i);
  });

  it('names a value of the wrong kind by its label, with its line', () => {
    const wrong = SITE.replace(/^serviceTypes:\n(?: {2}- .*\n)+/m, 'serviceTypes: Drone Pilot Training\n');
    const line = wrong.split('\n').findIndex((l) => l.startsWith('serviceTypes:')) + 1;
    expect(siteProblem(wrong)).toBe(
      `Site settings cannot be opened: in site.yaml on line ${line}, “Service types” should be a list, but the file has a text there. A developer must fix the file (site.yaml) before Site settings can open it.`,
    );
    const deep = SITE.replace('  - name: About\n    link: /about', '  - name: About\n    link: [1, 2]');
    expect(siteProblem(deep)).toMatch(/“Link in Menu 2” should be a text, but the file has a list there/);
  });
});

describe('the content API with site.yaml', { timeout: 120_000 }, () => {
  let dir: string;
  let app: FastifyInstance;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  const get = (url: string) => app.inject({ method: 'GET', url: `${API}${url}`, headers: staffHeaders });
  beforeAll(async () => {
    dir = contentCopy({ git: true });
    app = await contentApp(dir);
  });
  afterAll(async () => {
    await app.close();
    removeContentCopies();
  });

  it('gives each version of site.yaml in the history the top-level keys it changed', async () => {
    const site = (await get('/site')).json().files['site.yaml'] as { text: string; version: string };
    const data = parse(site.text);
    data.clients[0].name = 'Greenwood School';
    const saved = await app.inject({
      method: 'PUT',
      url: `${API}/file`,
      headers: staffHeaders,
      payload: { file: 'site.yaml', version: site.version, data },
    });
    expect(saved.statusCode).toBe(200);
    const data2 = parse(saved.json().text);
    data2.navigation[1].name = 'About us';
    data2.frame.menuButtonLabel = 'Open the menu';
    await app.inject({
      method: 'PUT',
      url: `${API}/file`,
      headers: staffHeaders,
      payload: { file: 'site.yaml', version: saved.json().version, data: data2 },
    });
    const { versions } = (await get('/history?file=site.yaml')).json() as {
      versions: { subject: string; keys: string[] }[];
    };
    expect(versions.slice(0, 2).map((v) => v.keys)).toEqual([['frame', 'navigation'], ['clients']]);
    // The first commit made the file: every key.
    expect(versions.at(-1)?.keys).toContain('company');
    // Asked again: the same answer (remembered per commit).
    expect((await get('/history?file=site.yaml')).json().versions[0].keys).toEqual(['frame', 'navigation']);
  });

  it('names a site.yaml the form cannot show, keeps the pages listed, and refuses saving over it', async () => {
    const file = path.join(dir, 'site.yaml');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('copyright: ©', 'copyright: [©'));
    try {
      const site = (await get('/site')).json() as { problems: { file: string; message: string }[] };
      const problem = site.problems.find((p) => p.file === 'site.yaml');
      expect(problem?.message).toMatch(
        /^Site settings cannot be opened: site\.yaml is not written correctly on line \d+/,
      );
      const pages = (await get('/pages')).json().pages as { file: string }[];
      expect(pages.length).toBeGreaterThan(20);
      expect(pages.some((p) => p.file === 'site.yaml')).toBe(false);
      const current = readFileSync(file, 'utf8');
      const res = await app.inject({
        method: 'PUT',
        url: `${API}/file`,
        headers: staffHeaders,
        payload: {
          file: 'site.yaml',
          version: (await get('/site')).json().files['site.yaml']?.version,
          data: {},
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('A developer must fix the file');
      expect(readFileSync(file, 'utf8')).toBe(current);
    } finally {
      writeFileSync(file, good);
      git('checkout', '--', 'site.yaml');
    }
  });
});
