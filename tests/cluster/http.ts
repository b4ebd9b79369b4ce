/**
 * Requests as the cluster tests send them: through nginx (HTTPS with the run's throwaway
 * certificate, or plain HTTP with `plain`), or straight to one instance (`port`), from a chosen
 * client address, with no connection reuse, so each request is balanced on its own.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface SendOptions {
  body?: Buffer;
  headers?: Record<string, string>;
  /** The client address to send from (127.x.y.z). */
  from?: string;
  /** nginx's plain HTTP port instead of HTTPS. */
  plain?: boolean;
  /** Straight to the instance on this port (plain HTTP), not through nginx. */
  port?: number;
}

export type Send = (method: string, urlPath: string, o?: SendOptions) => Promise<Answer>;

export function sender(nginx: { httpPort: number; httpsPort: number; ca: Buffer }): Send {
  return (method, urlPath, o = {}) =>
    new Promise((resolve, reject) => {
      const direct = o.port !== undefined;
      const options = {
        host: '127.0.0.1',
        port: o.port ?? (o.plain ? nginx.httpPort : nginx.httpsPort),
        method,
        path: urlPath,
        headers: { ...(o.body && { 'content-length': String(o.body.length) }), ...o.headers },
        ...(o.from && { localAddress: o.from }),
        agent: false as const,
        timeout: 30_000,
      };
      const req = o.plain || direct ? httpRequest(options) : httpsRequest({ ...options, ca: nginx.ca });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(o.body);
    });
}

export const json = (a: Answer) => JSON.parse(a.body.toString()) as Record<string, unknown>;
