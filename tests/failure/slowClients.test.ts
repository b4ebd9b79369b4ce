// @vitest-environment node
/**
 * Failure suite: slow clients and shutdown, against the real `npm start` server in a child process
 * (SQLite, a tiny built site, 127.0.0.1 only, bounded in connections and time).
 *   1. Stalled bodies: 200 connections send their headers and half a body, then nothing. Each gets
 *      a 408 within seconds and is closed; the server's open files go back to where they were;
 *      while they hang, further bodies get 503 (the cap on slow uploads).
 *   2. SIGTERM under load: 20 keep-alive clients keep sending while the server is told to stop,
 *      with a stalled upload open too. No request meets a reset (each gets an answer: 200 before,
 *      503 with Connection: close after), and the process exits 0.
 * The figures are printed for the README's quality evidence.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { REPO_ROOT } from '../../server/config.ts';
import { fakeClientDir, PDF_BYTES, removeTempDirs, tempDir } from '../../server/testSupport.ts';
import { CV_MAX_BYTES } from '../../src/forms/rules.ts';

const BODY_TIMEOUT_S = 4;
const STALLED = 200;
const LOAD_CLIENTS = 20;

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  output: () => string;
}

/** `npm start` (node --import tsx server/start.ts) on a free port, with a fake build and a fresh database. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const distDir = tempDir('slow-dist');
  mkdirSync(distDir, { recursive: true });
  renameSync(fakeClientDir(), path.join(distDir, 'client'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/start.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATA_DIR: tempDir('slow-data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      BODY_TIMEOUT: String(BODY_TIMEOUT_S),
      RATE_LIMIT_FORMS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const end = Date.now() + 20_000;
  for (;;) {
    const port = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
    if (port) return { child, port: Number(port), exited, output: () => output };
    if (Date.now() > end || child.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

const contact = JSON.stringify({
  name: 'Load Tester',
  email: 'load@example.com',
  mobileNumber: '9876543210',
  message: 'Sent while the server is busy.',
});

interface StallResult {
  status: number;
  /** ms from the last byte sent to the answer (or the close). */
  ms: number;
  reset: boolean;
}

/** Headers and half a body, then silence; resolves when the server has answered and closed. */
function stalledUpload(port: number, sockets: Socket[]): Promise<StallResult> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    let sentAt = 0;
    let answeredAt = 0;
    let reset = false;
    socket.on('connect', () => {
      socket.write(
        'POST /backend/api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(contact)}\r\n\r\n${contact.slice(0, 20)}`,
      );
      sentAt = Date.now();
    });
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      answeredAt ||= Date.now();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      reset ||= error.code === 'ECONNRESET';
    });
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0),
        ms: (answeredAt || Date.now()) - sentAt,
        reset,
      }),
    );
  });
}

interface LoadResult {
  status: number;
  connectionClose: boolean;
  error?: string;
}

function send(agent: Agent, port: number, post: boolean): Promise<LoadResult> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: post ? 'POST' : 'GET',
        path: post ? '/backend/api/contact' : '/about',
        headers: post
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(contact) }
          : {},
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connectionClose: res.headers.connection === 'close' }),
        );
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ status: 0, connectionClose: false, error: error.code ?? error.message }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, connectionClose: false, error: error.code ?? error.message }),
    );
    req.end(post ? contact : undefined);
  });
}

afterAll(() => removeTempDirs());

