/**
 * `npm run test:cluster`: two instances of the site (`npm start`'s own command) on a fresh
 * PostgreSQL schema behind nginx on 127.0.0.1, configured by the repository's deploy/nginx.conf
 * with a throwaway certificate, notifications going to a real SMTP server that counts them.
 *  1. The rate limit is one budget for both instances (25 messages from one address, limit 20).
 *  2. 1,000 submissions (all four forms, one in five an application with a CV) through nginx, 20 at
 *     a time from 100 client addresses; one instance is killed with SIGKILL midway.
 *  3. Every acknowledged submission is stored; every stored one is emailed once (only a send in flight at the kill may repeat, with its Message-ID).
 *  4. The survivor serves everything: pages, health, the four forms, a staff session opened
 *     before the kill, CV download, a CSRF-checked change; HTTP redirects to HTTPS; SIGTERM exits 0.
 * Without PostgreSQL it says so and exits 0. Exits 1 on any failed check.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadSiteFacts } from '../../node/siteFacts.ts';
import { hashPassword } from '../../server/admin/password.ts';
import { REPO_ROOT } from '../../server/config.ts';
import { messageIdOf, NOTIFIER_DEFAULTS } from '../../server/notify/notifier.ts';
import type { FormName } from '../../server/storage/repository.ts';
import { DOCX_BYTES, PDF_BYTES, removeTempDirs } from '../../server/testSupport.ts';
import { TEST_SCHEDULE_CLOCK } from '../support/testClock.ts';
import { checklist } from './checks.ts';
import { json, sender } from './http.ts';
import {
  distDir,
  findNginx,
  findPostgres,
  freePort,
  type Instance,
  nginxConfig,
  startInstance,
  startNginx,
  startSmtp,
  throwawayCertificate,
  waitForPort,
} from './setup.ts';

const TOTAL = 1_000;
const CONCURRENCY = 20;
const CLIENT_ADDRESSES = 100;
const LIMIT = 20;
const { check, seconds, stopped, finish } = checklist('test:cluster');

const databaseUrl = await findPostgres();
if (!databaseUrl) {
  console.log(
    'test:cluster skipped: no PostgreSQL (set TEST_DATABASE_URL, or run one on 127.0.0.1:5432 with trust auth and a database "test").',
  );
  process.exit(0);
}
const nginx = findNginx();
if (!nginx) {
  console.error(
    'test:cluster needs nginx, and none was found (NGINX_PATH, /usr/sbin/nginx, nginx on the PATH).\n' +
      "Install Debian's nginx:   sudo apt-get update && sudo apt-get install -y nginx",
  );
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'triune-cluster-'));
const schema = `test_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
const run = randomBytes(3).toString('hex');
const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`set search_path = "${schema}"`);
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
};

const instances: Instance[] = [];
let nginxProcess: ReturnType<typeof startNginx> | undefined;
const smtp = await startSmtp();

async function cleanup(): Promise<void> {
  for (const i of instances) if (i.process.exitCode === null && !i.process.killed) i.process.kill('SIGKILL');
  nginxProcess?.kill('SIGQUIT');
  await smtp.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
  rmSync(dir, { recursive: true, force: true });
  removeTempDirs();
}

try {
  // Setup ---------------------------------------------------------------------------------------
  const { cert, key } = throwawayCertificate(dir);
  const ca = readFileSync(cert);
  const content = REPO_ROOT;
  const facts = loadSiteFacts(content);
  if (!facts.positions.length)
    throw new Error('The content lists no open position: applications cannot be tested.');
  const [httpPort, httpsPort, portA, portB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  if (!httpPort || !httpsPort || !portA || !portB) throw new Error('no free ports');
  const origin = `https://127.0.0.1:${httpsPort}`;
  // A fresh schema, first in every instance's search_path (PGOPTIONS is read by node-postgres).
  {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema "${schema}"`);
    await client.end();
  }
  const password = `cluster-${randomBytes(8).toString('hex')}`;
  const env = {
    DATABASE_URL: databaseUrl,
    PGOPTIONS: `-c search_path=${schema}`,
    CONTENT_DIR: content,
    DIST_DIR: distDir(dir),
    TRUST_PROXY: '1',
    RATE_LIMIT_FORMS: String(LIMIT),
    RATE_LIMIT_APPLY: String(LIMIT),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Website <no-reply@example.com>',
    NOTIFY_DEMO: 'sales@example.com',
    NOTIFY_BROCHURE: 'sales@example.com',
    NOTIFY_APPLICATIONS: 'jobs@example.com',
    NOTIFY_CONTACT: 'hello@example.com',
    // Hashed once here rather than by each instance at start.
    ADMIN_PASSWORD_HASH: await hashPassword(password),
    // The staff checks below are about sessions shared by instances, not two-step sign-in (which
    // an administrator must otherwise set up first: server/staff/twoStep.test.ts covers it).
    STAFF_2FA_ROLES: 'none',
    LOG_LEVEL: 'warn',
    // The schedules' clock: before the sample openings close (tests/support/testClock.ts).
    SCHEDULE_CLOCK: TEST_SCHEDULE_CLOCK,
  };
  // Both at once, as a deploy restarts them: the migrations take turns (advisory lock).
  instances.push(...(await Promise.all([startInstance(portA, env), startInstance(portB, env)])));
  nginxProcess = startNginx(
    nginx,
    nginxConfig(dir, { httpPort, httpsPort, instances: [portA, portB], cert, key }),
    dir,
  );
  await Promise.all([waitForPort(httpPort), waitForPort(httpsPort)]);
  console.log(
    `== Two instances (${portA}, ${portB}) on schema ${schema}, nginx on https://127.0.0.1:${httpsPort} (${seconds()})`,
  );

  const send = sender({ httpPort, httpsPort, ca });

  /** The i-th submission: its form, a unique email to find it by, its body. */
  async function submission(i: number, tag = run) {
    const form = (['contact', 'application', 'demo', 'brochure', 'contact'] as FormName[])[i % 5] as FormName;
    const email = `c${tag}.n${i}@example.com`;
    const post = (p: string, body: unknown) => ({
      form,
      email,
      path: `/backend/api/${p}`,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(body)),
    });
    if (form === 'contact')
      return post('contact', {
        name: `Cluster ${i}`,
        email,
        mobileNumber: '9876543210',
        message: `Cluster test message ${i}.`,
      });
    if (form === 'demo')
      return post('contact-demo', {
        name: `Cluster ${i}`,
        phone: '9876543210',
        email,
        serviceType: facts.serviceTypes[0] ?? '',
        query: `Demo ${i}.`,
      });
    if (form === 'brochure') return post('brochure-request', { email });
    const cv = i % 2 ? Buffer.concat([PDF_BYTES, Buffer.from(`% ${run}-${i}\n`)]) : DOCX_BYTES;
    const data = new FormData();
    data.set('fullName', `Cluster ${i}`);
    data.set('email', email);
    data.set('phone', '9876543210');
    data.set('coverLetter', `Application ${i}.`);
    data.set('position', facts.positions[0] ?? '');
    data.set('cv', new Blob([new Uint8Array(cv)]), i % 2 ? 'cv.pdf' : 'cv.docx');
    const encoded = new Request('http://x/', { method: 'POST', body: data });
    return {
      form,
      email,
      path: '/backend/api/apply-position',
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      body: Buffer.from(await encoded.arrayBuffer()),
    };
  }

  // 1. One rate limit for both instances -----------------------------------------------------------
  const limited: number[] = [];
  for (let i = 0; i < LIMIT + 5; i++) {
    const s = await submission(i, `${run}rl`);
    if (s.form !== 'contact') {
      const c = await submission(0, `${run}rl${i}`);
      limited.push(
        (await send('POST', c.path, { body: c.body, headers: c.headers, from: '127.0.2.1' })).status,
      );
    } else
      limited.push(
        (await send('POST', s.path, { body: s.body, headers: s.headers, from: '127.0.2.1' })).status,
      );
  }
  const accepted = limited.filter((s) => s === 200).length;
  check(
    accepted === LIMIT && limited.slice(LIMIT).every((s) => s === 429),
    `rate limit global: ${LIMIT + 5} contact messages from one address through nginx to two instances, ${accepted} accepted (limit ${LIMIT})`,
  );

  // A visitor cannot pick another rate-limit key by sending its own X-Forwarded-For.
  const spoof = await submission(0, `${run}spoof`);
  const spoofed = await send('POST', spoof.path, {
    body: spoof.body,
    headers: { ...spoof.headers, 'x-forwarded-for': '198.51.100.7' },
    from: '127.0.2.1',
  });
  check(spoofed.status === 429, `a spoofed X-Forwarded-For does not escape the limit (${spoofed.status})`);

  // A staff session opened now, on whichever instance nginx picks, is used after the kill.
  const login = await send('POST', '/backend/api/admin/login', {
    body: Buffer.from(JSON.stringify({ email: 'admin@localhost', password })),
    headers: { 'content-type': 'application/json', origin },
    from: '127.0.4.1',
  });
  const cookie = String([login.headers['set-cookie']].flat()[0] ?? '').split(';')[0] ?? '';
  const csrf = String(json(login).csrfToken ?? '');
  check(login.status === 200 && cookie.length > 0, 'staff sign-in through nginx');

  // 2. 1,000 submissions, one instance killed midway ------------------------------------------------
  const loadStarted = Date.now();
  const acknowledged: { form: FormName; email: string }[] = [];
  const statuses = new Map<number | string, number>();
  let next = 0;
  let killedAt = -1;
  async function worker(): Promise<void> {
    for (;;) {
      const i = next++;
      if (i >= TOTAL) return;
      const s = await submission(i);
      let status: number | string;
      try {
        status = (
          await send('POST', s.path, {
            body: s.body,
            headers: s.headers,
            from: `127.0.1.${(i % CLIENT_ADDRESSES) + 1}`,
          })
        ).status;
      } catch (error) {
        status = (error as Error).message;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) acknowledged.push({ form: s.form, email: s.email });
      if (killedAt < 0 && acknowledged.length >= TOTAL / 2) {
        killedAt = acknowledged.length;
        instances[0]?.process.kill('SIGKILL');
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  console.log(
    `== ${TOTAL} submissions in ${loadSeconds.toFixed(1)} s (${(TOTAL / loadSeconds).toFixed(0)}/s), instance ${portA} killed after ${killedAt} acknowledged; answers ${[
      ...statuses,
    ]
      .map(([k, n]) => `${k}×${n}`)
      .join(', ')}`,
  );
  check((await instances[0]?.exited) === null, `instance ${portA} was killed with SIGKILL midway`);
  check(acknowledged.length >= TOTAL * 0.9, `${acknowledged.length} of ${TOTAL} acknowledged (at least 90%)`);

  // 3. No acknowledged row lost; each stored submission emailed once ---------------------------------
  const tables: Record<FormName, string> = {
    demo: 'demo_requests',
    brochure: 'brochure_requests',
    application: 'applications',
    contact: 'contact_messages',
  };
  const stored = new Set<string>();
  for (const [form, table] of Object.entries(tables))
    for (const row of await query<{ email: string }>(`select email from ${table}`))
      stored.add(`${form} ${row.email}`);
  const lost = acknowledged.filter((a) => !stored.has(`${a.form} ${a.email}`));
  check(
    lost.length === 0,
    `acknowledged rows lost: ${lost.length} (of ${acknowledged.length}; ${stored.size} rows stored)`,
  );

  const deadline = Date.now() + 90_000;
  let pending = -1;
  while (Date.now() < deadline) {
    pending =
      (await query<{ n: number }>('select count(*)::int as n from outbox where sent_at is null'))[0]?.n ?? -1;
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  // Time for a duplicate to show up, were there one.
  await new Promise((r) => setTimeout(r, 1_500));
  const outbox = await query<{ id: number; form: FormName; submission_id: number }>(
    'select id, form, submission_id from outbox',
  );
  const received = new Map<string, number>();
  for (const m of smtp.messages) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
  const counts = outbox.map(
    (o) =>
      received.get(messageIdOf({ id: o.id, form: o.form, submissionId: o.submission_id }, env.MAIL_FROM)) ??
      0,
  );
  const emailed = smtp.messages.length;
  const missing = counts.filter((n) => n === 0).length;
  const twice = counts.filter((n) => n > 1).length;
  check(
    outbox.length === stored.size,
    `one outbox row per stored submission (${outbox.length} for ${stored.size})`,
  );
  // A SIGKILL after the SMTP server accepted a message but before its outbox row recorded that is a
  // window no sender can close: the survivor must send again what it cannot know was sent. Such a
  // resend carries the same Message-ID (mail clients show it once), and only the killed instance's
  // sends in flight can repeat, once each. Every other email must arrive exactly once.
  const inFlight = NOTIFIER_DEFAULTS.concurrency;
  const sent = counts.reduce((a, b) => a + b, 0);
  check(
    pending === 0 && missing === 0 && twice <= inFlight && counts.every((n) => n <= 2) && emailed === sent,
    `each email delivered once (at most the killed instance's ${inFlight} sends in flight resent, with the same Message-ID): ${emailed} messages for ${outbox.length} submissions (${missing} missing, ${twice} more than once, ${emailed - sent} not from the outbox)`,
  );

  // 4. The survivor serves everything -------------------------------------------------------------
  const from = '127.0.3.1';
  const page = await send('GET', '/', { from });
  check(page.status === 200 && page.body.toString().includes('<h1>Home</h1>'), 'survivor: the home page');
  const health = await send('GET', '/backend/api/health', { from });
  check(health.status === 200, 'survivor: health 200');
  // deploy/nginx.conf lets the editor's pictures (up to 10 MB) through, and nothing else that big.
  const eightMb = Buffer.alloc(8 * 1024 * 1024, 'a');
  const picture = await send('POST', '/backend/api/admin/content/images', { body: eightMb, from });
  // The site refuses it unsigned, having read it to its end: a connection closed under nginx while it
  // writes would answer 502 and take the survivor out of rotation for every request below.
  check(
    picture.status === 401,
    `nginx passes an 8 MB editor upload on to the site, which refuses it unsigned (${picture.status})`,
  );
  const tooBig = await send('POST', '/backend/api/contact', { body: eightMb, from });
  check(tooBig.status === 413, `nginx refuses an 8 MB form post (${tooBig.status})`);
  for (let i = 0; i < 5; i++) {
    const s = await submission(i, `${run}after`);
    const res = await send('POST', s.path, { body: s.body, headers: s.headers, from });
    check(res.status === 200, `survivor: ${s.form} submission ${res.status}`);
  }
  const staff = { cookie, origin };
  const session = await send('GET', '/backend/api/admin/session', { headers: staff, from });
  check(session.status === 200, 'survivor: the staff session opened before the kill still works');
  const list = await send('GET', '/backend/api/admin/submissions/application', { headers: staff, from });
  const items = (json(list).items ?? []) as { id: number }[];
  const first = items[0];
  if (first) {
    const cv = await send('GET', `/backend/api/admin/submissions/application/${first.id}/cv`, {
      headers: staff,
      from,
    });
    const [row] = await query<{ cv_sha256: string }>('select cv_sha256 from applications where id = $1', [
      first.id,
    ]);
    check(
      cv.status === 200 && createHash('sha256').update(cv.body).digest('hex') === row?.cv_sha256,
      'survivor: CV download, byte for byte',
    );
    const handled = await send('POST', `/backend/api/admin/submissions/application/${first.id}/handled`, {
      headers: { ...staff, 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: Buffer.from(JSON.stringify({ handled: true })),
      from,
    });
    check(handled.status === 200, 'survivor: marking handled with the CSRF token');
  } else
    check(
      false,
      `survivor: the staff list of applications (${list.status} ${list.body.toString().slice(0, 200)})`,
    );
  const plain = await send('GET', '/careers/?x=1', { plain: true, from });
  check(
    plain.status === 301 &&
      String(plain.headers.location).startsWith('https://127.0.0.1') &&
      String(plain.headers.location).endsWith('/careers/?x=1'),
    `HTTP redirects to HTTPS (${plain.status} ${String(plain.headers.location)})`,
  );
  const survivor = instances[1];
  survivor?.process.kill('SIGTERM');
  check((await survivor?.exited) === 0, 'survivor: SIGTERM exits 0');

  console.log(
    `== test:cluster: ${TOTAL} submissions at concurrency ${CONCURRENCY} through nginx, 1 kill -9, ${acknowledged.length} acknowledged, ${lost.length} lost, ${emailed} emails for ${outbox.length} stored (${twice} duplicates), rate limit ${accepted}/${LIMIT + 5} accepted with limit ${LIMIT}; ${seconds()} in all`,
  );
} catch (error) {
  stopped(error);
  for (const i of instances) console.error(`--- instance ${i.port} output:\n${i.output().slice(-3000)}`);
  try {
    console.error(
      `--- nginx error log:\n${readFileSync(path.join(dir, 'nginx-error.log'), 'utf8').slice(-3000)}`,
    );
  } catch {
    // no log
  }
} finally {
  await cleanup();
}
finish();
