// @vitest-environment node
/**
 * A save refused because someone else saved in between (409) says what *they* changed since the
 * version the user opened, and which of those fields the user changed too: real files, real git.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { conflictKey, conflictMessages } from './conflict.ts';
import { API, contentApp, contentCopy, removeContentCopies, staffHeaders } from './editorTestSupport.ts';

afterAll(removeContentCopies);

function client(app: () => FastifyInstance) {
  const get = (url: string) => app().inject({ method: 'GET', url: `${API}${url}`, headers: staffHeaders });
  return {
    /** What the editor gets when it opens a file: its text and version. */
    open: async (file: string) =>
      (await get('/site')).json().files[file] as { text: string; version: string },
    save: (payload: object) =>
      app().inject({ method: 'PUT', url: `${API}/file`, headers: staffHeaders, payload }),
    post: (url: string, payload: object) =>
      app().inject({ method: 'POST', url: `${API}${url}`, headers: staffHeaders, payload }),
    get,
  };
}

describe('a conflict with history on (the base is found in git)', () => {
  let dir: string;
  let app: FastifyInstance;
  const api = client(() => app);
  beforeAll(async () => {
    dir = contentCopy({ git: true });
    app = await contentApp(dir);
  });
  afterAll(() => app.close());

  it('someone else changed another field: both changes are saved, merged, comments kept', async () => {
    const file = 'pages/services/iot.yaml';
    const opened = await api.open(file);
    const theirs = parse(opened.text);
    theirs.title = 'IoT for Campuses';
    expect((await api.save({ file, version: opened.version, data: theirs })).statusCode).toBe(200);

    const mine = parse(opened.text);
    mine.description = 'Sensors and dashboards for schools.';
    const res = await api.save({ file, version: opened.version, data: mine });
    expect(res.statusCode).toBe(200);
    const text = readFileSync(path.join(dir, file), 'utf8');
    expect(res.json().text).toBe(text);
    expect(parse(text)).toMatchObject({
      title: 'IoT for Campuses',
      description: 'Sensors and dashboards for schools.',
    });
    // The minimal-diff writer wrote the merge: the opened file's comments are all still there.
    const comments = (t: string) => t.split('\n').filter((l) => /^\s*#/.test(l));
    expect(comments(text)).toEqual(comments(opened.text));
  });

  it('someone else changed the same field: 409 names it with both values, and nothing is written', async () => {
    const file = 'pages/about.yaml';
    const opened = await api.open(file);
    const theirs = parse(opened.text);
    theirs.title = 'About Triune (theirs)';
    theirs.description = 'Their description.';
    expect((await api.save({ file, version: opened.version, data: theirs })).statusCode).toBe(200);
    const onDisk = readFileSync(path.join(dir, file), 'utf8');

    const mine = parse(opened.text);
    mine.title = 'About Triune (mine)';
    const res = await api.save({ file, version: opened.version, data: mine });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.changed).toEqual(expect.arrayContaining(['title', 'description']));
    expect(body.changed).toHaveLength(2);
    expect(body.conflicts).toEqual([
      { path: ['title'], theirs: 'About Triune (theirs)', mine: 'About Triune (mine)' },
    ]);
    expect(body.message).toBe(
      'Someone else saved this page since you opened it and changed a field that you changed too. Choose, for it, whose words to keep.',
    );
    expect(readFileSync(path.join(dir, file), 'utf8')).toBe(onDisk);

    // "Keep mine", decided against the version shown: saved, with their description kept.
    const decided = await api.save({
      file,
      version: opened.version,
      data: mine,
      keepMine: [conflictKey(['title'])],
      seen: body.current.version,
    });
    expect(decided.statusCode).toBe(200);
    expect(parse(readFileSync(path.join(dir, file), 'utf8'))).toMatchObject({
      title: 'About Triune (mine)',
      description: 'Their description.',
    });
  });

  it('a decision made against another version than the file has now is not applied', async () => {
    const file = 'pages/careers/app-developer.yaml';
    const opened = await api.open(file);
    const theirs = parse(opened.text);
    theirs.title = 'App developer (theirs)';
    expect((await api.save({ file, version: opened.version, data: theirs })).statusCode).toBe(200);
    const mine = parse(opened.text);
    mine.title = 'App developer (mine)';
    const res = await api.save({
      file,
      version: opened.version,
      data: mine,
      keepMine: [conflictKey(['title'])],
      seen: opened.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().conflicts).toEqual([
      { path: ['title'], theirs: 'App developer (theirs)', mine: 'App developer (mine)' },
    ]);
  });

  it('a bullet inserted by one person does not shift the bullet another person edited', async () => {
    const file = 'pages/services/iot.yaml';
    const opened = await api.open(file);
    const grid = (data: { blocks: { type: string; cards?: { bullets: string[] }[] }[] }) => {
      const block = data.blocks.find((b) => b.type === 'bulletGrid');
      if (!block?.cards?.[0]) throw new Error('no bullet grid');
      return block.cards[0].bullets;
    };
    const theirs = parse(opened.text);
    grid(theirs).splice(1, 0, 'Route planning: the shortest route for every stop');
    expect((await api.save({ file, version: opened.version, data: theirs })).statusCode).toBe(200);
    const mine = parse(opened.text);
    const bullets = grid(mine);
    bullets[2] = `${bullets[2]} and weekly`;
    const res = await api.save({ file, version: opened.version, data: mine });
    expect(res.statusCode).toBe(200);
    const saved = grid(parse(readFileSync(path.join(dir, file), 'utf8')));
    expect(saved[1]).toBe('Route planning: the shortest route for every stop');
    expect(saved[3]).toBe(`${bullets[2]}`);
    expect(saved).toHaveLength(bullets.length + 1);
  });

  it('a field inside a block changed on both sides is a conflict at its place in the page', async () => {
    const file = 'pages/services/iot.yaml';
    const opened = await api.open(file);
    const theirs = parse(opened.text);
    const heading = Object.keys(theirs.blocks[0]).find(
      (k) => typeof theirs.blocks[0][k] === 'string' && k !== 'type',
    );
    if (!heading) throw new Error('the first block has no text field');
    theirs.blocks[0][heading] = 'Theirs';
    expect((await api.save({ file, version: opened.version, data: theirs })).statusCode).toBe(200);
    const mine = parse(opened.text);
    mine.blocks[0][heading] = 'Mine';
    const body = (await api.save({ file, version: opened.version, data: mine })).json();
    expect(body.changed).toEqual([`blocks.0.${heading}`]);
    expect(body.conflicts).toEqual([{ path: ['blocks', 0, heading], theirs: 'Theirs', mine: 'Mine' }]);
  });

  it('a restore over a newer save reports what was saved since, three-way as well', async () => {
    const file = 'pages/careers/customer-support.yaml';
    const opened = await api.open(file);
    const first = parse(opened.text);
    first.title = 'Customer Support, first edit';
    const saved = (await api.save({ file, version: opened.version, data: first })).json();
    const second = parse(saved.text);
    second.description = 'Edited by someone else.';
    expect((await api.save({ file, version: saved.version, data: second })).statusCode).toBe(200);
    // The user still has the first edit open and restores the version before it.
    const versions = (await api.get(`/history?file=${file}`)).json().versions as { commit: string }[];
    const initial = versions.at(-1)?.commit ?? '';
    const res = await api.post('/restore', { file, commit: initial, version: saved.version });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ changed: ['description'], conflicts: [], threeWay: true });
  });
});

