/**
 * The staff inbox API, {base}/api/admin/...: every route answers 401 without a valid session
 * (including unknown ones), every POST/DELETE needs the session's CSRF token in X-CSRF-Token and,
 * when the browser sends one, an Origin equal to the server's own. Answers are never cached.
 *
 *   POST   /login                         {password} -> session cookie + {csrfToken, expiresAt}
 *   POST   /logout
 *   GET    /session                       {csrfToken, expiresAt, forms: [{form, total, open}]}
 *   GET    /submissions/:form             ?q=&status=all|open|handled&page=&pageSize= (newest first)
 *   GET    /submissions/:form/:id
 *   GET    /submissions/application/:id/cv  (attachment, server-chosen name, nosniff)
 *   POST   /submissions/:form/:id/handled {handled: boolean}
 *   DELETE /submissions/:form/:id         (an application's CV goes with it)
 *   GET    /export?form=F                 CSV (attachment)
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../api/context.ts';
import { toCsv } from '../cli/commands.ts';
import { FIELD_LABELS, FORM_LABELS } from '../labels.ts';
import { cvContentType, cvFileName } from '../notify/compose.ts';
import { FORMS, type FormName, type Repository } from '../storage/repository.ts';
import { verifyPassword } from './password.ts';
import { exportParams, inboxParams } from './query.ts';
import { csrfMatches, type Session, type SessionStore } from './sessions.ts';

export const SESSION_COOKIE = 'triune_admin';
export const CSRF_HEADER = 'x-csrf-token';
export const LOGIN_WINDOW_MS = 15 * 60_000;

export const adminMessages = {
  disabled:
    'The staff inbox is not enabled: set ADMIN_PASSWORD_HASH (or ADMIN_PASSWORD) on the server and restart it.',
  signIn: 'Please sign in.',
  wrongPassword: 'Wrong password.',
  csrf: 'The security token is missing or wrong. Please reload the page.',
  origin: 'Requests from another site are not accepted.',
  notFound: 'There is no such submission.',
  badRequest: 'The request could not be read.',
  tooManyLogins: 'Too many sign-in attempts. Please wait a few minutes and try again.',
} as const;

export interface AdminOptions {
  /** scrypt hash (password.ts); undefined: the inbox is off (every route answers 401). */
  passwordHash?: string;
  sessionTtlMs: number;
  /** Sign-in attempts per IP per LOGIN_WINDOW_MS. */
  loginLimit: number;
  /** The clock (tests). */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    adminSession?: Session;
  }
  interface FastifyContextConfig {
    /** Admin route reachable without a session (sign-in). */
    adminPublic?: boolean;
  }
}

const isForm = (v: unknown): v is FormName =>
  typeof v === 'string' && (FORMS as readonly string[]).includes(v);

