// @vitest-environment node
/**
 * The outbox shared by two instances on one PostgreSQL, with a real SMTP server counting what it
 * receives: each notification is delivered once, whichever instance takes it, and one taken by an
 * instance that dies is sent by the other without waiting out a lease.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl)
  console.log('Shared outbox test skipped: no PostgreSQL (TEST_DATABASE_URL unset, none on 127.0.0.1:5432).');

/** A real SMTP server on 127.0.0.1 keeping the Message-ID of each message it accepted. */
async function startSmtp(holdFirst = false) {
  const accepted: string[] = [];
  let began = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS lookup of each client (127.0.0.1): it can take seconds here.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      began++;
      const chunks: Buffer[] = [];
      stream.on('error', () => {});
      stream.on('data', (c: Buffer) => chunks.push(c));
      // The first message is never acknowledged: its sender seems to hang mid-send.
      if (holdFirst && began === 1) return;
      stream.on('end', () => {
        const id = /^Message-ID: (.*)$/im.exec(Buffer.concat(chunks).toString('latin1'))?.[1]?.trim();
        accepted.push(id ?? '(none)');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    accepted,
    began: () => began,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function submit(server: TestServer, i: number): Promise<number> {
  const res = await fetch(`${server.api}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Sender ${i}`,
      email: `sender${i}@example.com`,
      mobileNumber: '9876543210',
      message: `Message number ${i}.`,
    }),
  });
  return res.status;
}

describe.skipIf(!pgUrl)('the outbox shared by instances on PostgreSQL', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await query(`drop schema if exists "${schema}" cascade`);
    removeTempDirs();
  });

  async function twoInstances(smtpUrl: string): Promise<[TestServer, TestServer, string]> {
    const schema = `test_outbox_${process.pid}_${randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    const options = {
      databaseUrl: pgUrl as string,
      pgSchema: schema,
      mail: {
        smtpUrl,
        from: 'Website <no-reply@example.com>',
        recipients: { contact: 'staff@example.com' },
        pollMs: 200,
        stopGraceMs: 100,
      },
    };
    const [a, b] = await Promise.all([startTestServer(options), startTestServer(options)]);
    return [a, b, schema];
  }

  it('delivers each of 60 notifications exactly once, whichever instance takes it', async () => {
    const smtp = await startSmtp();
    const [a, b, schema] = await twoInstances(smtp.url);
    try {
      const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => submit(i % 2 ? a : b, i)));
      expect(statuses.every((s) => s === 200)).toBe(true);
      await waitFor(async () => {
        const [row] = await query<{ n: number }>(
          `select count(*)::int as n from "${schema}".outbox where sent_at is null`,
        );
        return row?.n === 0;
      });
      // Both keep polling: a second delivery would show up now.
      await new Promise((r) => setTimeout(r, 600));
      expect(smtp.accepted).toHaveLength(60);
      expect(new Set(smtp.accepted).size).toBe(60);
      expect(smtp.began()).toBe(60);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await smtp.close();
    }
  });

  it('sends the notification an instance took and then lost its database connection, from the other', async () => {
    const smtp = await startSmtp(true);
    const [a, b, schema] = await twoInstances(smtp.url);
    try {
      expect(await submit(a, 1)).toBe(200);
      // Someone took it and hangs in the middle of sending.
      await waitFor(() => smtp.began() === 1);
      // That instance's database session ends (its process died): PostgreSQL drops its locks.
      await query(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = (select max(id) from "${schema}".outbox)`,
      );
      await waitFor(() => smtp.accepted.length === 1, 5_000);
      expect(smtp.began()).toBe(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await smtp.close();
    }
  });
});
