// @vitest-environment node
import { EventEmitter } from 'node:events';
import { request } from 'node:http';
import { connect } from 'node:net';
import { serverMessages } from './api/messages.ts';
import { createServer } from './app.ts';
import { handleShutdown } from './shutdown.ts';
import { openDb } from './storage/db.ts';
import { Repository } from './storage/repository.ts';
import { removeTempDirs, startTestServer, tempDir, testSiteFacts } from './testSupport.ts';

afterAll(() => removeTempDirs());

const body = JSON.stringify({
  name: 'Late Arrival',
  email: 'late@example.com',
  mobileNumber: '9876543210',
  message: 'Sent while the server was stopping.',
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('graceful shutdown on SIGTERM', () => {
  it('stops accepting, finishes the request in flight, closes the database, exits 0', async () => {
    const server = await startTestServer();
    const signals = new EventEmitter();
    const exits: number[] = [];
    handleShutdown(server.app, { target: signals, exit: (code) => exits.push(code), onError: () => {} });

    // A request whose body is still arriving when the signal comes.
    const half = Math.floor(body.length / 2);
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${server.api}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, half));
      // Finish the body only once the server has stopped accepting new connections.
      void (async () => {
        await waitFor(() => !server.app.server.listening);
        req.end(body.slice(half));
      })().catch(reject);
    });
    await new Promise((r) => setTimeout(r, 50));
    signals.emit('SIGTERM');
    signals.emit('SIGTERM'); // a second signal does not start a second shutdown

    await waitFor(() => !server.app.server.listening);
    await expect(fetch(`${server.url}/`)).rejects.toThrow();

    const res = await inFlight;
    expect(res.status).toBe(200);
    await waitFor(() => exits.length > 0);
    expect(exits).toEqual([0]);
    // The database is closed: the server's own handle refuses queries.
    await expect(server.repo.count('contact')).rejects.toThrow();
    // And the row it acknowledged is in the file.
    const db = openDb({ dataDir: server.dataDir });
    try {
      const rows = await new Repository(db).list({ form: 'contact' });
      expect(rows.map((r) => r.fields.name)).toEqual(['Late Arrival']);
    } finally {
      await db.close();
    }
  });

  it('ends keep-alive connections with the last answer, so a kept-open client does not delay it', async () => {
    const server = await startTestServer();
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    // A keep-alive request in flight when close() begins; the client never closes the socket.
    socket.write(
      `POST /backend/api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const closed = server.app.close();
    await new Promise((r) => setTimeout(r, 50));
    socket.write(body.slice(10));
    await ended;
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('answers a request sent over an idle keep-alive connection after SIGTERM with 503, not a reset', async () => {
    const server = await startTestServer({ shutdownDrainMs: 1500 });
    const signals = new EventEmitter();
    const exits: number[] = [];
    handleShutdown(server.app, { target: signals, exit: (code) => exits.push(code), onError: () => {} });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    let failure = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure = error.code ?? error.message;
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    const get = 'GET /backend/api/no-such-address HTTP/1.1\r\nHost: localhost\r\n\r\n';
    socket.write(get);
    await waitFor(() => received.includes('\r\n\r\n'));
    expect(received).toMatch(/^HTTP\/1\.1 404 /);
    received = '';
    // The connection is idle when the signal comes; the client sends its next request just after.
    signals.emit('SIGTERM');
    await waitFor(() => !server.app.server.listening);
    await new Promise((r) => setTimeout(r, 200));
    socket.write(get);
    await ended;
    expect(failure).toBe('');
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    await waitFor(() => exits.length > 0);
    expect(exits).toEqual([0]);
  });

  it('closes the keep-alive connections still idle once the drain time is over', async () => {
    const server = await startTestServer({ shutdownDrainMs: 300 });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write('GET /backend/api/no-such-address HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await waitFor(() => received.includes('\r\n\r\n'));
    const started = Date.now();
    await server.app.close();
    await ended;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up a stalled upload with 408 and still exits 0, well before the deadline', async () => {
    const server = await startTestServer({ shutdownDrainMs: 500 });
    const signals = new EventEmitter();
    const exits: number[] = [];
    handleShutdown(server.app, { target: signals, exit: (code) => exits.push(code), onError: () => {} });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    socket.on('error', () => {});
    await new Promise((resolve) => socket.on('connect', resolve));
    // Headers and half a body, then nothing more.
    socket.write(
      `POST /backend/api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    signals.emit('SIGTERM');
    await waitFor(() => exits.length > 0, 9000);
    expect(exits).toEqual([0]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers a request that reaches it while shutting down with a JSON 503 and a request id', async () => {
    const { app } = await createServer({
      basePath: '/backend',
      forms: testSiteFacts(),
      dataDir: tempDir('closing'),
      logLevel: false,
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the shutdown just after it began (the port still accepts connections).
    app.addHook('preClose', () => held);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const closed = app.close();
    try {
      await new Promise((r) => setTimeout(r, 20));
      const res = await fetch(`http://127.0.0.1:${port}/backend/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('connection')).toBe('close');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff'); // helmet's headers too
      expect(await res.json()).toEqual({ message: serverMessages.unavailable });
    } finally {
      release();
      await closed;
    }
  });
});