function idOf(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}`;
}

export async function adminApi(
  app: FastifyInstance,
  { repo, sessions, options }: { repo: Repository; sessions: SessionStore; options: AdminOptions },
): Promise<void> {
  await app.register(fastifyCookie);

  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ message });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!options.passwordHash) return fail(reply, 401, adminMessages.disabled);
    const mutating = request.method !== 'GET' && request.method !== 'HEAD';
    if (mutating && !sameOrigin(request)) return fail(reply, 403, adminMessages.origin);
    if (request.routeOptions.config?.adminPublic) return;
    const session = await sessions.get(request.cookies[SESSION_COOKIE]);
    if (!session) return fail(reply, 401, adminMessages.signIn);
    if (mutating && !csrfMatches(request.headers[CSRF_HEADER], session.csrfToken))
      return fail(reply, 403, adminMessages.csrf);
    request.adminSession = session;
  });

  // Unknown addresses under the prefix: 401 without a session too (the hook runs first).
  const unknown = async (_request: FastifyRequest, reply: FastifyReply) =>
    fail(reply, 404, adminMessages.notFound);
  app.all('/', unknown);
  app.all('/*', unknown);

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  });

  app.post<{ Body: { password?: unknown } }>(
    '/login',
    {
      config: {
        adminPublic: true,
        rateLimit: {
          max: options.loginLimit,
          timeWindow: LOGIN_WINDOW_MS,
          errorResponseBuilder: () => new HttpError(429, adminMessages.tooManyLogins),
        },
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      const password = request.body?.password;
      if (type !== 'application/json' || typeof password !== 'string' || password.length > 1024)
        return fail(reply, 400, adminMessages.badRequest);
      if (!(await verifyPassword(password, options.passwordHash ?? '')))
        return fail(reply, 401, adminMessages.wrongPassword);
      await sessions.destroy(request.cookies[SESSION_COOKIE]);
      const session = await sessions.create();
      reply.setCookie(SESSION_COOKIE, session.id, {
        ...cookieOptions(request),
        maxAge: Math.floor(options.sessionTtlMs / 1000),
      });
      return { csrfToken: session.csrfToken, expiresAt: session.expiresAt };
    },
  );

  app.post('/logout', async (request, reply) => {
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return { message: 'Signed out.' };
  });

  app.get('/session', async (request) => {
    const forms = [];
    for (const form of FORMS) {
      const [all, open] = await Promise.all([
        repo.page({ form, pageSize: 1 }),
        repo.page({ form, status: 'open', pageSize: 1 }),
      ]);
      forms.push({ form, total: all.total, open: open.total });
    }
    return { ...request.adminSession, forms, labels: { forms: FORM_LABELS, fields: FIELD_LABELS } };
  });

  app.get<{ Params: { form: string }; Querystring: Record<string, unknown> }>(
    '/submissions/:form',
    async (request, reply) => {
      const { form } = request.params;
      if (!isForm(form)) return fail(reply, 404, adminMessages.notFound);
      return repo.page({ form, ...inboxParams(request.query) });
    },
  );

  app.get<{ Params: { form: string; id: string } }>('/submissions/:form/:id', async (request, reply) => {
    const { form } = request.params;
    const id = idOf(request.params.id);
    const row = isForm(form) && id ? await repo.get(form, id) : undefined;
    return row ?? fail(reply, 404, adminMessages.notFound);
  });

  app.get<{ Params: { id: string } }>('/submissions/application/:id/cv', async (request, reply) => {
    const id = idOf(request.params.id);
    const row = id ? await repo.get('application', id) : undefined;
    const cv = id ? await repo.getCv(id) : undefined;
    if (!row || !cv) return fail(reply, 404, adminMessages.notFound);
    return reply
      .header('content-type', cvContentType(cv.type))
      .header(
        'content-disposition',
        `attachment; filename="${cvFileName(id ?? 0, String(row.fields.fullName), cv.type)}"`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(cv.data);
  });

  app.post<{ Params: { form: string; id: string }; Body: { handled?: unknown } }>(
    '/submissions/:form/:id/handled',
    async (request, reply) => {
      const { form } = request.params;
      const id = idOf(request.params.id);
      const handled = request.body?.handled;
      if (typeof handled !== 'boolean') return fail(reply, 400, adminMessages.badRequest);
      if (!isForm(form) || !id || !(await repo.setHandled(form, id, handled)))
        return fail(reply, 404, adminMessages.notFound);
      return repo.get(form, id);
    },
  );

  app.delete<{ Params: { form: string; id: string } }>('/submissions/:form/:id', async (request, reply) => {
    const { form } = request.params;
    const id = idOf(request.params.id);
    if (!isForm(form) || !id || !(await repo.remove(form, id)))
      return fail(reply, 404, adminMessages.notFound);
    return { message: 'Deleted.' };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/export', async (request, reply) => {
    const { form } = exportParams(request.query);
    const rows = await repo.list(form ? { form } : {});
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="submissions-${form ?? 'all'}-${day}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .send(`\ufeff${toCsv(rows, form ? [form] : undefined)}`);
  });
}
