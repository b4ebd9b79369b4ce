/**
 * For `npm run bench:build`: how long a Publish takes to reach a second instance on PostgreSQL
 * (issue 36), at the bench's site sizes. Instance A publishes as the staff editor's button does,
 * storing its build in the database (server/releases/releaseFiles.ts); instance B follows
 * (server/releases/releaseFollower.ts), fetching what it does not serve yet. Measured from the
 * press to B serving: the first Publish (B fetches the whole site), then a one-word Publish.
 * Undefined where no PostgreSQL answers (TEST_DATABASE_URL, or the machine's 127.0.0.1:5432).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { codeVersion } from '../../node/release.ts';
import { SitePublisher } from '../../server/editor/publish.ts';
import { ReleaseLog } from '../../server/editor/releaseLog.ts';
import { readServedBuild, storeBuild } from '../../server/releases/releaseFiles.ts';
import { ReleaseFollower } from '../../server/releases/releaseFollower.ts';
import { type Db, openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrations.ts';
import { LOCAL_TEST_DATABASE } from '../../tests/findPostgres.ts';

export interface SharedPublish {
  /** Seconds from the first Publish pressed on A until B serves it (B fetches the whole site). */
  firstS: number;
  /** Seconds from a one-word Publish pressed on A until A serves it, and until B does. */
  oneWordA: number;
  oneWordB: number;
  /** Files A stored in the database for the one-word Publish (the others it had already). */
  uploaded: number;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A stand-in for the served site: its folder, and when it last switched. */
function servedSite(dir: string) {
  let served = dir;
  const site = {
    switchedAt: 0,
    /** When each switch happened (a switch serves the new build, then its DIST_DIR copy). */
    swaps: [] as number[],
    clientDir: () => served,
    swap: (next: string) => {
      served = next;
      site.switchedAt = Date.now();
      site.swaps.push(site.switchedAt);
    },
  };
  return site;
}

export async function measureSharedPublish(
  content: string,
  cache: string,
  edit: () => void,
): Promise<SharedPublish | undefined> {
  const url = process.env.TEST_DATABASE_URL || LOCAL_TEST_DATABASE;
  if (!(await reachable(url))) return undefined;
  const schema = `bench_release_${process.pid}_${randomBytes(3).toString('hex')}`;
  const work = mkdtempSync(path.join(tmpdir(), 'triune-bench-release-'));
  const dbs: Db[] = [];
  const open = () => {
    const db = openDb({ databaseUrl: url, pgSchema: schema });
    dbs.push(db);
    return db;
  };
  let uploaded = 0;
  const instance = (name: string, db: Db) => {
    const distDir = path.join(work, name);
    mkdirSync(path.join(distDir, 'client'), { recursive: true });
    writeFileSync(path.join(distDir, 'client', 'index.html'), '<h1>Before</h1>');
    const site = servedSite(path.join(distDir, 'client'));
    const log = new ReleaseLog(db);
    const publisher = new SitePublisher({
      contentDir: content,
      distDir,
      buildCache: cache,
      served: () => site,
      record: (entry) => log.record(entry),
      share: async (outDir, release) => {
        // As the server does (server/editor/serverOptions.ts): the served build's hashes are reused.
        const served = readServedBuild(distDir);
        const stored = await storeBuild(db, outDir, release, served && { dir: distDir, build: served });
        uploaded = stored.uploaded;
        return { buildId: stored.buildId, files: stored.files };
      },
    });
    return { distDir, site, publisher };
  };
  let follower: ReleaseFollower | undefined;
  try {
    const a = instance('a', open());
    await migrate(dbs[0] as Db);
    const bDb = open();
    const b = instance('b', bDb);
    follower = new ReleaseFollower({
      store: bDb,
      distDir: b.distDir,
      code: codeVersion(),
      publisher: b.publisher,
      log: (line) => console.warn(line),
    });
    await follower.start();
    const publish = async () => {
      execFileSync('sync');
      const bBefore = b.site.switchedAt;
      const servedBefore = readServedBuild(b.distDir)?.buildId;
      const pressed = Date.now();
      a.publisher.start();
      await a.publisher.settled();
      const state = a.publisher.state();
      if (state.state !== 'done') throw new Error(`Publish ${state.state}: ${state.message}`);
      // B serves the new build from its first switch; it is complete once its DIST_DIR says so,
      // which the next Publish waits for (else it would measure the tail of this one).
      for (
        const end = Date.now() + 120_000;
        b.site.switchedAt === bBefore || readServedBuild(b.distDir)?.buildId === servedBefore;
      ) {
        if (Date.now() > end) throw new Error('B did not switch within 120 s');
        await new Promise((r) => setTimeout(r, 20));
      }
      const bServes = b.site.swaps.find((t) => t > pressed) ?? b.site.switchedAt;
      return { a: (a.site.switchedAt - pressed) / 1000, b: (bServes - pressed) / 1000 };
    };
    const first = await publish();
    edit();
    const oneWord = await publish();
    return { firstS: first.b, oneWordA: oneWord.a, oneWordB: oneWord.b, uploaded };
  } finally {
    await follower?.stop();
    for (const db of dbs) await db.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(work, { recursive: true, force: true });
  }
}
