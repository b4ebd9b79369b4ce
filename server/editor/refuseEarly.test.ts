// @vitest-environment node
/**
 * A refused request to the content API is answered as soon as its headers arrive, before its body
 * is read: an upload of 10 MB from someone not signed in (or without the content role, or without
 * the CSRF token) costs the server nothing but the headers. Over real HTTP, since inject hands
 * Fastify the whole body at once.
 * The save case is the one that tells onRequest from preHandler: a JSON body is read whole before
 * preHandler runs, while @fastify/multipart leaves an upload's stream to the route.
 */
import { connect } from 'node:net';
import { CSRF_HEADER } from '../admin/routes.ts';
import type { TestServer } from '../testSupport.ts';
import { type EditorServer, startEditorServer } from './editorTestSupport.ts';

const TEN_MB = 10 * 1024 * 1024;
let editor: EditorServer;
let server: TestServer;
const signIn = (email: string) => editor.signIn(email);

beforeAll(async () => {
  editor = await startEditorServer();
  ({ server } = editor);
});
afterAll(async () => editor?.stop());

interface Early {
  /** The answer's status and headers, or undefined when none came within `waitMs`. */
  status?: number;
  headers: Record<string, string>;
  /** Milliseconds from sending the headers to the answer. */
  ms: number;
  /** Whether the server closed the connection within `waitMs` after answering. */
  closed: boolean;
}

/**
 * Sends a request's headers, announcing `contentLength` bytes, and only `start` of the body, then
 * waits up to `waitMs` for the answer and for the server to close the connection.
 */
function sendHeadersOnly(
  method: string,
  route: string,
  headers: Record<string, string>,
  contentLength: number,
  start: string,
  waitMs = 2000,
): Promise<Early> {
  const url = new URL(`${server.api}/admin/content${route}`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    let sentAt = 0;
    let answeredAt: number | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const [head = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        ...(status && { status: Number(status) }),
        headers: parsed,
        ms: (answeredAt ?? Date.now()) - sentAt,
        closed,
      });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      answeredAt ??= Date.now();
    });
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      const lines = [
        `${method} ${url.pathname} HTTP/1.1`,
        `Host: ${url.host}`,
        `Content-Length: ${contentLength}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      sentAt = Date.now();
      socket.write(`${lines.join('\r\n')}\r\n\r\n${start}`, (error) => error && reject(error));
    });
  });
}

const BOUNDARY = 'early-refusal';
const multipart = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
const uploadStart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;

async function expectRefusedEarly(answer: Promise<Early>, status: number) {
  const early = await answer;
  expect(early.status, 'answered before the body was sent').toBe(status);
  expect(early.ms).toBeLessThan(1500);
  // The rest of the body is not received and thrown away: the connection ends with the answer.
  expect(early.headers.connection).toBe('close');
  expect(early.closed).toBe(true);
}

describe('a refused request to the content API is answered before its body is read', () => {
  it('a 10 MB upload without a session gets 401 at once', async () => {
    await expectRefusedEarly(sendHeadersOnly('POST', '/images', multipart, TEN_MB, uploadStart), 401);
  });

  it('a 10 MB upload from an inbox-only account gets 403 at once', async () => {
    const hr = await signIn('inbox@example.com');
    const headers = { ...multipart, Cookie: hr.cookie, [CSRF_HEADER]: hr.csrf };
    await expectRefusedEarly(sendHeadersOnly('POST', '/images', headers, TEN_MB, uploadStart), 403);
  });

  it('a 10 MB upload without the CSRF token gets 403 at once', async () => {
    const writer = await signIn('writer@example.com');
    const headers = { ...multipart, Cookie: writer.cookie };
    await expectRefusedEarly(sendHeadersOnly('POST', '/images', headers, TEN_MB, uploadStart), 403);
  });

  it('a save (JSON, read whole before the route runs) without a session gets 401 at once', async () => {
    const headers = { 'Content-Type': 'application/json' };
    await expectRefusedEarly(sendHeadersOnly('PUT', '/file', headers, 1024 * 1024, '{"file":'), 401);
  });

  it('a refusal of a request without a body keeps the connection for the next request', async () => {
    const early = await sendHeadersOnly('GET', '/site', {}, 0, '', 1000);
    expect(early.status).toBe(401);
    expect(early.headers.connection).toBe('keep-alive');
    expect(early.closed).toBe(false);
  });

  it('a signed-in editor with the token is let in: the server waits for the rest of the upload', async () => {
    const writer = await signIn('writer@example.com');
    const headers = { ...multipart, Cookie: writer.cookie, [CSRF_HEADER]: writer.csrf };
    const early = await sendHeadersOnly('POST', '/images', headers, TEN_MB, uploadStart, 1000);
    expect(early.status).toBeUndefined();
    expect(early.closed).toBe(false);
  });
});
