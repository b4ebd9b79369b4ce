/**
 * GET {basePath}/api/health: whether this instance should get traffic, for a load balancer or a
 * process supervisor. 200 {"status":"ok", "release": {content, code, builtAt}} when the database answers a trivial query within
 * HEALTH_DB_TIMEOUT_MS; 503 with a message when it does not, and from the moment shutdown begins
 * (a balancer then sends new visitors to the other instances while this one finishes its requests).
 * Not rate-limited (a balancer probes every few seconds) and never cached.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Release } from '../node/release.ts';
import type { Db } from './storage/db.ts';

export const HEALTH_PATH = '/health';
export const HEALTH_DB_TIMEOUT_MS = 2_000;

export const healthMessages = {
  shuttingDown: 'This instance is shutting down.',
  databaseUnreachable: 'The database does not answer.',
} as const;

async function databaseAnswers({ db }: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_DB_TIMEOUT_MS);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers the health route under `apiPrefix` ({basePath}/api). `release` tells which build the
 * instance serves (node/release.ts), reported beside the status; none without a build.
 */
export function registerHealth(
  app: FastifyInstance,
  db: Db,
  apiPrefix: string,
  release: () => Release | undefined = () => undefined,
): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get(`${apiPrefix}${HEALTH_PATH}`, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing)
      return reply.code(503).header('connection', 'close').send({ message: healthMessages.shuttingDown });
    if (!(await databaseAnswers(db)))
      return reply.code(503).send({ message: healthMessages.databaseUnreachable });
    const served = release();
    return reply.code(200).send({ status: 'ok', ...(served && { release: served }) });
  });
}