describe('a conflict without history (the editor sends the text it opened)', () => {
  let dir: string;
  let app: FastifyInstance;
  const api = client(() => app);
  beforeAll(async () => {
    dir = contentCopy();
    app = await contentApp(dir);
  });
  afterAll(() => app.close());

  it('without the base text: every difference, no conflicts claimed; with it: merged', async () => {
    const file = 'pages/privacy.yaml';
    const opened = await api.open(file);
    // Someone changes the file in a text editor.
    writeFileSync(
      path.join(dir, file),
      opened.text.replace(/^title: .*$/m, 'title: Privacy (edited by hand)'),
    );
    const mine = parse(opened.text);
    mine.description = 'My description.';

    const twoWay = (await api.save({ file, version: opened.version, data: mine })).json();
    expect(twoWay).toMatchObject({ threeWay: false, conflicts: [] });
    expect(twoWay.changed).toEqual(expect.arrayContaining(['title', 'description']));
    expect(twoWay.message).toBe(conflictMessages.differs(file));

    // A base that is not the version named is not trusted.
    const lying = await api.save({ file, version: opened.version, data: mine, base: 'title: x\n' });
    expect(lying.json()).toMatchObject({ threeWay: false });

    // With the text opened as the base: merged, their title and my description both saved.
    const threeWay = await api.save({ file, version: opened.version, data: mine, base: opened.text });
    expect(threeWay.statusCode).toBe(200);
    expect(parse(readFileSync(path.join(dir, file), 'utf8'))).toMatchObject({
      title: 'Privacy (edited by hand)',
      description: 'My description.',
    });
  });
});
