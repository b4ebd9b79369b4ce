// @vitest-environment node
/**
 * Two instances of the editor's API, each on its own clone of one shared repository
 * (CONTENT_REMOTE; real git, a bare repository as the shared one), saving at the same moment as
 * issue 36 measured: the same field of one page from the same opened version gives exactly one 200
 * and one 409 per round, and every 200 is in the shared history; different fields, and different
 * pages, all save and merge; what one instance saved, the other lists with its version.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API, contentApp, contentCopy, removeContentCopies, staffHeaders } from './editorTestSupport.ts';
import { SharedRepository } from './sharedRepository.ts';

const ROUNDS = 20;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

let remote: string;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  const seed = contentCopy({ git: true });
  remote = path.join(seed, '..', `${path.basename(seed)}-shared.git`);
  git(path.dirname(seed), 'clone', '--quiet', '--bare', seed, remote);
  for (const name of ['a', 'b']) {
    const root = path.join(seed, '..', `${path.basename(seed)}-${name}`);
    git(path.dirname(seed), 'clone', '--quiet', remote, root);
    apps.push(await contentApp(root, { shared: new SharedRepository({ root, remote }) }));
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  execFileSync('rm', [
    '-rf',
    remote,
    `${remote.replace(/-shared\.git$/, '')}-a`,
    `${remote.replace(/-shared\.git$/, '')}-b`,
  ]);
  removeContentCopies();
});

const open = async (app: FastifyInstance, file: string) =>
  (await app.inject({ method: 'GET', url: `${API}/site`, headers: staffHeaders })).json().files[file] as {
    text: string;
    version: string;
  };
const save = (app: FastifyInstance, payload: object) =>
  app.inject({ method: 'PUT', url: `${API}/file`, headers: staffHeaders, payload });
const shared = (file: string) => git(remote, 'show', `main:${file}`);
const sharedCommits = () => Number(git(remote, 'rev-list', '--count', 'main'));

describe('saves through two instances sharing one repository', () => {
  it('the same field from the same opened version: one 200 and one 409 each round, every 200 kept', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const file = 'pages/about.yaml';
    const commitsBefore = sharedCommits();
    const saved: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const opened = await open(a, file);
      const answers = await Promise.all(
        [a, b].map((app, i) => {
          const data = parse(opened.text);
          data.title = `About Triune ${round}${i === 0 ? 'a' : 'b'}`;
          return save(app, { file, version: opened.version, base: opened.text, data });
        }),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200);
      saved.push(parse(winner?.json().text).title);
      // The 409 names the other's change to the same field.
      expect(answers.find((r) => r.statusCode === 409)?.json().conflicts[0].path).toEqual(['title']);
    }
    expect(sharedCommits()).toBe(commitsBefore + ROUNDS);
    const titles = git(remote, 'log', `-${ROUNDS}`, '--format=%H', 'main', '--', file)
      .split('\n')
      .map((commit) => parse(git(remote, 'show', `${commit}:${file}`)).title);
    expect(titles.reverse()).toEqual(saved);
  }, 240_000);

  it('different fields of one page, and different pages: every save 200, merged and pushed', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const page = 'pages/services/iot.yaml';
    const other = 'pages/privacy.yaml';
    const commitsBefore = sharedCommits();
    for (let round = 0; round < ROUNDS; round++) {
      const opened = await open(b, page);
      const otherOpened = await open(a, other);
      const mineA = parse(opened.text);
      mineA.title = `Telematics ${round}`;
      const mineB = parse(opened.text);
      mineB.description = `Sensors and dashboards, round ${round}.`;
      const otherData = parse(otherOpened.text);
      otherData.description = `Privacy, round ${round}.`;
      const answers = await Promise.all([
        save(a, { file: page, version: opened.version, base: opened.text, data: mineA }),
        save(b, { file: page, version: opened.version, base: opened.text, data: mineB }),
        save(a, { file: other, version: otherOpened.version, base: otherOpened.text, data: otherData }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(parse(shared(page))).toMatchObject({
        title: `Telematics ${round}`,
        description: `Sensors and dashboards, round ${round}.`,
      });
      expect(parse(shared(other)).description).toBe(`Privacy, round ${round}.`);
    }
    expect(sharedCommits()).toBe(commitsBefore + 3 * ROUNDS);
  }, 240_000);

  it('what one instance saved, the other lists with its version', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const file = 'pages/careers/graphic-designer.yaml';
    const opened = await open(a, file);
    const data = parse(opened.text);
    data.title = 'Graphic and Motion Designer';
    const res = await save(a, { file, version: opened.version, data });
    expect(res.statusCode).toBe(200);
    // B fetches before it answers a read.
    const seen = await open(b, file);
    expect(seen.version).toBe(res.json().version);
    expect(parse(seen.text).title).toBe('Graphic and Motion Designer');
  }, 60_000);
});
