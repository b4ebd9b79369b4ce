/**
 * The staff API, {base}/api/admin/...: every route answers 401 without a valid session
 * (including unknown ones), every POST/DELETE needs the session's CSRF token in X-CSRF-Token and,
 * when the browser sends one, an Origin equal to the server's own. Answers are never cached.
 * Each route names the roles it serves (server/staff/guard.ts): the inbox routes need the role
 * inbox or admin, and an inbox account limited to some forms gets 403 for the others.
 *
 *   POST   /login                         {email, password, code?} -> session cookie + {csrfToken, expiresAt, staff}
 *                                        (an account with two-step sign-in: 401 {codeRequired: true} until
 *                                        `code` is a code of its app or a recovery code; failures are
 *                                        counted per account and per address, server/staff/loginThrottle.ts)
 *   POST   /logout
 *   GET    /session                       {csrfToken, expiresAt, staff: {name, email, role, forms},
 *                                          forms: [{form, total, open}] (the forms it may see), labels,
 *                                          mustSetUpTwoStep}
 *   .../account/two-step...               the person's own two-step sign-in (server/staff/twoStepRoutes.ts)
 *   GET    /submissions/:form             ?q=&status=all|open|handled&page=&pageSize= (newest first)
 *   GET    /submissions/:form/:id
 *   GET    /submissions/application/:id/cv  (attachment, server-chosen name, nosniff)
 *   POST   /submissions/:form/:id/handled {handled: boolean}
 *   DELETE /submissions/:form/:id         (an application's CV goes with it)
 *   GET    /export?form=F                 CSV (attachment)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toCsv } from '../cli/commands.ts';
import { FIELD_LABELS, FORM_LABELS } from '../labels.ts';
import { cvContentType, cvFileName } from '../notify/compose.ts';
import { type SignInAlertMail, sendSignInAlert } from '../notify/signInAlert.ts';
import { authenticate, isMutating, requireForm, requireRole, sameOrigin } from '../staff/guard.ts';
import { LoginThrottle, SIGN_IN_RULES, type Ticket } from '../staff/loginThrottle.ts';
import { adminMessages, SESSION_COOKIE } from '../staff/messages.ts';
import { checkSignIn } from '../staff/signIn.ts';
import { twoStepRoutes } from '../staff/twoStepRoutes.ts';
import { formsOf, type Role } from '../staff/types.ts';
import type { Db } from '../storage/db.ts';
import { FORMS, type FormName, type Repository } from '../storage/repository.ts';
import { exportParams, inboxParams } from './query.ts';
import type { SessionStore } from './sessions.ts';

export { adminMessages, CSRF_HEADER, SESSION_COOKIE } from '../staff/messages.ts';

export interface AdminOptions {
  /**
   * scrypt hash (password.ts) of the first administrator's password; undefined: only named
   * accounts sign in (without any, the staff area is off and every route answers 401).
   */
  passwordHash?: string;
  /** The first administrator's sign-in address (ADMIN_EMAIL; default admin@localhost). */
  adminEmail?: string;
  sessionTtlMs: number;
  /** Failed sign-ins per client address per LOGIN_WINDOW_MS (RATE_LIMIT_ADMIN_LOGIN). */
  loginLimit: number;
  /** The roles that must use two-step sign-in (STAFF_2FA_ROLES). */
  twoStepRoles?: Role[];
  /** The clock (tests). */
  now?: () => number;
}

