// @vitest-environment node
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { codeVersion, contentCommit, readRelease } from '../../node/release.ts';
import { registerStatic } from '../static.ts';
import { registerContentApi } from './api.ts';
import { API, contentCopy, removeContentCopies, STAFF, staffHeaders } from './editorTestSupport.ts';
import { SitePublisher } from './publish.ts';
import type { PublishRecord } from './releaseLog.ts';

const OLD_SCRIPT = 'ActionButton-before12.js';
let content: string;
let dist: string;
let app: FastifyInstance;
let publisher: SitePublisher;
/** What Publish gave the publish log (server/editor/releaseLog.ts). */
const recorded: PublishRecord[] = [];

beforeAll(async () => {
  content = contentCopy();
  dist = contentCopy(); // any empty-ish temp folder would do; only dist/client is used
  mkdirSync(path.join(dist, 'client'), { recursive: true });
  writeFileSync(path.join(dist, 'client', 'index.html'), '<h1>The build before publishing</h1>');
  // A script of the build before, which a page opened before the publish may still ask for.
  mkdirSync(path.join(dist, 'client', 'assets'));
  writeFileSync(path.join(dist, 'client', 'assets', OLD_SCRIPT), 'export default 1;');
  app = Fastify({ logger: false });
  await registerStatic(app, { clientDir: path.join(dist, 'client'), apiPrefix: '/backend/api' });
  publisher = new SitePublisher({
    contentDir: content,
    distDir: dist,
    served: () => app.servedSite,
    record: async (entry) => {
      recorded.push(entry);
    },
  });
  await app.register(
    async (scope) =>
      registerContentApi(scope, {
        contentDir: content,
        guard: async () => undefined,
        author: () => STAFF,
        publisher,
      }),
    { prefix: API },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  removeContentCopies();
});

const publish = () => app.inject({ method: 'POST', url: `${API}/publish`, headers: staffHeaders });
const status = async () =>
  (await app.inject({ method: 'GET', url: `${API}/publish`, headers: staffHeaders })).json();
const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;

describe('Publish', () => {
  it('a failed build changes nothing and says why', async () => {
    const about = path.join(content, 'pages/about.yaml');
    const good = readFileSync(about, 'utf8');
    writeFileSync(about, good.replace(/^path: .*$/m, 'path: /wrong'));
    const res = await publish();
    expect(res.statusCode).toBe(202);
    expect(res.json().state).toBe('running');
    await publisher.settled();
    const body = await status();
    expect(body.state).toBe('failed');
    expect(body.message).toContain('does not match where the file is');
    expect(await page('/')).toBe('<h1>The build before publishing</h1>');
    writeFileSync(about, good);
    // Logged as failed, with who pressed Publish and what they were told.
    expect(recorded.at(-1)).toMatchObject({ state: 'failed', by: STAFF, message: body.message });
    expect(recorded.at(-1)?.release).toBeUndefined();
  });

  it('builds in the background, then serves the new build (and keeps it in DIST_DIR/client)', {
    timeout: 240_000,
  }, async () => {
    const file = 'pages/about.yaml';
    const before = (await app.inject({ method: 'GET', url: `${API}/site` })).json().files[file];
    const data = parse(before.text);
    data.blocks[0].heading = 'Published by the editor';
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `${API}/file`,
          payload: { file, version: before.version, data },
        })
      ).statusCode,
    ).toBe(200);

    expect((await publish()).json().state).toBe('running');
    // While it builds, the old build is served and a second Publish does not start another.
    expect(await page('/')).toBe('<h1>The build before publishing</h1>');
    expect((await publish()).json().state).toBe('running');
    await publisher.settled();
    const body = await status();
    expect(body, body.message).toMatchObject({ state: 'done', durationMs: expect.any(Number) });
    expect(await page('/about')).toContain('Published by the editor');
    expect(readFileSync(path.join(dist, 'client/about/index.html'), 'utf8')).toContain(
      'Published by the editor',
    );
    expect(readdirSync(dist).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(existsSync(path.join(dist, 'client/index.html'))).toBe(true);
    // The replaced build's script is still served, for an hour (previousAssets.ts).
    const old = await app.inject({ method: 'GET', url: `/assets/${OLD_SCRIPT}` });
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('export default 1;');
    expect(Object.keys(JSON.parse(readFileSync(path.join(dist, 'previous-assets.json'), 'utf8')))).toEqual([
      OLD_SCRIPT,
    ]);
    // The release served now, which health reports: this code, this content.
    expect(readRelease(dist)).toEqual({
      content: contentCommit(content),
      code: codeVersion(),
      builtAt: expect.any(String),
    });
    // The publish log: who put which release live, when.
    expect(recorded.at(-1)).toMatchObject({
      state: 'live',
      by: STAFF,
      release: readRelease(dist),
      pages: expect.any(Number),
      message: body.message,
    });
  });
});
