/**
 * The one place the Content section talks to the server (server/editor/api.ts lists the routes
 * and what they answer). Everything goes through `fetch`, which tests replace with a stub.
 */

export type PageKind = 'home' | 'product' | 'service' | 'career' | 'other';

export interface PageSummary {
  file: string;
  path: string;
  kind: PageKind;
  title: string;
  lastChange: { name: string; date: string } | null;
}

export interface SiteImage {
  path: string;
  width: number;
  height: number;
}

export interface SiteFiles {
  files: Record<string, { text: string; version: string }>;
  images: SiteImage[];
  history: { enabled: boolean; message?: string };
}

export interface ServerProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: string;
}

export interface Saved {
  version: string;
  text: string;
  commit: string | null;
}

export interface HistoryVersion {
  commit: string;
  name: string;
  email: string;
  date: string;
  subject: string;
}

export interface PublishStatus {
  state: 'idle' | 'running' | 'done' | 'failed';
  step?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
}

/** A refusal from the server, with its plain-words message and whatever else it sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * The server answered 409: the file changed since it was read (server/editor/conflict.ts).
 * Paths are dotted places in the page ("title", "blocks.2.heading").
 */
export interface Conflict {
  /** A sentence for the user, as is. */
  message: string;
  /** The file as it is now. */
  current: { version: string; text: string };
  /** What someone else changed since the version opened (when `threeWay`); else every difference. */
  changed: string[];
  /** The places both sides changed, to different values (always empty when not `threeWay`). */
  conflicts: string[];
  /** Whether the opened version was known (sent as `base`, or found in the history). */
  threeWay: boolean;
}

export function isConflict(error: unknown): error is ApiError & { body: Conflict } {
  return error instanceof ApiError && error.status === 409 && typeof error.body.current === 'object';
}

export interface ContentApi {
  site(): Promise<SiteFiles>;
  pages(): Promise<PageSummary[]>;
  /**
   * `base`: the text as opened (the version's text), so that a conflict lists only what others
   * changed even when the content folder has no history.
   */
  save(file: string, version: string | null, data: unknown, base?: string): Promise<Saved>;
  history(file: string): Promise<{ enabled: boolean; message?: string; versions: HistoryVersion[] }>;
  version(file: string, commit: string): Promise<string>;
  restore(file: string, commit: string, version: string): Promise<Saved>;
  uploadImage(kind: string, page: string, image: File): Promise<SiteImage>;
  publish(): Promise<PublishStatus>;
  publishStatus(): Promise<PublishStatus>;
}

/** `api` is the staff API base (e.g. `/backend/api/admin`); the content API lives under it. */
export function contentApi(api: string, csrfToken: string, fetchImpl: typeof fetch = fetch): ContentApi {
  const base = `${api.replace(/\/$/, '')}/content`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(payload !== undefined && { body: payload }),
      });
    } catch {
      throw new ApiError(0, 'The server cannot be reached. Check the connection and try again.', {});
    }
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const message =
        typeof data.message === 'string' ? data.message : `The server answered ${response.status}.`;
      throw new ApiError(response.status, message, data);
    }
    return data as T;
  }

  const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

  return {
    site: () => call<SiteFiles>('GET', '/site'),
    pages: async () => (await call<{ pages: PageSummary[] }>('GET', '/pages')).pages,
    save: (file, version, data, base) =>
      call<Saved>('PUT', '/file', { file, version, data, ...(base !== undefined && { base }) }),
    history: (file) => call('GET', `/history${q({ file })}`),
    version: async (file, commit) =>
      (await call<{ text: string }>('GET', `/version${q({ file, commit })}`)).text,
    restore: (file, commit, version) => call<Saved>('POST', '/restore', { file, commit, version }),
    uploadImage: (kind, page, image) => {
      const form = new FormData();
      form.set('kind', kind);
      form.set('page', page);
      form.set('file', image);
      return call<SiteImage>('POST', '/images', form);
    },
    publish: () => call<PublishStatus>('POST', '/publish'),
    publishStatus: () => call<PublishStatus>('GET', '/publish'),
  };
}
