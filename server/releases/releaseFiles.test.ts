// @vitest-environment node
/**
 * The stored builds themselves, on both databases: a damaged file list never writes or links a file
 * outside the build, and pruning keeps the builds of the latest releases put live (and any newer
 * one, a Publish under way), dropping older builds and the files only they used.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../storage/databaseTestSupport.ts';
import type { Db } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import {
  fetchBuild,
  fileListOf,
  isBuildFileName,
  pruneBuilds,
  readServedBuild,
  SERVED_BUILD_FILE,
  storeBuild,
} from './releaseFiles.ts';

const work = mkdtempSync(path.join(tmpdir(), 'release-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A build folder whose page says `words`; its picture is the same in every build. */
function build(name: string, words: string): string {
  const out = path.join(work, name);
  mkdirSync(path.join(out, 'client', 'images'), { recursive: true });
  writeFileSync(path.join(out, 'client', 'index.html'), `<h1>${words}</h1>`);
  writeFileSync(path.join(out, 'client', 'images', 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(out, 'release.json'), JSON.stringify({ content: words, code: 'c', builtAt: '' }));
  return out;
}
const release = { content: 'x', code: 'c', builtAt: '2026-11-27T00:00:00.000Z' };

it('names only the files a build writes', () => {
  for (const name of ['client/index.html', 'client/a/b.js', 'release.json', 'site-facts.json'])
    expect(isBuildFileName(name), name).toBe(true);
  for (const name of [
    'client/../server/app.ts',
    'client/./x',
    'client/',
    'client',
    '../x',
    '/etc/passwd',
    'server/app.ts',
    'client//x',
  ])
    expect(isBuildFileName(name), name).toBe(false);
});

it('does not trust a served-build record that names a file outside the build', () => {
  const dist = path.join(work, 'served');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, SERVED_BUILD_FILE),
    JSON.stringify({ buildId: 1, files: { '../../etc/passwd': 'a'.repeat(64) } }),
  );
  expect(readServedBuild(dist)).toBeUndefined();
});

it('reuses the hash of a file the instance serves already (the same inode), and reads the others', async () => {
  const out = build('next', 'Next');
  const dist = path.join(work, 'dist-reuse');
  mkdirSync(path.join(dist, 'client', 'images'), { recursive: true });
  // The picture is the served build's own file (a hard link); the page a copy with the same bytes.
  linkSync(path.join(out, 'client', 'images', 'pic.svg'), path.join(dist, 'client', 'images', 'pic.svg'));
  copyFileSync(path.join(out, 'client', 'index.html'), path.join(dist, 'client', 'index.html'));
  const recorded = { 'client/images/pic.svg': 'a'.repeat(64), 'client/index.html': 'b'.repeat(64) };
  const files = await fileListOf(out, { dir: dist, build: { buildId: 1, files: recorded } });
  expect(files['client/images/pic.svg']).toBe('a'.repeat(64));
  expect(files['client/index.html']).toBe(createHash('sha256').update('<h1>Next</h1>').digest('hex'));
});

describe.each(databaseBackends('release files'))('stored builds on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = backend.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await backend.cleanup();
  });

  it('refuses a file list that names a file outside the build, writing nothing', async () => {
    const { buildId } = await storeBuild(db, build('good', 'Good'), release);
    const evil = { '../escaped.txt': 'a'.repeat(64), 'client/index.html': 'b'.repeat(64) };
    await db.db
      .updateTable('release_builds')
      .set({ files: JSON.stringify(evil) })
      .where('id', '=', buildId)
      .execute();
    const out = path.join(work, 'fetched', 'out');
    await expect(fetchBuild(db, buildId, out)).rejects.toThrow(
      /names a file no build writes: "\.\.\/escaped\.txt"/,
    );
    expect(existsSync(path.join(work, 'fetched', 'escaped.txt'))).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('keeps the builds of the latest releases and newer ones, and drops older ones with their files', async () => {
    const log = async (buildId: number) =>
      db.db
        .insertInto('releases')
        .values({
          state: 'live',
          published_by_name: 'T',
          published_by_email: 't@example.com',
          started_at: new Date().toISOString(),
          finished_at: new Date().toISOString(),
          build_id: buildId,
        })
        .execute();
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const { buildId } = await storeBuild(db, build(`b${i}`, `Release ${i}`), release);
      ids.push(buildId);
      // The fifth is stored but its release not logged yet (a Publish under way).
      if (i < 5) await log(buildId);
    }
    await pruneBuilds(db, 3);
    const left = (await db.db.selectFrom('release_builds').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    expect(left).toEqual(ids.slice(1));
    // The files of the dropped build went with it; the picture every build has stayed.
    const out = path.join(work, 'kept');
    await fetchBuild(db, ids[4] as number, out);
    expect(existsSync(path.join(out, 'client', 'images', 'pic.svg'))).toBe(true);
    const blobs = Number(
      (
        await db.db
          .selectFrom('release_blobs')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    // 4 builds left: 4 pages and 4 releases, 1 picture.
    expect(blobs).toBe(9);
  });
});
