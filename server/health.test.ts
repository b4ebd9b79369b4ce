// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeRelease } from '../node/release.ts';
import { HEALTH_PATH, healthMessages } from './health.ts';
import { fakeClientDir, removeTempDirs, startTestServer } from './testSupport.ts';

afterAll(() => removeTempDirs());

/** A build folder (client/ and release.json) whose release is `content`. */
function buildWithRelease(content: string): string {
  const build = mkdtempSync(path.join(tmpdir(), 'health-build-'));
  cpSync(fakeClientDir(), path.join(build, 'client'), { recursive: true });
  writeRelease(build, { content, code: 'c0de', builtAt: '2026-11-27T12:00:00.000Z' });
  return build;
}

describe('health endpoint for the load balancer', () => {
  it('reports the release of the build served, the new one from the moment Publish switches', async () => {
    const first = buildWithRelease('a1'.repeat(20));
    const second = buildWithRelease('b2'.repeat(20));
    const server = await startTestServer({ clientDir: path.join(first, 'client') });
    try {
      const health = async () => (await fetch(`${server.api}${HEALTH_PATH}`)).json();
      expect(await health()).toEqual({
        status: 'ok',
        release: { content: 'a1'.repeat(20), code: 'c0de', builtAt: '2026-11-27T12:00:00.000Z' },
      });
      server.app.servedSite?.swap(path.join(second, 'client'));
      expect((await health()).release.content).toBe('b2'.repeat(20));
    } finally {
      await server.app.close();
      for (const dir of [first, second]) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 200 while the database answers, 503 with a message once it does not', async () => {
    const server = await startTestServer();
    const ok = await fetch(`${server.api}${HEALTH_PATH}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    await server.db.close();
    const down = await fetch(`${server.api}${HEALTH_PATH}`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: healthMessages.databaseUnreachable });
    await server.app.close().catch(() => {});
  });

  it('answers 503 from the moment shutdown begins', async () => {
    const server = await startTestServer();
    const port = Number(new URL(server.url).port);
    const open = async () => {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      return socket;
    };
    // A request whose body is still arriving keeps the server in its shutdown...
    const slow = await open();
    slow.write(
      'POST /backend/api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    // ...and a balancer's probe comes in on a connection opened just before.
    const probe = await open();
    let answer = '';
    probe.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    probe.write(`GET /backend/api${HEALTH_PATH} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await new Promise((resolve) => probe.once('close', resolve));
    slow.destroy();
    await closing;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toContain('"message"');
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!pgUrl)('answers 200 on PostgreSQL', async () => {
    const schema = `test_health_${randomBytes(4).toString('hex')}`;
    const server = await startTestServer({ databaseUrl: pgUrl as string, pgSchema: schema });
    try {
      const res = await fetch(`${server.api}${HEALTH_PATH}`);
      expect(res.status).toBe(200);
    } finally {
      await server.stop();
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  });
});
