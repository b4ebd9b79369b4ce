// @vitest-environment node
/**
 * A submission for review emails the publishers through the notification outbox (issue 35): the
 * outbox row is written with the submission, the email goes to every publisher and admin account
 * over real SMTP, with one Message-ID per submission, and a note typed by staff is escaped.
 */
import { Reviews } from '../editor/review/reviews.ts';
import { StaffAccounts } from '../staff/accounts.ts';
import { databaseBackends } from '../storage/databaseTestSupport.ts';
import type { Db } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { Repository } from '../storage/repository.ts';
import { Notifier } from './notifier.ts';
import { reviewMail } from './reviewMail.ts';
import { htmlOf, startSmtp } from './smtpTestSupport.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const WEN = { name: 'Wen Writer', email: 'wen@example.com' };

describe.each(databaseBackends('review mail'))('review emails on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = backend.open();
    await migrate(db);
    const accounts = new StaffAccounts(db, { hashParams: FAST });
    for (const [email, role] of [
      ['pat@example.com', 'publisher'],
      ['asha@example.com', 'admin'],
      ['wen@example.com', 'content'],
      ['sam@example.com', 'inbox'],
    ] as const)
      await accounts.add({ email, name: email, role, password: 'a long enough password' });
  });
  afterAll(async () => {
    await db?.close();
    await backend.cleanup();
  });

  it('queues one email per submission with it, and sends it to the publishers and admins', async () => {
    const reviews = new Reviews(db, { notify: true });
    const review = await reviews.submit(['pages/about.yaml'], WEN, 'New <b>heading</b>, please look', {
      'pages/about.yaml': 'v1',
    });
    const repo = new Repository(db);
    const rows = await repo.outbox();
    expect(rows.map((r) => r.form)).toEqual(['review']);

    const smtp = await startSmtp();
    const notifier = new Notifier(
      repo,
      {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Website <no-reply@example.com>',
        recipients: {},
        review: (id) =>
          reviewMail(
            {
              store: db,
              reviews,
              names: (files) => files.map(() => 'About Us'),
              staffUrl: 'https://example.com/admin',
            },
            id,
          ),
      },
      undefined,
      db,
    );
    try {
      expect(await notifier.runOnce()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to.sort()).toEqual(['asha@example.com', 'pat@example.com']);
      expect(mail?.raw).toMatch(/^Subject: Review requested: About Us \(by Wen Writer\)/m);
      expect(mail?.raw).toMatch(
        new RegExp(
          `^Message-ID: <review-${rows[0]?.submission_id}\\.outbox-${rows[0]?.id}@example\\.com>`,
          'm',
        ),
      );
      expect(mail?.raw).toContain('https://example.com/admin#content');
      const html = htmlOf(mail?.raw ?? '');
      expect(html).toContain('New &lt;b&gt;heading&lt;/b&gt;, please look');
      expect(html).not.toContain('<b>heading</b>');
      expect((await repo.outbox()).every((r) => r.sent_at)).toBe(true);

      // Sent back and submitted again: a second email, with its own Message-ID.
      await reviews.decide(
        review.id,
        { name: 'Pat Publisher', email: 'pat@example.com' },
        'changes-requested',
        'Shorter',
      );
      await reviews.submit(['pages/about.yaml'], WEN, null, { 'pages/about.yaml': 'v2' });
      expect(await notifier.runOnce()).toBe(1);
      const ids = smtp.received.map((m) => /^Message-ID: (.*)$/m.exec(m.raw)?.[1]);
      expect(new Set(ids).size).toBe(2);
    } finally {
      await notifier.stop();
      await smtp.close();
    }
  });

  it('queues nothing when the server sends no mail', async () => {
    const repo = new Repository(db);
    const before = (await repo.outbox()).length;
    await new Reviews(db).submit(['pages/contact.yaml'], WEN, null, { 'pages/contact.yaml': 'v1' });
    expect(await repo.outbox()).toHaveLength(before);
  });
});
