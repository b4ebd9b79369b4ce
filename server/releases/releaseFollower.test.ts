// @vitest-environment node
/**
 * Several instances on one PostgreSQL database serve the same release (issue 36): a Publish through
 * A stores its build in the database and logs the release; B hears of it (NOTIFY) or finds it (its
 * poll), fetches only the files it does not serve already, and switches, its forms' facts with it.
 * An instance that missed a release, or was killed in the middle of a switch, serves the latest
 * once it starts; a release built by other code waits for that code. The builds are the stand-in
 * of tests/support/gatedBuild.ts, with its gate open.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRelease } from '../../node/release.ts';
import type { SiteFacts } from '../../node/siteFacts.ts';
import { SitePublisher } from '../editor/publish.ts';
import { ReleaseLog } from '../editor/releaseLog.ts';
import type { ServedSite } from '../static.ts';
import { type Db, openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { readServedBuild, storeBuild } from './releaseFiles.ts';
import { ReleaseFollower } from './releaseFollower.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl)
  console.log('Release follower tests skipped: no TEST_DATABASE_URL and no server on 127.0.0.1:5432.');
const REPO = path.resolve(import.meta.dirname, '../..');
const GATED_BUILD = path.join(REPO, 'tests/support/gatedBuild.ts');
/** The code version the stand-in build writes into each release. */
const CODE = 'gated';

