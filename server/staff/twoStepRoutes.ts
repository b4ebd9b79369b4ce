/**
 * The signed-in person's own two-step sign-in, under the staff API ({base}/api/admin):
 *
 *   GET  /account/two-step           {enabled, required, recoveryCodesLeft}
 *   POST /account/two-step/begin     {secret, uri, qr: {size, path}}: a new authenticator, pending
 *   POST /account/two-step/confirm   {code} -> {recoveryCodes}: on, with ten recovery codes (shown once)
 *   POST /account/two-step/disable   {code} -> {message}: off (a code from the app or a recovery code)
 *
 * Every one is open to an account made to set up two-step sign-in (`beforeTwoStep`). A wrong code
 * to turn it off counts as a failed sign-in (loginThrottle.ts), so a stolen session cannot guess
 * its way to switching it off.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { SessionStore } from '../admin/sessions.ts';
import type { LoginThrottle } from './loginThrottle.ts';
import { adminMessages } from './messages.ts';
import { qrPath } from './qrCode.ts';
import { TwoStepError, twoStepMessages } from './twoStep.ts';

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ message });

/** The `code` of a JSON body, or undefined when there is none worth checking. */
function codeOf(request: FastifyRequest): string | undefined {
  const code = (request.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.length <= 40 ? code : undefined;
}

export async function twoStepRoutes(
  app: FastifyInstance,
  deps: { sessions: SessionStore; throttle: LoginThrottle; signedIn: preHandlerHookHandler },
): Promise<void> {
  const { sessions, throttle, signedIn } = deps;
  const { twoStep } = sessions;
  const config = { beforeTwoStep: true };
  const who = (request: FastifyRequest) => {
    if (!request.staff) throw new Error('signedIn runs first');
    return request.staff;
  };

  app.get('/account/two-step', { config, preHandler: signedIn }, async (request) => {
    const staff = who(request);
    return {
      ...(await twoStep.status(staff.email)),
      required: sessions.twoStepRoles.includes(staff.role),
    };
  });

  app.post('/account/two-step/begin', { config, preHandler: signedIn }, async (request, reply) => {
    try {
      const { secret, uri } = await twoStep.begin(who(request).email);
      return { secret, uri, qr: qrPath(uri) };
    } catch (error) {
      if (error instanceof TwoStepError) return fail(reply, 409, error.message);
      throw error;
    }
  });

  app.post('/account/two-step/confirm', { config, preHandler: signedIn }, async (request, reply) => {
    const code = codeOf(request);
    if (code === undefined) return fail(reply, 400, twoStepMessages.wrongCode);
    try {
      return { recoveryCodes: await twoStep.confirm(who(request).email, code) };
    } catch (error) {
      if (error instanceof TwoStepError) return fail(reply, 400, error.message);
      throw error;
    }
  });

  app.post('/account/two-step/disable', { config, preHandler: signedIn }, async (request, reply) => {
    const { email } = who(request);
    const code = codeOf(request);
    const ticket = await throttle.take(email, request.ip);
    if ('waitS' in ticket)
      return reply
        .header('retry-after', String(ticket.waitS))
        .code(429)
        .send({ message: adminMessages.tooManyLogins });
    if (code === undefined || !(await twoStep.check(email, code))) {
      const { retryAfterS } = await throttle.failed(email, ticket);
      if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS));
      return fail(reply, retryAfterS === undefined ? 400 : 429, adminMessages.wrongCode);
    }
    await throttle.succeeded(email, request.ip);
    await twoStep.disable(email);
    return { message: 'Two-step sign-in is off.' };
  });
}
