/**
 * createServer(): the whole site in one Fastify server — the forms API under {basePath}/api and,
 * when a built client folder is given, the pre-rendered site. Every option is injectable so tests
 * run it on port 0 with a temporary database.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { readRelease } from '../node/release.ts';
import { API_PATHS, messages } from '../src/forms/rules.ts';
import { registerAdminPage } from './admin/page.ts';
import { parsePasswordHash } from './admin/password.ts';
import { type AdminOptions, adminApi } from './admin/routes.ts';
import { SessionStore } from './admin/sessions.ts';
import { type ApiContext, type FormOptions, HttpError } from './api/context.ts';
import { FieldError } from './api/fields.ts';
import { formChoicesOf } from './api/formChoices.ts';
import { formRoutes } from './api/formRoutes.ts';
import { serverMessages } from './api/messages.ts';
import {
  type BodyLimits,
  DEFAULT_BODY_LIMITS,
  guardBodies,
  HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from './bodyGuard.ts';
import type { RateLimits } from './config.ts';
import { registerContentApi } from './editor/api.ts';
import { registerPreviewRoutes } from './editor/preview/previewRoutes.ts';
import { nameOfFile } from './editor/review/reviewRoutes.ts';
import { siteTimeZone } from './editor/schedules/dueSchedules.ts';
import { editorOptions } from './editor/serverOptions.ts';
import { registerHealth } from './health.ts';
import { registerJsonParser } from './jsonBody.ts';
import { Notifier, type NotifierOptions } from './notify/notifier.ts';
import { reviewMail } from './notify/reviewMail.ts';
import { postgresRateLimitStore } from './rateLimit/postgresStore.ts';
import { postponeIdleClose } from './shutdown.ts';
import { registerStaffAuth, requireRole } from './staff/guard.ts';
import { inlineScriptHashes, registerStatic } from './static.ts';
import { type Db, openDb } from './storage/db.ts';
import { migrate } from './storage/migrations.ts';
import { type FormName, Repository } from './storage/repository.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface CreateServerOptions {
  /** API base path, e.g. "/backend" ("" for none). */
  basePath: string;
  forms: FormOptions;
  /** Built client folder (index.html, assets/...); omit to serve the API only (dev). */
  clientDir?: string;
  /** SQLite folder (when no databaseUrl). */
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL schema (tests). */
  pgSchema?: string;
  rateLimits?: Partial<RateLimits>;
  trustProxy?: boolean | number | string[];
  corsOrigins?: string[];
  jsonBodyLimit?: number;
  /** Fastify logger: false for none, or a pino level. */
  logLevel?: string | false;
  /** Where log lines go (default standard output); tests capture them. */
  logStream?: { write(line: string): void };
  /** Notification emails (SMTP_URL); omitted: none. */
  mail?: NotifierOptions;
  /**
   * The staff area; without passwordHash (the first administrator) and without any account in
   * staff_users, off (its API answers 401).
   */
  admin?: Partial<AdminOptions>;
  /** The clock of sessions and the outbox (tests). */
  now?: () => number;
  /** Slow and stalled request bodies (BODY_TIMEOUT, SLOW_UPLOADS_MAX; bodyGuard.ts). */
  bodyLimits?: Partial<BodyLimits>;
  /** REQUEST_TIMEOUT: the longest a whole request may take to arrive, in ms (then 408). */
  requestTimeoutMs?: number;
  /**
   * After shutdown begins, how long open keep-alive connections stay open so that a request
   * already on its way is answered 503 rather than reset (0: closed at once; `npm start` waits).
   */
  shutdownDrainMs?: number;
}

export interface SiteServer {
  app: FastifyInstance;
  db: Db;
  repo: Repository;
  notifier?: Notifier;
  /** Every route registered (method and URL), e.g. for tests that must cover each one. */
  routes: readonly { method: string; url: string }[];
}

/** The Content-Security-Policy of every response: no inline script runs unless its hash is listed. */
export function contentSecurityPolicy(corsOrigins: string[], scriptHashes: string[] = []) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
      // React writes style attributes (style="--x: ...") and a few libraries inject styles; style
      // injection cannot run code, so 'unsafe-inline' is allowed for styles only (never scripts).
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...corsOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      scriptSrcAttr: ["'none'"],
    },
  };
}

/**
 * Browser features no page of the site uses, switched off for it and anything it might embed: an
 * injected script could not ask for the camera, the location or a payment.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()';

/** A hop count means: trust the nearest `n` proxies (as Fastify does for a number). */
function trustProxyOption(v: boolean | number | string[] | undefined) {
  if (typeof v === 'number') return (_address: string, hop: number) => hop < v;
  return v ?? false;
}

