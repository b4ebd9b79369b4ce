// @vitest-environment node
/**
 * Stalled and trickling request bodies get a 408 and their connection is closed, a cap holds the
 * number of slow uploads, and a steady slow upload (256 kbit/s) still goes through. Raw TCP clients
 * on 127.0.0.1 send exactly the bytes they choose, when they choose.
 */
import { connect, type Socket } from 'node:net';
import { bodyMessages } from './bodyGuard.ts';
import { PDF_BYTES, removeTempDirs, startTestServer, type TestServer, testSiteFacts } from './testSupport.ts';

const IDLE_MS = 2000;
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ bodyLimits: { bodyIdleMs: IDLE_MS, slowUploadsMax: 3 } });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

interface Answer {
  status: number;
  headers: string;
  body: string;
  /** ms from the end of the headers sent to the connection's close. */
  closedAfterMs: number;
}

/** Opens a connection, sends `head`, then lets `feed` write the body; resolves when it closes. */
function rawRequest(
  head: string,
  feed: (socket: Socket) => void,
  to: number = port,
  sockets: Socket[] = [],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    let sentAt = 0;
    socket.on('connect', () => {
      socket.write(head);
      sentAt = Date.now();
      feed(socket);
    });
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0),
        headers: headers.toLowerCase(),
        body,
        closedAfterMs: Date.now() - sentAt,
      });
    });
  });
}

const jsonHead = (length: number, close = false) =>
  `POST /backend/api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;

const contact = JSON.stringify({
  name: 'Slow Sender',
  email: 'slow@example.com',
  mobileNumber: '9876543210',
  message: 'This body arrives slowly.',
});

const position = testSiteFacts().positions[0] ?? '';
const BOUNDARY = 'slowclientboundary';
function multipart(cv: Buffer): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(
      field('fullName', 'Slow Uploader') +
        field('email', 'slow@example.com') +
        field('phone', '9876543210') +
        field('position', position) +
        field('coverLetter', 'Sent over a slow link.') +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    cv,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
/** `close`: the client asks to close after the answer (to see a 200's connection end too). */
const multipartHead = (length: number, close = false) =>
  `POST /backend/api/apply-position HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;

/** A CV of `size` bytes: the test PDF, padded. */
function pdfOfSize(size: number): Buffer {
  return Buffer.concat([PDF_BYTES, Buffer.alloc(Math.max(0, size - PDF_BYTES.length), 0x20)]);
}

/** Writes `data` at `bytesPerSecond`, in 100 ms steps, like a throttled link. */
function throttle(socket: Socket, data: Buffer, bytesPerSecond: number): void {
  const step = Math.ceil(bytesPerSecond / 10);
  let offset = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(data.subarray(offset, offset + step));
    offset += step;
    if (offset >= data.length) clearInterval(timer);
  }, 100);
}

describe('slow request bodies', () => {
  it('answers a stalled JSON body with 408 within seconds and closes the connection', async () => {
    const answer = await rawRequest(jsonHead(Buffer.byteLength(contact)), (s) =>
      s.write(contact.slice(0, 20)),
    );
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain('connection: close');
    expect(JSON.parse(answer.body)).toEqual({ message: bodyMessages.timeout });
    expect(answer.closedAfterMs).toBeLessThan(IDLE_MS + 5000);
    expect(await server.repo.count('contact')).toBe(0);
  });

  it('answers a stalled upload (multipart, half a CV) with 408', async () => {
    const body = multipart(pdfOfSize(200_000));
    const answer = await rawRequest(multipartHead(body.length), (s) => s.write(body.subarray(0, 100_000)));
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: bodyMessages.timeout });
    expect(await server.repo.count('application')).toBe(0);
  });

  it('answers a body that trickles (a byte every 300 ms) with 408', async () => {
    const answer = await rawRequest(jsonHead(Buffer.byteLength(contact)), (s) => {
      let i = 0;
      const timer = setInterval(() => {
        if (s.destroyed || i >= contact.length - 1) return clearInterval(timer);
        s.write(contact[i++] ?? '');
      }, 300);
    });
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeLessThan(IDLE_MS + 5000);
  });

  it('caps concurrent slow uploads: past the cap, a body gets 503 at once', async () => {
    // Its own server, whose stalled bodies outlive the check (BODY_TIMEOUT 20 s).
    const capped = await startTestServer({ bodyLimits: { bodyIdleMs: 20_000, slowUploadsMax: 3 } });
    const cappedPort = Number(new URL(capped.url).port);
    const sockets: Socket[] = [];
    try {
      const stalled = Array.from({ length: 3 }, () =>
        rawRequest(jsonHead(Buffer.byteLength(contact)), (s) => s.write('{'), cappedPort, sockets),
      );
      await new Promise((r) => setTimeout(r, 3000)); // all three now slower than SLOW_AFTER_MS (2 s)
      const refused = await rawRequest(
        jsonHead(Buffer.byteLength(contact), true),
        (s) => s.write(contact),
        cappedPort,
      );
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toEqual({ message: bodyMessages.busy });
      expect(refused.headers).toContain('retry-after: 60');
      for (const socket of sockets) socket.destroy();
      await Promise.all(stalled);
      // Once they are gone, bodies are taken again (the sweep notices within a second).
      await new Promise((r) => setTimeout(r, 1500));
      const res = await fetch(`${capped.api}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: contact,
      });
      expect(res.status).toBe(200);
    } finally {
      await capped.stop();
    }
  });

  it('lets a steady upload at 256 kbit/s through (a 160 KB CV over 5 s)', async () => {
    const body = multipart(pdfOfSize(160_000));
    const answer = await rawRequest(multipartHead(body.length, true), (s) => throttle(s, body, 32_000));
    expect(answer.body).toContain('"message"');
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeGreaterThan(IDLE_MS);
    const [row] = await server.repo.list({ form: 'application' });
    expect(row?.fields.cvSize).toBe(160_000);
  }, 30_000);
});