describe.skipIf(!pgUrl)('instances sharing PostgreSQL serve the latest release', () => {
  const schema = `test_follow_${process.pid}_${randomBytes(4).toString('hex')}`;
  const work = mkdtempSync(path.join(tmpdir(), 'release-follow-'));
  const dbs: Db[] = [];
  const followers: ReleaseFollower[] = [];

  interface Instance {
    db: Db;
    distDir: string;
    publisher: SitePublisher;
    /** The page the instance serves now. */
    page(): string;
    facts: SiteFacts[];
    logged: string[];
    follower(o?: { pollMs?: number; code?: string; deaf?: boolean }): ReleaseFollower;
  }

  /** One instance: its own build folder and served site; the shared database. */
  function instance(name: string, initialPage = `<h1>${name} before any release</h1>`): Instance {
    const db = openDb({ databaseUrl: pgUrl as string, pgSchema: schema });
    dbs.push(db);
    const distDir = path.join(work, name);
    mkdirSync(path.join(distDir, 'client'), { recursive: true });
    writeFileSync(path.join(distDir, 'client', 'index.html'), initialPage);
    let served = path.join(distDir, 'client');
    const site: ServedSite = {
      clientDir: () => served,
      swap: (dir) => {
        served = dir;
      },
    };
    const facts: SiteFacts[] = [];
    const log = new ReleaseLog(db);
    const publisher = new SitePublisher({
      contentDir: path.join(work, `content-${name}`),
      distDir,
      served: () => site,
      buildScript: GATED_BUILD,
      follow: (f) => facts.push(f),
      record: (entry) => log.record(entry),
      share: async (outDir, release) => {
        const { buildId, files } = await storeBuild(db, outDir, release);
        return { buildId, files };
      },
    });
    const logged: string[] = [];
    return {
      db,
      distDir,
      publisher,
      page: () => readFileSync(path.join(served, 'index.html'), 'utf8'),
      facts,
      logged,
      follower: (o = {}) => {
        // A database whose NOTIFY never arrives: only the poll finds releases.
        const store: Db = o.deaf ? { ...db, listen: undefined } : db;
        const follower = new ReleaseFollower({
          store,
          distDir,
          code: o.code ?? CODE,
          publisher,
          pollMs: o.pollMs ?? 600_000,
          log: (line) => logged.push(line),
        });
        followers.push(follower);
        return follower;
      },
    };
  }

  async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
    for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 50)))
      if (Date.now() > end) throw new Error(`Not within ${ms / 1000} s: ${what}`);
  }

  /**
   * `i` serves `page`, and its switch is complete: DIST_DIR says which stored build it is, as A's
   * does (a switch serves the new build first, then makes DIST_DIR that build too).
   */
  const switched = (i: Instance, page: string) =>
    i.page() === page && readServedBuild(i.distDir)?.buildId === readServedBuild(a.distDir)?.buildId;

  async function publish(i: Instance): Promise<void> {
    i.publisher.start();
    await i.publisher.settled();
    expect(i.publisher.state(), i.publisher.state().message).toMatchObject({ state: 'done' });
  }

  const blobCount = async (db: Db) =>
    Number(
      (
        await db.db
          .selectFrom('release_blobs')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const gate = path.join(work, 'open');
    writeFileSync(gate, '');
    process.env.GATED_BUILD_GATE = gate;
    const first = openDb({ databaseUrl: pgUrl as string, pgSchema: schema });
    await migrate(first);
    await first.close();
    a = instance('a');
    b = instance('b');
    await a.follower().start();
    await b.follower().start();
  });
  afterAll(async () => {
    delete process.env.GATED_BUILD_GATE;
    delete process.env.GATED_BUILD_POSITION;
    for (const f of followers) await f.stop();
    for (const db of dbs) await db.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(work, { recursive: true, force: true });
  });

  it('a Publish through A is served by B within seconds, with its release and its forms', async () => {
    expect(b.page()).toBe('<h1>b before any release</h1>');
    await publish(a);
    const published = a.page();
    expect(published).toContain('Built from');
    // B's poll is ten minutes away: what it heard is A's NOTIFY.
    await until('B serves the release A published', () => switched(b, published));
    expect(readRelease(b.distDir)).toEqual(readRelease(a.distDir));
    expect(readServedBuild(b.distDir)?.buildId).toBe(readServedBuild(a.distDir)?.buildId);
    const script = /src="\/(assets\/app-\w+\.js)"/.exec(published)?.[1] ?? '';
    expect(readFileSync(path.join(b.distDir, 'client', script), 'utf8')).toContain('console.log');
    expect(b.facts.at(-1)?.positions).toEqual(['Mobile App Developer']);
    // DIST_DIR/client is the release too: a restart of B serves it.
    expect(readFileSync(path.join(b.distDir, 'client', 'index.html'), 'utf8')).toBe(published);
  }, 60_000);

  it('the next release uploads and fetches only the files that changed; a new opening is open on B', async () => {
    const picture = path.join(b.distDir, 'client', 'images', 'pic.svg');
    const pictureBefore = statSync(picture).ino;
    const firstScript = /src="\/(assets\/app-\w+\.js)"/.exec(b.page())?.[1] ?? '';
    const blobsBefore = await blobCount(a.db);
    process.env.GATED_BUILD_POSITION = 'QA Engineer';
    await publish(a);
    const published = a.page();
    await until('B serves the second release', () => switched(b, published));
    // New: the page, its script, the facts and the release; the picture is the one stored before.
    expect((await blobCount(a.db)) - blobsBefore).toBe(4);
    // B linked the picture it served already instead of fetching it again.
    expect(statSync(picture).ino).toBe(pictureBefore);
    expect(b.facts.at(-1)?.positions).toEqual(['QA Engineer']);
    // A page B served before the switch can still load its script for an hour.
    expect(b.page()).not.toContain(firstScript);
    expect(readFileSync(path.join(b.distDir, 'client', firstScript), 'utf8')).toContain('console.log');
  }, 60_000);

  it('an instance that missed releases, or died mid-switch, serves the latest at its start', async () => {
    // C served something no release names (a switch killed before its release was logged).
    const c = instance('c', '<h1>A build no release names</h1>');
    await c.follower().start();
    expect(c.page()).toBe(a.page());
    expect(readServedBuild(c.distDir)?.buildId).toBe(readServedBuild(a.distDir)?.buildId);
  }, 60_000);

  it('without NOTIFY, the poll finds the release', async () => {
    const d = instance('d');
    const deaf = d.follower({ deaf: true, pollMs: 300 });
    await deaf.start();
    expect(d.page()).toBe(a.page());
    await publish(a);
    await until('D, which hears nothing, polls its way to the release', () => switched(d, a.page()));
    await until('B has it too', () => switched(b, a.page()));
  }, 60_000);

  it('a release built by other code waits for that code, and says so once', async () => {
    const e = instance('e');
    const other = e.follower({ code: 'other-code' });
    await other.start();
    await other.check();
    expect(e.page()).toBe('<h1>e before any release</h1>');
    expect(e.logged).toEqual([
      expect.stringContaining(
        `The latest release was built by other code (${CODE}; this instance runs other-code)`,
      ),
    ]);
  }, 60_000);
});