export async function createServer(options: CreateServerOptions): Promise<SiteServer> {
  const rateLimits: RateLimits = { windowMs: 60_000, apply: 5, forms: 10, ...options.rateLimits };
  const corsOrigins = options.corsOrigins ?? [];
  const apiPrefix = `${options.basePath}/api`;

  const app: FastifyInstance = Fastify({
    logger:
      options.logLevel === false
        ? false
        : {
            level: options.logLevel ?? 'info',
            // No personal data in logs: requests are logged by method, path and id only, never
            // bodies, and not the client address.
            serializers: {
              req: (req) => ({ id: req.id, method: req.method, url: req.url?.split('?')[0] }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
            ...(options.logStream && { stream: options.logStream }),
          },
    bodyLimit: options.jsonBodyLimit ?? 16 * 1024,
    // Node answers 408 and closes a connection whose headers, or whole request, take longer than
    // these (checked every second); stalled bodies are caught sooner by bodyGuard.ts.
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: 1000,
    },
    trustProxy: trustProxyOption(options.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // While shutting down, new requests get a JSON 503 with a request id (the hook below), not
    // Fastify's built-in answer, which has neither our shape nor the header.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // A malformed address (bad percent-encoding) is answered like every other error: JSON
    // {message} with a request id, not Fastify's default body naming its error code.
    frameworkErrors: (_error, request, reply) => {
      (reply as unknown as FastifyReply)
        .code(400)
        .header(REQUEST_ID_HEADER, request.id)
        .send({ message: serverMessages.badRequest });
    },
  });

  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const db = openDb({
    ...(options.dataDir !== undefined && { dataDir: options.dataDir }),
    ...(options.databaseUrl !== undefined && { databaseUrl: options.databaseUrl }),
    ...(options.pgSchema !== undefined && { pgSchema: options.pgSchema }),
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const now = options.now ?? Date.now;
  const notifyForms = new Set(Object.keys(options.mail?.recipients ?? {}) as FormName[]);
  let notifier: Notifier | undefined;
  const repo = new Repository(db, {
    notify: notifyForms,
    now,
    afterInsert: () => notifier?.kick(),
  });
  // The outbox's emails: the forms' notifications, and each submission for review (whose
  // composer is known once the content API exists, below).
  let reviewMailOf: NotifierOptions['review'];
  if (options.mail)
    notifier = new Notifier(
      repo,
      { ...options.mail, review: (id) => reviewMailOf?.(id) ?? Promise.resolve(undefined) },
      app.log,
      db,
    );
  app.addHook('onClose', async () => {
    await notifier?.stop();
    await db.close();
  });
  const admin: AdminOptions = {
    sessionTtlMs: 8 * 60 * 60_000,
    loginLimit: 10,
    ...options.admin,
    now,
  };
  if (admin.passwordHash) parsePasswordHash(admin.passwordHash);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    postponeIdleClose(app.server, options.shutdownDrainMs ?? 0);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id).header('permissions-policy', PERMISSIONS_POLICY);
  });
  registerJsonParser(app);
  // A request that was in flight when shutdown began ends its keep-alive connection with its
  // answer, so closing does not wait for idle keep-alive clients to go away.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(
      corsOrigins,
      options.clientDir ? inlineScriptHashes(options.clientDir) : [],
    ),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Cross-origin API callers (CORS_ORIGINS) read our JSON; nothing else needs to embed us.
    crossOriginResourcePolicy: { policy: corsOrigins.length ? 'cross-origin' : 'same-origin' },
  });
  // After helmet's own hook, so the 503 of a closing server carries the security headers too.
  app.addHook('onRequest', async (_request, reply) => {
    if (closing)
      return reply.code(503).header('connection', 'close').send({ message: serverMessages.unavailable });
  });
  guardBodies(app, { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits }, () => closing);
  if (corsOrigins.length)
    await app.register(fastifyCors, { origin: corsOrigins, methods: ['POST'], maxAge: 600 });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Brotli's default (quality 11) is meant for ahead-of-time compression; 5 suits per request.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Every limit counts per client address (request.ip, so behind TRUST_PROXY the visitor's, not
    // the proxy's). An IPv6 client commonly holds a whole /64 and can pick any address in it, so
    // IPv6 addresses count per /64 (IPv4, and IPv4-mapped IPv6, per address). This is the plugin's
    // own default key (normalizeIP), stated here so that a change of default cannot widen it.
    ipv6Subnet: 64,
    ...(db.dialect === 'postgres' && { store: postgresRateLimitStore(db) }),
    errorResponseBuilder: () => new HttpError(429, serverMessages.rateLimited),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  app.setErrorHandler((error: FastifyError | HttpError | FieldError, request, reply) => {
    if (error instanceof FieldError) return reply.code(400).send({ message: error.message });
    if (error instanceof HttpError) {
      // A timed-out body is not read to its end: the connection closes after the answer.
      if (error.statusCode === 408) reply.header('connection', 'close');
      return reply.code(error.statusCode).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.code(413).send({ message: messages.cvSize.message });
    if (status === 413) return reply.code(413).send({ message: serverMessages.tooLarge });
    if (status === 415) return reply.code(415).send({ message: serverMessages.unsupportedType });
    if (status === 429) return reply.code(429).send({ message: serverMessages.rateLimited });
    if (status === 404) return reply.code(404).send({ message: serverMessages.notFound });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: serverMessages.badRequest });
    // Internals stay in the log (with the request id the client sees), never in the answer.
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: serverMessages.serverError });
  });

  const ctx: ApiContext = { repo, forms: formChoicesOf(options.forms), rateLimits };
  // Publish (server/editor/publish.ts) switches to a build with other service types or open
  // positions: the forms accept those of the build being served from the next request on.
  app.decorate('followPublishedForms', (next: FormOptions) => {
    ctx.forms = formChoicesOf(next);
  });
  // The four form routes, one per definition (src/forms/definitions/), at their paths under basePath.
  await app.register(async (api) => formRoutes(api, ctx), { prefix: options.basePath });

  const sessions = new SessionStore(db, {
    ttlMs: admin.sessionTtlMs,
    passwordHash: admin.passwordHash,
    ...(admin.adminEmail && { adminEmail: admin.adminEmail }),
    ...(admin.twoStepRoles && { twoStepRoles: admin.twoStepRoles }),
    now,
  });
  await registerStaffAuth(app, sessions);
  await app.register(
    async (adminApp) => adminApi(adminApp, { repo, sessions, options: admin, db, alertMail: options.mail }),
    { prefix: `${apiPrefix}/admin` },
  );
  registerAdminPage(app, `${apiPrefix}/admin`, () => sessions.enabled(), options.clientDir);
  // The visual editor's content API (server/editor/api.ts).
  // Content editors and publishers (who also approve and publish when review is on).
  const content = editorOptions(app, requireRole('content', 'publisher'), options.clientDir, db, {
    enabled: notifier !== undefined,
    kick: () => notifier?.kick(),
  });
  const { reviews } = content;
  if (reviews)
    reviewMailOf = (id) =>
      reviewMail(
        {
          store: db,
          reviews,
          names: (files) =>
            files.map((f) => nameOfFile(f, content.contentDir, content.liveDir ?? content.contentDir)),
          ...(options.mail?.inboxUrl && { staffUrl: options.mail.inboxUrl }),
          ...(admin.adminEmail && { adminEmail: admin.adminEmail }),
          timeZone: siteTimeZone(content.liveDir ?? content.contentDir),
        },
        id,
      );
  await app.register(registerContentApi, { prefix: `${apiPrefix}/admin/content`, ...content });
  // Preview links open a page's draft without an account (server/editor/preview/).
  if (content.previews)
    registerPreviewRoutes(app, {
      links: content.previews,
      liveDir: content.liveDir ?? content.contentDir,
      draftsDir: content.contentDir,
      apiPrefix,
      ...(options.clientDir && { clientDir: options.clientDir }),
      ...(content.reviews && content.drafts && { reviews: content.reviews }),
      reviewRequired: Boolean(content.reviewRequired),
    });
  // The release of the build served now: Publish swaps builds, so it is looked up on each probe.
  registerHealth(app, db, apiPrefix, () => {
    const clientDir = app.servedSite?.clientDir() ?? options.clientDir;
    return clientDir ? readRelease(path.dirname(clientDir)) : undefined;
  });

  if (options.clientDir) await registerStatic(app, { clientDir: options.clientDir, apiPrefix });

  // A form address asked with the wrong method (a GET typed into the address bar, say) exists:
  // 405 with the methods it takes says so, where a 404 would suggest a wrong address.
  const formUrls = new Set(Object.values(API_PATHS).map((p) => `${options.basePath}${p}`));
  const formMethods = new Map<string, string[]>();
  for (const { method, url } of routes) {
    if (!formUrls.has(url)) continue;
    formMethods.set(url, [...(formMethods.get(url) ?? []), method]);
  }
  app.setNotFoundHandler(
    { preHandler: app.rateLimit ? app.rateLimit({ max: 120, timeWindow: 60_000 }) : undefined },
    async (request, reply) => {
      const allowed = formMethods.get(request.url.split('?')[0] ?? '');
      if (allowed)
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ message: serverMessages.methodNotAllowed(allowed) });
      return reply.code(404).send({ message: serverMessages.notFound });
    },
  );

  notifier?.start();
  return { app, db, repo, ...(notifier && { notifier }), routes };
}
