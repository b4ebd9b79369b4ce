// @vitest-environment node
/**
 * Bad content on disk costs the editor that file only (issue 32, "Bad content on disk takes the
 * editor down"): the real server on a copy of the content. A link in pages/, a page made of an
 * alias bomb ("billion laughs"): the page list and site settings still answer 200 and name the
 * file with what is wrong; saving it answers 4xx with a message; a JSON body nested 1,000 levels
 * answers 400. The other pages stay editable.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CSRF_HEADER } from '../admin/routes.ts';
import { TOO_DEEP_MESSAGE } from '../jsonBody.ts';
import { type EditorServer, startEditorServer } from './editorTestSupport.ts';

/** Seven levels of nine aliases: 9^7 (4.8 million) values from 400 bytes. */
const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...['b', 'c', 'd', 'e', 'f', 'g'].map(
    (name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdef'[i]}`).join(',')}]`,
  ),
  'path: /bomb',
  'title: Bomb',
  'description: A page that explodes when read.',
  'blocks: []',
  '',
].join('\n');

let editor: EditorServer;
let session: { cookie: string; csrf: string };

beforeAll(async () => {
  editor = await startEditorServer();
  symlinkSync(path.join(editor.content, 'pages/about.yaml'), path.join(editor.content, 'pages/linked.yaml'));
  symlinkSync('/etc/hostname', path.join(editor.content, 'pages/services/outside.yaml'));
  writeFileSync(path.join(editor.content, 'pages/bomb.yaml'), ALIAS_BOMB);
  session = await editor.signIn('writer@example.com');
});
afterAll(async () => editor?.stop());

const url = (route: string) => `${editor.server.api}/admin/content${route}`;
const get = (route: string) => fetch(url(route), { headers: { cookie: session.cookie } });
const put = (body: string) =>
  fetch(url('/file'), {
    method: 'PUT',
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf, 'content-type': 'application/json' },
    body,
  });

interface Listed {
  file: string;
  problem?: string;
}

describe('bad content on disk', () => {
  it('the page list answers 200 and names each bad file with what is wrong', async () => {
    const res = await get('/pages');
    expect(res.status).toBe(200);
    const { pages } = (await res.json()) as { pages: Listed[] };
    const problem = (file: string) => pages.find((p) => p.file === file)?.problem;
    expect(problem('pages/linked.yaml')).toMatch(/pages\/linked\.yaml is a link to another file/);
    expect(problem('pages/services/outside.yaml')).toMatch(/is a link/);
    expect(problem('pages/bomb.yaml')).toMatch(/pages\/bomb\.yaml repeats its own parts so many times/);
    // The good pages are all there, without a problem.
    expect(problem('pages/about.yaml')).toBeUndefined();
    expect(pages.filter((p) => !p.problem).length).toBeGreaterThan(20);
  });

  it('site settings answer 200 without the bad files, naming them', async () => {
    const res = await get('/site');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { files: Record<string, unknown>; problems: Listed[] };
    expect(Object.keys(body.files)).toContain('site.yaml');
    expect(Object.keys(body.files)).not.toContain('pages/bomb.yaml');
    expect(Object.keys(body.files)).not.toContain('pages/linked.yaml');
    expect(body.problems.map((p) => p.file).sort()).toEqual([
      'pages/bomb.yaml',
      'pages/linked.yaml',
      'pages/services/outside.yaml',
    ]);
  });

  it('saving the alias bomb answers 422 with the message; saving through a link 400', async () => {
    const data = { path: '/bomb', title: 'Bomb', description: 'Fixed.', blocks: [] };
    const bomb = await put(JSON.stringify({ file: 'pages/bomb.yaml', version: 'any', data }));
    expect(bomb.status).toBe(422);
    expect(((await bomb.json()) as { message: string }).message).toMatch(/cannot be read safely/);
    const linked = await put(JSON.stringify({ file: 'pages/linked.yaml', version: 'any', data }));
    expect(linked.status).toBe(400);
    expect(((await linked.json()) as { message: string }).message).toMatch(/passes through a link/);
  });

  it('a body nested 1,000 levels answers 400 with a message; the page saves normally after', async () => {
    const site = (await (await get('/site')).json()) as {
      files: Record<string, { text: string; version: string }>;
    };
    const about = site.files['pages/about.yaml'] as { text: string; version: string };
    const deep = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    const res = await put(`{"file":"pages/about.yaml","version":"${about.version}","data":${deep}}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: TOO_DEEP_MESSAGE });

    const data = parse(about.text);
    data.description = 'Saved next to a broken page.';
    const saved = await put(JSON.stringify({ file: 'pages/about.yaml', version: about.version, data }));
    expect(saved.status).toBe(200);
  });
});
