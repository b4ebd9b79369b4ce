// @vitest-environment node
import { createServer as createNetServer, type Socket } from 'node:net';
import { SHUTDOWN_TIMEOUT_MS } from '../shutdown.ts';
import type { Repository } from '../storage/repository.ts';
import {
  PDF_BYTES,
  removeTempDirs,
  startTestServer,
  type TestServer,
  testSiteFacts,
} from '../testSupport.ts';
import { composeMail, cvFileName, escapeHtml } from './compose.ts';
import { NOTIFIER_DEFAULTS, Notifier } from './notifier.ts';
import { htmlOf, startSmtp } from './smtpTestSupport.ts';

/** A port nothing listens on (the mail server "down"). */
async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  await new Promise<void>((resolve) => s.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The bytes of the (single) attachment of a raw MIME message. */
function attachmentOf(raw: string): { filename: string; bytes: Buffer } {
  const m =
    /Content-Disposition: attachment;\s*filename=("?)([^"\r\n]+)\1[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/i.exec(
      raw,
    );
  if (!m) throw new Error('no attachment');
  return { filename: m[2] ?? '', bytes: Buffer.from((m[3] ?? '').replace(/\r\n/g, ''), 'base64') };
}

/** The HTML part of a raw MIME message, quoted-printable decoded. */
const facts = testSiteFacts();
const recipients = {
  demo: 'sales@example.com',
  application: 'hr@example.com',
};

afterAll(() => removeTempDirs());

describe('notification emails', () => {
  let server: TestServer | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  afterEach(async () => {
    await server?.stop();
    await smtp?.close();
    server = undefined;
    smtp = undefined;
  });

  async function start(port: number) {
    server = await startTestServer({
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Website <no-reply@example.com>',
        recipients,
        backoffBaseMs: 100,
        backoffMaxMs: 200,
        pollMs: 5000,
      },
    });
    return server;
  }

  it('emails the form’s address after each accepted submission, attaching the CV byte for byte', async () => {
    smtp = await startSmtp();
    const s = await start(smtp.port);
    const demo = await fetch(`${s.api}/contact-demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Asha <b>Rao</b>',
        phone: '9876543210',
        email: 'asha@example.com',
        serviceType: facts.serviceTypes[0],
        query: 'Hello <img src=x onerror=alert(1)>',
      }),
    });
    expect(demo.status).toBe(200);
    const form = new FormData();
    form.append('fullName', 'Ravi Kumar');
    form.append('email', 'ravi@example.com');
    form.append('phone', '9876543210');
    form.append('coverLetter', 'Hello');
    form.append('position', facts.positions[0] ?? '');
    form.append('cv', new Blob([new Uint8Array(PDF_BYTES)], { type: 'application/pdf' }), '../../my cv.pdf');
    expect((await fetch(`${s.api}/apply-position`, { method: 'POST', body: form })).status).toBe(200);
    // The brochure form has no address: stored, not emailed.
    await fetch(`${s.api}/brochure-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'b@example.com' }),
    });

    const mails = await waitFor(() => (smtp && smtp.received.length >= 2 ? smtp.received : undefined));
    const demoMail = mails.find((m) => m.to.includes('sales@example.com'));
    const appMail = mails.find((m) => m.to.includes('hr@example.com'));
    expect(demoMail?.from).toBe('no-reply@example.com');
    expect(demoMail?.raw).toMatch(/^Subject: Demo request #1 from Asha <b>Rao<\/b>/m);
    expect(demoMail?.raw).toMatch(/^Reply-To: asha@example\.com/m);
    const html = htmlOf(demoMail?.raw ?? '');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt;');
    expect(html).not.toMatch(/<img|<b>/);
    expect(appMail?.raw).toMatch(/^Subject: Job application #1 from Ravi Kumar/m);
    const attachment = attachmentOf(appMail?.raw ?? '');
    expect(attachment.filename).toBe('cv-1-ravi-kumar.pdf');
    expect(attachment.bytes.equals(PDF_BYTES)).toBe(true);
    await waitFor(async () => ((await s.repo.outbox()).every((r) => r.sent_at) ? true : undefined));
    expect((await s.repo.outbox()).map((r) => r.form)).toEqual(['demo', 'application']);
    expect(smtp.received).toHaveLength(2);
  });

  it('answers the visitor while the mail server is down, and delivers once it is back', async () => {
    const port = await freePort();
    const s = await start(port);
    const started = Date.now();
    const res = await fetch(`${s.api}/contact-demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Asha',
        phone: '9876543210',
        email: 'asha@example.com',
        serviceType: facts.serviceTypes[0],
        query: 'Hi',
      }),
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // The attempt failed and is kept, with its error, for a retry.
    const failed = await waitFor(async () => {
      const [row] = await s.repo.outbox();
      return row && row.attempts >= 1 && row.last_error ? row : undefined;
    });
    expect(failed.sent_at).toBeNull();
    smtp = await startSmtp(port);
    const mail = await waitFor(() => smtp?.received[0]);
    expect(mail.to).toEqual(['sales@example.com']);
    const row = await waitFor(async () => {
      const [r] = await s.repo.outbox();
      return r?.sent_at ? r : undefined;
    });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
  });
});

const demoRequest = {
  name: 'Asha',
  phone: '9876543210',
  email: 'asha@example.com',
  serviceType: 'x',
  query: 'Please call me.',
};
const visitor = { ip: '203.0.113.5', userAgent: 'vitest' };

describe('erasure while sending', () => {
  it('sends nothing for a submission erased while its email is on its way', async () => {
    let s: TestServer | undefined;
    let id = 0;
    const erased: boolean[] = [];
    // The mail server erases the submission (as staff in the inbox would) in mid-conversation, after
    // the email was composed and the connection opened, before the message is transferred.
    const smtp = await startSmtp(0, async () => {
      erased.push((await s?.repo.remove('demo', id)) ?? false);
    });
    try {
      s = await startTestServer({
        mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'w@example.com', recipients, pollMs: 5000 },
      });
      id = await s.repo.addDemo(demoRequest, visitor);
      s.notifier?.kick();
      // The message was begun (so the check really ran during the send)...
      await waitFor(() => (smtp.counts.started >= 1 ? true : undefined));
      await waitFor(async () => ((await s?.repo.outbox())?.length === 0 ? true : undefined));
      await new Promise((r) => setTimeout(r, 300));
      // ...but never completed: the mail server has nothing to deliver.
      expect(erased).toEqual([true]);
      expect(smtp.received).toEqual([]);
      expect(await s.repo.get('demo', id)).toBeUndefined();
      // The next submission is emailed as usual (the notifier goes on working).
      erased.length = 0;
      const next = await s.repo.addDemo(demoRequest, visitor);
      id = -1; // the hook now erases nothing
      s.notifier?.kick();
      const mail = await waitFor(() => smtp.received[0]);
      expect(mail.raw).toContain(`Demo request #${next}`);
    } finally {
      await s?.stop();
      await smtp.close();
    }
  });
});

