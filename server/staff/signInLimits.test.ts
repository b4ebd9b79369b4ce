// @vitest-environment node
/**
 * Staff sign-in against guessing, over the real routes (HTTP on 127.0.0.1) and a real SQLite file (and
 * PostgreSQL when one is found), with a clock the test moves: the email is required, failures are
 * counted per account and per address (successes are not), the wait after the fifth failure
 * doubles, a new X-Forwarded-For does not escape the account's count, several instances count
 * together, and the account's owner is emailed (real SMTP) or a warning logged.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { hashPassword } from '../admin/password.ts';
import type { CreateServerOptions } from '../app.ts';
import { signInAlertText } from '../notify/signInAlert.ts';
import { removeTempDirs, startTestServer, type TestServer, tempDir } from '../testSupport.ts';
import { StaffAccounts } from './accounts.ts';
import { SIGN_IN_RULES } from './loginThrottle.ts';
import { adminMessages } from './messages.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const ADMIN = { email: 'boss@example.com', password: 'the first administrator password' };
const RAVI = { email: 'ravi@example.com', password: 'ravi has a long password' };
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
let clock = START;
const servers: TestServer[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop();
  removeTempDirs();
});

async function start(options: Partial<CreateServerOptions> = {}): Promise<TestServer> {
  const server = await startTestServer({
    admin: {
      passwordHash: await hashPassword(ADMIN.password, FAST),
      adminEmail: ADMIN.email,
      loginLimit: 10,
    },
    trustProxy: true,
    now: () => clock,
    ...options,
  });
  servers.push(server);
  if (!(await new StaffAccounts(server.db).byEmail(RAVI.email)))
    await new StaffAccounts(server.db, { hashParams: FAST }).add({ ...RAVI, name: 'Ravi', role: 'inbox' });
  return server;
}

/** POST /login over HTTP from `ip` (the address the proxy reports). */
async function login(server: TestServer, body: Record<string, unknown>, ip = '198.51.100.7') {
  const res = await fetch(`${server.api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after') ?? undefined,
    message: ((await res.json()) as { message?: string }).message,
  };
}

describe('the email', () => {
  it('is required: a password alone signs nobody in, not even the first administrator', async () => {
    const server = await start();
    const res = await login(server, { password: ADMIN.password });
    expect(res).toMatchObject({ status: 400, message: adminMessages.emailRequired });
    expect((await login(server, { email: '  ', password: ADMIN.password })).status).toBe(400);
    expect((await login(server, { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
  });
});

describe('failed sign-ins of one account', () => {
  it('answer 401 five times, then 429 with a Retry-After that doubles; a sign-in resets the count', async () => {
    clock = START;
    const server = await start();
    const wrong = { email: RAVI.email, password: 'not the password' };
    // Each from a new address: a proxy-reported address does not escape the account's count.
    let n = 0;
    const from = () => `203.0.113.${++n}`;
    for (let i = 1; i <= SIGN_IN_RULES.freeFailures; i++)
      expect(await login(server, wrong, from())).toMatchObject({
        status: 401,
        message: adminMessages.wrongPassword,
      });
    expect(await login(server, wrong, from())).toMatchObject({ status: 429, retryAfter: '60' });
    // While it waits, even the right password is not checked.
    expect(await login(server, RAVI, from())).toMatchObject({ status: 429, retryAfter: '60' });
    clock += 30_000;
    expect((await login(server, RAVI, from())).retryAfter).toBe('30');
    clock += 30_000;
    expect(await login(server, wrong, from())).toMatchObject({ status: 429, retryAfter: '120' });
    clock += 120_000;
    expect(await login(server, wrong, from())).toMatchObject({ status: 429, retryAfter: '240' });
    clock += 240_000;
    expect((await login(server, RAVI, from())).status).toBe(200);
    // Counted from zero again.
    expect((await login(server, wrong, from())).status).toBe(401);
    // Another account was never held up.
    expect((await login(server, ADMIN, from())).status).toBe(200);
  });

  it('are limited as surely when sent side by side (each is counted before its password is checked)', async () => {
    clock = START + 7 * 86_400_000;
    const server = await start();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(server, { email: RAVI.email, password: `guess ${i}` }, `203.0.113.${100 + i}`),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_RULES.freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - SIGN_IN_RULES.freeFailures);
    // One address's burst over many emails: 10 evaluated, the rest refused.
    const spray = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        login(server, { email: `spray${i}@example.com`, password: 'x' }, '198.51.100.90'),
      ),
    );
    expect(spray.filter((r) => r.status === 401)).toHaveLength(10);
    expect(spray.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it('are counted together by two instances on one database', async () => {
    clock = START + 86_400_000;
    const first = await start();
    const second = await start({ dataDir: first.dataDir });
    const wrong = { email: RAVI.email, password: 'still not it' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(i % 2 ? second : first, wrong, `192.0.2.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('an address', () => {
  it('may sign in successfully any number of times (colleagues behind one office address)', async () => {
    clock = START + 2 * 86_400_000;
    const server = await start();
    const statuses = new Set<number>();
    for (let i = 0; i < 15; i++)
      statuses.add((await login(server, i % 2 ? RAVI : ADMIN, '198.51.100.50')).status);
    expect([...statuses]).toEqual([200]);
  });

  it('gets RATE_LIMIT_ADMIN_LOGIN failures per 15 minutes, whichever emails it tries', async () => {
    clock = START + 3 * 86_400_000;
    const server = await start();
    const ip = '198.51.100.60';
    for (let i = 0; i < 10; i++)
      expect((await login(server, { email: `guess${i}@example.com`, password: 'x' }, ip)).status).toBe(401);
    const blocked = await login(server, RAVI, ip);
    expect(blocked).toMatchObject({
      status: 429,
      retryAfter: String(15 * 60),
      message: adminMessages.tooManyLogins,
    });
    expect((await login(server, RAVI, '198.51.100.61')).status).toBe(200);
    clock += 15 * 60_000;
    expect((await login(server, RAVI, ip)).status).toBe(200);
  });
});

/** A real SMTP server on 127.0.0.1, collecting each message's recipients and text. */
async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          // Quoted-printable soft line breaks joined again, so the text reads as written.
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, received, close: () => new Promise<void>((r) => smtp.close(() => r())) };
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the account owner', () => {
  it('is emailed after 5 failures in 15 minutes, at most once an hour', async () => {
    clock = START + 4 * 86_400_000;
    const smtp = await startSmtp();
    try {
      const server = await start({
        mail: {
          smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
          from: 'Website <no-reply@example.com>',
          recipients: {},
        },
      });
      const wrong = { email: RAVI.email, password: 'wrong again' };
      for (let i = 0; i < 4; i++) await login(server, wrong);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received).toEqual([]);
      await login(server, wrong);
      await until(() => smtp.received.length === 1);
      expect(smtp.received[0]?.to).toEqual([RAVI.email]);
      expect(smtp.received[0]?.raw).toContain(`Subject: ${signInAlertText.subject}`);
      expect(smtp.received[0]?.raw).toContain('5 times in the last 15');

      // The owner signs in (the count starts again); a new series within the hour: no second email.
      expect((await login(server, RAVI)).status).toBe(200);
      clock += 20 * 60_000;
      for (let i = 0; i < 5; i++) expect((await login(server, wrong, `192.0.2.${100 + i}`)).status).toBe(401);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(1);
      // An hour after the first one, the next series is told again.
      expect((await login(server, RAVI)).status).toBe(200);
      clock += 41 * 60_000;
      for (let i = 0; i < 5; i++) await login(server, wrong, `192.0.2.${120 + i}`);
      await until(() => smtp.received.length === 2);

      // Guesses at an address that is nobody's email nobody.
      for (let i = 0; i < 6; i++)
        await login(server, { email: 'nobody@example.com', password: 'x' }, `192.0.2.${130 + i}`);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it('is named in a warning in the log where no mail server is set', async () => {
    clock = START + 5 * 86_400_000;
    const lines: string[] = [];
    const server = await start({ logLevel: 'warn', logStream: { write: (line) => lines.push(line) } });
    for (let i = 0; i < 5; i++)
      await login(server, { email: ADMIN.email, password: 'wrong' }, `192.0.2.${i}`);
    await until(() => lines.some((l) => l.includes(signInAlertText.log)));
    const warning = JSON.parse(lines.find((l) => l.includes(signInAlertText.log)) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(warning).toMatchObject({ level: 40, staffEmail: ADMIN.email });
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)('on PostgreSQL', () => {
  const schema = `test_signin_${process.pid}_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('counts failures of two instances together and resets on a sign-in', async () => {
    clock = START + 6 * 86_400_000;
    const options = { databaseUrl: pgUrl, pgSchema: schema, dataDir: tempDir('pg-signin') };
    const first = await start(options);
    const second = await start(options);
    const wrong = { email: RAVI.email, password: 'not it' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      if (i === 6) clock += 60_000;
      statuses.push((await login(i % 2 ? second : first, wrong, `192.0.2.${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    clock += 120_000;
    expect((await login(second, RAVI)).status).toBe(200);
    expect((await login(first, wrong)).status).toBe(401);
  });
});