describe('slow clients and shutdown (child process)', () => {
  it(`closes ${STALLED} stalled bodies with 408 within seconds and gives their files back`, async () => {
    const server = await startServer();
    const pid = server.child.pid ?? 0;
    const sockets: Socket[] = [];
    try {
      const before = openFiles(pid);
      const started = Date.now();
      const stalled = Array.from({ length: STALLED }, () => stalledUpload(server.port, sockets));
      await new Promise((r) => setTimeout(r, 2500));
      const during = openFiles(pid);
      // Slower than 2 s and over SLOW_UPLOADS_MAX (50): a further body is refused at once.
      const extra = await stalledUpload(server.port, sockets);
      const results = await Promise.all(stalled);
      const allClosedMs = Date.now() - started;
      await new Promise((r) => setTimeout(r, 500));
      const after = openFiles(pid);
      const times = results.map((r) => r.ms).sort((a, b) => a - b);
      console.log(
        `Stalled bodies: ${STALLED} connections, BODY_TIMEOUT=${BODY_TIMEOUT_S}s; 408 after ${times[0]}–${times.at(-1)} ms` +
          ` (median ${times[Math.floor(times.length / 2)]} ms), all closed after ${allClosedMs} ms;` +
          ` open files ${before} before, ${during} while stalled, ${after} after; cap: ${extra.status};` +
          ` resets: ${results.filter((r) => r.reset).length}`,
      );
      expect(results.map((r) => r.status)).toEqual(results.map(() => 408));
      expect(results.filter((r) => r.reset)).toHaveLength(0);
      expect(times.at(-1)).toBeLessThan((BODY_TIMEOUT_S + 3) * 1000);
      expect(extra.status).toBe(503);
      expect(during).toBeGreaterThan(before + STALLED / 2);
      expect(after).toBeLessThanOrEqual(before + 2);
    } finally {
      for (const socket of sockets) socket.destroy();
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 40_000);

  it(`SIGTERM under load (${LOAD_CLIENTS} keep-alive clients and a stalled upload): no resets, exit 0`, async () => {
    const server = await startServer();
    const agent = new Agent({ keepAlive: true, maxSockets: LOAD_CLIENTS });
    const sockets: Socket[] = [];
    const results: LoadResult[] = [];
    let stop = false;
    // Each client sends until the server refuses new connections (it has stopped listening).
    const client = async (i: number) => {
      for (let n = 0; !stop; n++) {
        const result = await send(agent, server.port, (i + n) % 3 === 0);
        results.push(result);
        if (result.error === 'ECONNREFUSED') return;
      }
    };
    try {
      const clients = Array.from({ length: LOAD_CLIENTS }, (_, i) => client(i));
      const stalled = stalledUpload(server.port, sockets);
      await new Promise((r) => setTimeout(r, 1500));
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      const code = await server.exited;
      const exitMs = Date.now() - signalledAt;
      stop = true;
      await Promise.all(clients);
      const stall = await stalled;
      const count = (f: (r: LoadResult) => boolean) => results.filter(f).length;
      const resets = count(
        (r) => r.error === 'ECONNRESET' || r.error === 'socket hang up' || r.error === 'EPIPE',
      );
      const unavailable = results.filter((r) => r.status === 503);
      console.log(
        `SIGTERM under load: ${results.length} requests, ${count((r) => r.status === 200)} × 200,` +
          ` ${unavailable.length} × 503, ${count((r) => r.error === 'ECONNREFUSED')} refused after close,` +
          ` ${resets} resets; stalled upload: ${stall.status}; exit ${code} after ${exitMs} ms`,
      );
      expect(resets).toBe(0);
      expect(count((r) => r.status === 0 && r.error !== 'ECONNREFUSED')).toBe(0);
      expect(count((r) => r.status === 200)).toBeGreaterThan(0);
      for (const r of unavailable) expect(r.connectionClose).toBe(true);
      expect(stall.status).toBe(408);
      expect(code).toBe(0);
      expect(server.output()).not.toMatch(/took too long/);
    } finally {
      stop = true;
      agent.destroy();
      for (const socket of sockets) socket.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 40_000);

  // 165 s at 256 kbit/s: too long for every run. SLOW_UPLOAD_FULL=1 runs it (figures in the report).
  it.runIf(process.env.SLOW_UPLOAD_FULL === '1')(
    'a 5 MB CV at 256 kbit/s, with the default limits, is stored',
    async () => {
      const position = loadSiteFacts(REPO_ROOT).positions[0] ?? '';
      const server = await startServer({ BODY_TIMEOUT: '', RATE_LIMIT_APPLY: '100' });
      try {
        const boundary = 'fullsizeboundary';
        const field = (name: string, value: string) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
        const cv = Buffer.concat([PDF_BYTES, Buffer.alloc(CV_MAX_BYTES - PDF_BYTES.length - 1024, 0x20)]);
        const body = Buffer.concat([
          Buffer.from(
            field('fullName', 'Slow Uploader') +
              field('email', 'slow@example.com') +
              field('phone', '9876543210') +
              field('position', position) +
              field('coverLetter', 'Sent over a 256 kbit/s link.') +
              `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n',
          ),
          cv,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const started = Date.now();
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(server.port, '127.0.0.1');
          let text = '';
          socket.on('data', (d: Buffer) => {
            text += d.toString();
          });
          socket.on('error', reject);
          socket.on('close', () => resolve(text));
          socket.on('connect', () => {
            socket.write(
              `POST /backend/api/apply-position HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
                `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
            );
            let offset = 0;
            const timer = setInterval(() => {
              socket.write(body.subarray(offset, offset + 3200)); // 32,000 bytes/s = 256 kbit/s
              offset += 3200;
              if (offset >= body.length) clearInterval(timer);
            }, 100);
          });
        });
        console.log(
          `Slow upload: ${body.length} bytes at 256 kbit/s answered ${answer.split('\r\n')[0]} after ${Date.now() - started} ms`,
        );
        expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
    240_000,
  );
});
