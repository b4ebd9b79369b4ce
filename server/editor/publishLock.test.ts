// @vitest-environment node
/**
 * Two instances of the site on one PostgreSQL database: while one builds a Publish, a Publish
 * pressed on the other does not start a second build competing for the cores; it says why, and
 * works once the first has finished. (The builds are a stand-in that waits for the test.)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedSite } from '../static.ts';
import { type Db, openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { publishMessages, SitePublisher } from './publish.ts';
import { publishLock } from './publishLock.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.log('Publish lock test skipped: no TEST_DATABASE_URL and no server on 127.0.0.1:5432.');
const REPO = path.resolve(import.meta.dirname, '../..');
const GATED_BUILD = path.join(REPO, 'tests/support/gatedBuild.ts');

describe.skipIf(!pgUrl)('Publish on two instances sharing PostgreSQL', () => {
  const schema = `test_publish_${process.pid}_${randomBytes(4).toString('hex')}`;
  const work = mkdtempSync(path.join(tmpdir(), 'publish-lock-'));
  const gate = path.join(work, 'go');
  const dbs: Db[] = [];

  /** One instance: its own build folder and served site, the shared database's lock. */
  function instance(name: string): { publisher: SitePublisher; distDir: string } {
    const db = openDb({ databaseUrl: pgUrl as string, pgSchema: schema });
    dbs.push(db);
    const distDir = path.join(work, name);
    mkdirSync(path.join(distDir, 'client'), { recursive: true });
    let served = path.join(distDir, 'client');
    const site: ServedSite = {
      clientDir: () => served,
      swap: (dir) => {
        served = dir;
      },
    };
    const exclusive = publishLock(db);
    const publisher = new SitePublisher({
      contentDir: path.join(work, `content-${name}`),
      distDir,
      served: () => site,
      buildScript: GATED_BUILD,
      ...(exclusive && { exclusive }),
    });
    return { publisher, distDir };
  }

  beforeAll(async () => {
    process.env.GATED_BUILD_GATE = gate;
    const first = openDb({ databaseUrl: pgUrl as string, pgSchema: schema });
    await migrate(first);
    await first.close();
  });
  afterAll(async () => {
    delete process.env.GATED_BUILD_GATE;
    for (const db of dbs) await db.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(work, { recursive: true, force: true });
  });

  it('builds one Publish at a time, and tells the second instance why it did not start', async () => {
    const a = instance('a');
    const b = instance('b');
    expect(a.publisher.start().state).toBe('running');
    // A's build has started (and holds the lock) before B's Publish is pressed.
    const buildStarted = () => readdirSync(a.distDir).some((f) => f.endsWith('.started'));
    for (let waited = 0; !buildStarted() && waited < 60_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(buildStarted()).toBe(true);
    b.publisher.start();
    await b.publisher.settled();
    expect(b.publisher.state()).toMatchObject({ state: 'failed', message: publishMessages.busy });
    expect(a.publisher.state().state).toBe('running');

    writeFileSync(gate, '');
    await a.publisher.settled();
    expect(a.publisher.state(), a.publisher.state().message).toMatchObject({ state: 'done' });
    // Once A's build is over, B's Publish builds.
    b.publisher.start();
    await b.publisher.settled();
    expect(b.publisher.state(), b.publisher.state().message).toMatchObject({ state: 'done' });
  }, 120_000);
});
