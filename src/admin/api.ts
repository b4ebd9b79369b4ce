/**
 * The staff API as the staff app sees it ({base}/api/admin, server/admin/routes.ts). Every
 * state-changing call sends the session's CSRF token in X-CSRF-Token; a 401 means the session is
 * over (or never was) and is reported to `onSignedOut` so the app shows the sign-in screen.
 */

export type Role = 'admin' | 'content' | 'publisher' | 'inbox';

export interface StaffInfo {
  name: string;
  email: string;
  role: Role;
  /** The forms an inbox account is limited to; null: all. */
  forms: string[] | null;
}

export interface FormCount {
  form: string;
  total: number;
  open: number;
}

export interface Labels {
  forms: Record<string, { one: string; many: string }>;
  fields: Record<string, string>;
}

export interface SessionInfo {
  csrfToken: string;
  expiresAt: string;
  staff: StaffInfo;
  /** The forms this account may see, with their counts. */
  forms: FormCount[];
  labels: Labels;
  /** The account's role must use two-step sign-in and it has none yet: it may do nothing else. */
  mustSetUpTwoStep: boolean;
}

/** The signed-in person's two-step sign-in (server/staff/twoStepRoutes.ts). */
export interface TwoStepStatus {
  enabled: boolean;
  /** Its role must use it (STAFF_2FA_ROLES). */
  required: boolean;
  recoveryCodesLeft: number;
}

/** A new authenticator to add to the app: its key, address and QR code (SVG path data). */
export interface TwoStepSetup {
  secret: string;
  uri: string;
  qr: { size: number; path: string };
}

export interface Submission {
  form: string;
  id: number;
  createdAt: string;
  clientIp: string;
  userAgent: string;
  handledAt: string | null;
  fields: Record<string, unknown>;
}

export interface SubmissionPage {
  items: Submission[];
  total: number;
  page: number;
  pageSize: number;
}

/** The session ended (or there was none): the sign-in screen shows `message`. */
export class SignedOut extends Error {}

/** The password was right; the account has two-step sign-in, so a code must go with it. */
export class CodeRequired extends Error {}

const SIGN_IN = 'Please sign in.';

export class StaffClient {
  csrfToken = '';
  /** Told when a call finds the session over. */
  onSignedOut: (message: string | undefined) => void = () => {};

  constructor(
    readonly base: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
  ) {}

  async call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetchFn(`${this.base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      });
    } catch {
      throw new Error('The server could not be reached. Check the connection and try again.');
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    const message = (body as { message?: unknown } | null)?.message;
    const text = typeof message === 'string' ? message : undefined;
    if (res.status === 401 && path !== '/login') {
      this.csrfToken = '';
      this.onSignedOut(text === SIGN_IN ? undefined : text);
      throw new SignedOut(text ?? SIGN_IN);
    }
    if ((body as { codeRequired?: unknown } | null)?.codeRequired === true)
      throw new CodeRequired(text ?? `The server answered with error ${res.status}.`);
    if (!res.ok) throw new Error(text ?? `The server answered with error ${res.status}.`);
    return body as T;
  }

  async session(): Promise<SessionInfo> {
    const session = await this.call<SessionInfo>('/session');
    this.csrfToken = session.csrfToken;
    return session;
  }

  /** Signs in; throws CodeRequired when the account needs `code` (or it was wrong). */
  async signIn(email: string, password: string, code?: string): Promise<SessionInfo> {
    const res = await this.call<{ csrfToken: string }>('/login', {
      method: 'POST',
      body: { email, password, ...(code !== undefined && { code }) },
    });
    this.csrfToken = res.csrfToken;
    return this.session();
  }

  async signOut(): Promise<void> {
    try {
      await this.call('/logout', { method: 'POST' });
    } finally {
      this.csrfToken = '';
    }
  }

  list(form: string, query: { q: string; status: string; page: number; pageSize: number }) {
    const params = new URLSearchParams({
      q: query.q,
      status: query.status,
      page: String(query.page),
      pageSize: String(query.pageSize),
    });
    return this.call<SubmissionPage>(`/submissions/${encodeURIComponent(form)}?${params}`);
  }

  get(form: string, id: number) {
    return this.call<Submission>(`/submissions/${encodeURIComponent(form)}/${id}`);
  }

  setHandled(form: string, id: number, handled: boolean) {
    return this.call<Submission>(`/submissions/${encodeURIComponent(form)}/${id}/handled`, {
      method: 'POST',
      body: { handled },
    });
  }

  remove(form: string, id: number) {
    return this.call<{ message: string }>(`/submissions/${encodeURIComponent(form)}/${id}`, {
      method: 'DELETE',
    });
  }

  twoStepStatus() {
    return this.call<TwoStepStatus>('/account/two-step');
  }

  beginTwoStep() {
    return this.call<TwoStepSetup>('/account/two-step/begin', { method: 'POST' });
  }

  /** Turns two-step sign-in on; returns the recovery codes (shown once). */
  confirmTwoStep(code: string) {
    return this.call<{ recoveryCodes: string[] }>('/account/two-step/confirm', {
      method: 'POST',
      body: { code },
    });
  }

  disableTwoStep(code: string) {
    return this.call<{ message: string }>('/account/two-step/disable', { method: 'POST', body: { code } });
  }

  exportUrl(form: string): string {
    return `${this.base}/export?form=${encodeURIComponent(form)}`;
  }

  cvUrl(id: number): string {
    return `${this.base}/submissions/application/${id}/cv`;
  }
}
