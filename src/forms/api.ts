/**
 * The forms' one API client. Every call posts to site.yaml's `backend` followed by an /api/ path,
 * as JSON or multipart, and tells apart the server's answer (any HTTP status, with its `message`
 * field when asked for) from a network failure (no answer at all).
 */
import { useMemo } from 'react';
import { useSite } from '../renderer/ContentContext.tsx';

export type ApiResult =
  /** The server answered. `message` is its JSON body's `message` field, when read and present. */
  | { kind: 'response'; status: number; ok: boolean; message?: string }
  /** No answer: offline, DNS, CORS, connection reset... */
  | { kind: 'network' };

export interface PostOptions {
  /** Read the JSON body's `message` field of an error answer (the demo and application calls do). */
  readMessage?: boolean;
}

/** `base` + `path`, with exactly one slash between them. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function messageOf(res: Response): Promise<string | undefined> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON: there is no message to show.
  }
  return undefined;
}

async function send(url: string, init: RequestInit, options: PostOptions): Promise<ApiResult> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', ...init });
  } catch {
    return { kind: 'network' };
  }
  const result: ApiResult = { kind: 'response', status: res.status, ok: res.ok };
  if (!res.ok && options.readMessage) {
    const message = await messageOf(res);
    if (message) result.message = message;
  }
  return result;
}

export function postJson(url: string, body: unknown, options: PostOptions = {}): Promise<ApiResult> {
  return send(
    url,
    {
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    },
    options,
  );
}

/** Multipart: the browser sets the Content-Type with its boundary. */
export function postMultipart(url: string, body: FormData, options: PostOptions = {}): Promise<ApiResult> {
  return send(url, { headers: { Accept: 'application/json' }, body }, options);
}

/** The client bound to this site's backend. */
export function useApi() {
  const base = useSite().backend;
  return useMemo(
    () => ({
      postJson: (path: string, body: unknown, options?: PostOptions) =>
        postJson(apiUrl(base, path), body, options),
      postMultipart: (path: string, body: FormData, options?: PostOptions) =>
        postMultipart(apiUrl(base, path), body, options),
    }),
    [base],
  );
}