describe('shutdown', () => {
  it('does not wait on a mail server that accepts the connection and never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const mail = { smtpUrl: `smtp://127.0.0.1:${address.port}`, from: 'w@example.com', recipients };
    const s = await startTestServer({ mail });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      await s.repo.addDemo(demoRequest, visitor);
      s.notifier?.kick();
      await waitFor(() => (sockets.size ? true : undefined));
      // The whole server closes (the notifier's stop() is one of its onClose hooks) well inside the
      // 10 s shutdown budget, where the SMTP greeting timeout alone is 10 s.
      const started = Date.now();
      await s.stop();
      const took = Date.now() - started;
      expect(took).toBeLessThan(NOTIFIER_DEFAULTS.stopGraceMs + 1500);
      expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);

      // The email stayed in the outbox, unsent and due at once: the next start sends it.
      smtp = await startSmtp();
      const again = await startTestServer({
        dataDir: s.dataDir,
        mail: { ...mail, smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
      });
      try {
        const delivered = await waitFor(() => smtp?.received[0], 3000);
        expect(delivered.to).toEqual(['sales@example.com']);
        const [row] = await again.repo.outbox();
        expect(row?.attempts).toBe(2);
      } finally {
        await again.stop();
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await smtp?.close();
    }
  });
});

describe('retries', () => {
  it('back off from 30 s, doubling, up to an hour', () => {
    const notifier = new Notifier({} as Repository, {
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@example.com',
      recipients: {},
    });
    expect([1, 2, 3, 4, 5].map((a) => notifier.backoff(a))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(notifier.backoff(8)).toBe(3_600_000);
    expect(notifier.backoff(30)).toBe(3_600_000);
    expect(NOTIFIER_DEFAULTS.maxAttempts).toBe(30);
  });

  it('stop after the last attempt, keeping the email and its error in the outbox', async () => {
    const port = await freePort();
    const s = await startTestServer({
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Website <no-reply@example.com>',
        recipients,
        backoffBaseMs: 20,
        backoffMaxMs: 20,
        maxAttempts: 3,
        pollMs: 5000,
      },
    });
    try {
      await s.repo.addDemo(
        { name: 'A', phone: '9876543210', email: 'a@example.com', serviceType: 'x', query: 'q' },
        { ip: '1.2.3.4', userAgent: '' },
      );
      s.notifier?.kick();
      const row = await waitFor(async () => {
        const [r] = await s.repo.outbox();
        return r && r.attempts >= 3 ? r : undefined;
      });
      await new Promise((r) => setTimeout(r, 300));
      const [after] = await s.repo.outbox();
      expect(after).toMatchObject({ attempts: 3, sent_at: null });
      expect(after?.last_error).toBeTruthy();
      expect(row.attempts).toBe(3);
    } finally {
      await s.stop();
    }
  });
});

describe('the notification email', () => {
  const row = {
    form: 'contact' as const,
    id: 7,
    createdAt: '2025-01-31T10:00:00.000Z',
    clientIp: '203.0.113.0',
    userAgent: 'ua',
    handledAt: null,
    fields: {
      name: '<script>alert("x")</script>',
      email: 'a@example.com',
      mobileNumber: '9876543210',
      message: 'Hi <a href="https://evil.example">click</a>\n& bye',
    },
  };

  it('escapes everything a visitor typed in its HTML', () => {
    const mail = composeMail(row);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<a href');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('&amp; bye');
    expect(mail.text).toContain('Message: Hi <a href="https://evil.example">click</a>');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });

  it('keeps the subject on one line and names CVs itself', () => {
    expect(composeMail({ ...row, fields: { ...row.fields, name: 'A\r\nBcc: x@y.z' } }).subject).toBe(
      'Contact message #7 from A Bcc: x@y.z',
    );
    expect(cvFileName(3, 'Ravi Kumar', 'docx')).toBe('cv-3-ravi-kumar.docx');
    expect(cvFileName(4, '../../<x>', 'exe')).toBe('cv-4-x.bin');
    expect(cvFileName(5, 'रवि', 'pdf')).toBe('cv-5.pdf');
  });
});
