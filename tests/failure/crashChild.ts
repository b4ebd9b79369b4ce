/**
 * The server of the crash suite, run as a child process so that it can be killed with SIGKILL:
 * createServer() on the database named by the environment (CRASH_DATA_DIR for SQLite, or
 * CRASH_DATABASE_URL and CRASH_PG_SCHEMA), the content's lists from CRASH_FORMS (JSON), rate limits
 * out of the way. Prints "LISTENING <port>" once it accepts connections.
 */

import type { FormOptions } from '../../server/api/context.ts';
import { createServer } from '../../server/app.ts';

const env = process.env;
const forms = JSON.parse(env.CRASH_FORMS ?? '{"serviceTypes":[],"positions":[]}') as FormOptions;
const { app } = await createServer({
  basePath: '/backend',
  forms,
  logLevel: false,
  rateLimits: { apply: 1_000_000, forms: 1_000_000 },
  ...(env.CRASH_DATA_DIR && { dataDir: env.CRASH_DATA_DIR }),
  ...(env.CRASH_DATABASE_URL && { databaseUrl: env.CRASH_DATABASE_URL }),
  ...(env.CRASH_PG_SCHEMA && { pgSchema: env.CRASH_PG_SCHEMA }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`LISTENING ${address && typeof address === 'object' ? address.port : 0}`);
