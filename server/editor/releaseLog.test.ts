// @vitest-environment node
/** The publish log on both databases: each Publish kept with who, when, how it ended and what went live. */
import { databaseBackends } from '../storage/databaseTestSupport.ts';
import type { Db } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { ReleaseLog } from './releaseLog.ts';

const backends = databaseBackends('publish log');

describe.each(backends)('the publish log on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = backend.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await backend.cleanup();
  });

  it('keeps each Publish, newest first, with who pressed it and the release it put live', async () => {
    const log = new ReleaseLog(db);
    const asha = { name: 'Asha Content', email: 'asha@example.com' };
    const ravi = { name: 'Ravi Publisher', email: 'ravi@example.com' };
    await log.record({
      state: 'live',
      release: { content: 'a'.repeat(40), code: '0123456789abcdef', builtAt: '2026-11-27T10:00:09.000Z' },
      by: asha,
      startedAt: new Date('2026-11-27T10:00:00.000Z'),
      finishedAt: new Date('2026-11-27T10:00:10.000Z'),
      pages: 31,
      message: 'Published: 31 pages are live (built in 10.0 s).',
    });
    await log.record({
      state: 'failed',
      by: ravi,
      startedAt: new Date('2026-11-27T11:00:00.000Z'),
      finishedAt: new Date('2026-11-27T11:00:04.000Z'),
      message: 'Not published: the build stopped.',
    });
    expect(await log.recent()).toEqual([
      {
        id: expect.any(Number),
        state: 'failed',
        contentCommit: null,
        codeVersion: null,
        publishedBy: ravi,
        startedAt: '2026-11-27T11:00:00.000Z',
        finishedAt: '2026-11-27T11:00:04.000Z',
        pages: null,
        message: 'Not published: the build stopped.',
      },
      {
        id: expect.any(Number),
        state: 'live',
        contentCommit: 'a'.repeat(40),
        codeVersion: '0123456789abcdef',
        publishedBy: asha,
        startedAt: '2026-11-27T10:00:00.000Z',
        finishedAt: '2026-11-27T10:00:10.000Z',
        pages: 31,
        message: 'Published: 31 pages are live (built in 10.0 s).',
      },
    ]);
    expect(await log.recent(1)).toHaveLength(1);
  });
});