declare module 'fastify' {
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

export async function adminApi(
  app: FastifyInstance,
  {
    repo,
    sessions,
    options,
    db,
    alertMail,
  }: {
    repo: Repository;
    sessions: SessionStore;
    options: AdminOptions;
    /** Where failed sign-ins are counted. */
    db: Db;
    /** The mail server that tells staff of repeated failed sign-ins (SMTP_URL); none: a log warning. */
    alertMail?: SignInAlertMail | undefined;
  },
): Promise<void> {
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ message });
  const throttle = new LoginThrottle(db, {
    addressLimit: options.loginLimit,
    ...(options.now && { now: options.now }),
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!(await sessions.enabled())) return fail(reply, 401, adminMessages.disabled);
    if (isMutating(request) && !sameOrigin(request)) return fail(reply, 403, adminMessages.origin);
    if (request.routeOptions.config?.adminPublic) return;
    await authenticate(request, reply);
  });

  // Who may call what (every route below names its roles; 'admin' always passes).
  const signedIn = requireRole('admin', 'content', 'publisher', 'inbox');
  const inbox = requireRole('inbox');
  const paramForm = requireForm((request) => (request.params as { form?: string }).form);
  const queryForm = requireForm((request) => (request.query as { form?: string }).form);
  const applications = requireForm(() => 'application');

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

  const tooMany = (reply: FastifyReply, retryAfterS: number) =>
    reply.header('retry-after', String(retryAfterS)).code(429).send({ message: adminMessages.tooManyLogins });

  /** Counts a wrong password or code; answers 401 (or 429 once the account is past its free failures). */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    ticket: Ticket,
    codeRequired: boolean,
  ) {
    const { retryAfterS, alert } = await throttle.failed(email, ticket);
    if (alert && (await sessions.isStaffEmail(email)))
      // Not awaited: the answer does not wait for the mail server.
      void sendSignInAlert(
        { email, failures: SIGN_IN_RULES.alertAfter, minutes: SIGN_IN_RULES.windowMs / 60_000 },
        alertMail,
        request.log,
      );
    if (retryAfterS !== undefined) return tooMany(reply, retryAfterS);
    return reply
      .code(401)
      .header('cache-control', 'no-store')
      .send(
        codeRequired
          ? { message: adminMessages.wrongCode, codeRequired: true }
          : { message: adminMessages.wrongPassword },
      );
  }

  app.post<{ Body: { email?: unknown; password?: unknown; code?: unknown } }>(
    '/login',
    { config: { adminPublic: true } },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      const { email, password, code } = request.body ?? {};
      if (
        type !== 'application/json' ||
        typeof password !== 'string' ||
        password.length > 1024 ||
        (code !== undefined && (typeof code !== 'string' || code.length > 40))
      )
        return fail(reply, 400, adminMessages.badRequest);
      // Every sign-in names its account: the first administrator's too (ADMIN_EMAIL).
      if (typeof email !== 'string' || !email.trim() || email.length > 254)
        return fail(reply, 400, adminMessages.emailRequired);
      const ticket = await throttle.take(email, request.ip);
      if ('waitS' in ticket) return tooMany(reply, ticket.waitS);
      const found = await checkSignIn(sessions, options.passwordHash, email, password);
      if (!found) return refuse(request, reply, email, ticket, false);
      if (await sessions.twoStep.enabled(found.staff.email)) {
        // The right password without a code: the app asks for it and sends all three again. Not a
        // failure of the address; the account keeps this attempt in its count until the code is
        // right, so guessing codes with a known password stays limited.
        if (!code?.trim()) {
          await throttle.notAFailure(request.ip);
          return reply
            .code(401)
            .header('cache-control', 'no-store')
            .send({ message: adminMessages.codeRequired, codeRequired: true });
        }
        if (!(await sessions.twoStep.check(found.staff.email, code)))
          return refuse(request, reply, email, ticket, true);
      }
      await throttle.succeeded(email, request.ip);
      await sessions.destroy(request.cookies[SESSION_COOKIE]);
      const session = await sessions.create(found.staff, found.passwordHash);
      reply.setCookie(SESSION_COOKIE, session.id, {
        ...cookieOptions(request),
        maxAge: Math.floor(options.sessionTtlMs / 1000),
      });
      return {
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt,
        staff: publicStaff(session.staff),
      };
    },
  );

  app.post('/logout', { config: { beforeTwoStep: true }, preHandler: signedIn }, async (request, reply) => {
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return { message: 'Signed out.' };
  });

  app.get('/session', { config: { beforeTwoStep: true }, preHandler: signedIn }, async (request) => {
    const staff = request.staff;
    if (!staff) throw new Error('signedIn ran first');
    const mustSetUpTwoStep = await sessions.mustSetUpTwoStep(staff);
    const forms = [];
    // Nothing about the submissions until two-step sign-in is set up.
    if (!mustSetUpTwoStep)
      for (const form of formsOf(staff)) {
        const [all, open] = await Promise.all([
          repo.page({ form, pageSize: 1 }),
          repo.page({ form, status: 'open', pageSize: 1 }),
        ]);
        forms.push({ form, total: all.total, open: open.total });
      }
    return {
      ...request.staffSession,
      staff: publicStaff(staff),
      forms,
      labels: { forms: FORM_LABELS, fields: FIELD_LABELS },
      mustSetUpTwoStep,
    };
  });

  await twoStepRoutes(app, { sessions, throttle, signedIn });

  app.get<{ Params: { form: string }; Querystring: Record<string, unknown> }>(
    '/submissions/:form',
    { preHandler: [inbox, paramForm] },
    async (request, reply) => {
      const { form } = request.params;
      if (!isForm(form)) return fail(reply, 404, adminMessages.notFound);
      return repo.page({ form, ...inboxParams(request.query) });
    },
  );

  app.get<{ Params: { form: string; id: string } }>(
    '/submissions/:form/:id',
    { preHandler: [inbox, paramForm] },
    async (request, reply) => {
      const { form } = request.params;
      const id = idOf(request.params.id);
      const row = isForm(form) && id ? await repo.get(form, id) : undefined;
      return row ?? fail(reply, 404, adminMessages.notFound);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/submissions/application/:id/cv',
    { preHandler: [inbox, applications] },
    async (request, reply) => {
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
    },
  );

  app.post<{ Params: { form: string; id: string }; Body: { handled?: unknown } }>(
    '/submissions/:form/:id/handled',
    { preHandler: [inbox, paramForm] },
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

  app.delete<{ Params: { form: string; id: string } }>(
    '/submissions/:form/:id',
    { preHandler: [inbox, paramForm] },
    async (request, reply) => {
      const { form } = request.params;
      const id = idOf(request.params.id);
      if (!isForm(form) || !id || !(await repo.remove(form, id)))
        return fail(reply, 404, adminMessages.notFound);
      return { message: 'Deleted.' };
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/export',
    { preHandler: [inbox, queryForm] },
    async (request, reply) => {
      const { form } = exportParams(request.query);
      // Without a form: every form this account may see (all of them but for a limited inbox).
      const forms = form ? [form] : request.staff ? formsOf(request.staff) : [];
      const rows = [];
      for (const f of forms) rows.push(...(await repo.list({ form: f })));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="submissions-${form ?? 'all'}-${day}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(`\ufeff${toCsv(rows, forms)}`);
    },
  );
}

/** What the staff app is told of who is signed in. */
function publicStaff(staff: { name: string; email: string; role: string; forms: FormName[] | null }) {
  return { name: staff.name, email: staff.email, role: staff.role, forms: staff.forms };
}
