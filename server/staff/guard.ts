/**
 * Who may call a staff route. `authenticate` finds the session of the request's cookie (and, for a
 * POST/PUT/PATCH/DELETE, checks the Origin and the X-CSRF-Token header; an account whose role must
 * use two-step sign-in and has not set it up gets 403 except on routes marked `beforeTwoStep`); `requireRole(...)` is the
 * preHandler every staff route uses: 401 `{message}` without a session, 403 `{message}` for a role
 * not listed ('admin' always passes). It works in any plugin, inside the admin API's prefix or not:
 * it authenticates by itself when the admin API's hook has not already done so.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { SessionStore } from '../admin/sessions.ts';
import { csrfMatches } from '../admin/sessions.ts';
import type { FormName } from '../storage/repository.ts';
import { adminMessages, CSRF_HEADER, SESSION_COOKIE } from './messages.ts';
import { canSeeForm, isFormName, type Role, type Staff } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is signed in (set by authenticate; undefined on a route without a session). */
    staff?: Staff;
    /** The session's CSRF token and expiry (set with `staff`). */
    staffSession?: { csrfToken: string; expiresAt: string };
  }
  interface FastifyInstance {
    /** The staff sessions (decorated on the root by registerStaffAuth). */
    staffSessions: SessionStore;
  }
  interface FastifyContextConfig {
    /**
     * A staff route that an account made to set up two-step sign-in may call before it has (its
     * session, signing out, the set-up itself); every other route answers 403 until then.
     */
    beforeTwoStep?: boolean;
  }
}

/**
 * Makes `sessions` and the request's cookies reachable from every route: call once, on the root
 * instance, before the staff routes are registered.
 */
export async function registerStaffAuth(app: FastifyInstance, sessions: SessionStore): Promise<void> {
  await app.register(fastifyCookie);
  app.decorate('staffSessions', sessions);
}

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ message });

export const isMutating = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';

export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Sets request.staff from the session cookie, or answers 401 (no valid session) or 403 (a state
 * change from another origin or without the session's CSRF token) and returns undefined.
 */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<Staff | undefined> {
  if (request.staff) return request.staff;
  const mutating = isMutating(request);
  if (mutating && !sameOrigin(request)) {
    fail(reply, 403, adminMessages.origin);
    return undefined;
  }
  const session = await request.server.staffSessions.get(request.cookies[SESSION_COOKIE]);
  if (!session) {
    fail(reply, 401, adminMessages.signIn);
    return undefined;
  }
  if (mutating && !csrfMatches(request.headers[CSRF_HEADER], session.csrfToken)) {
    fail(reply, 403, adminMessages.csrf);
    return undefined;
  }
  if (session.mustSetUpTwoStep && !request.routeOptions.config?.beforeTwoStep) {
    fail(reply, 403, adminMessages.setUpTwoStep);
    return undefined;
  }
  request.staff = session.staff;
  request.staffSession = { csrfToken: session.csrfToken, expiresAt: session.expiresAt };
  return session.staff;
}

/** preHandler: signed in with one of `roles` (or as an admin), else 401 / 403 `{message}`. */
export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async function roleGuard(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const staff = await authenticate(request, reply);
    if (!staff) return reply;
    if (staff.role !== 'admin' && !roles.includes(staff.role))
      return fail(reply, 403, adminMessages.forbidden);
  };
}

/**
 * preHandler after requireRole('inbox'): the form the route names (`formOf`) must be one of the
 * account's forms, else 403. A name that is no form passes (the route answers 404 for it).
 */
export function requireForm(formOf: (request: FastifyRequest) => unknown): preHandlerHookHandler {
  return async function formGuard(request: FastifyRequest, reply: FastifyReply) {
    const staff = request.staff;
    if (!staff) return fail(reply, 401, adminMessages.signIn);
    const form = formOf(request);
    if (isFormName(form) && !canSeeForm(staff, form as FormName))
      return fail(reply, 403, adminMessages.formForbidden);
  };
}
