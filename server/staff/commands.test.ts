// @vitest-environment node
/** `npm run staff` on both databases: accounts stored, listed, re-passworded and removed. */
import { SessionStore } from '../admin/sessions.ts';
import { databaseBackends } from '../storage/databaseTestSupport.ts';
import type { Db } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { AccountError, StaffAccounts } from './accounts.ts';
import { runStaff, StaffUsageError } from './commands.ts';

const backends = databaseBackends('staff account');

describe.each(backends)('npm run staff on $name', (backend) => {
  let db: Db;
  let accounts: StaffAccounts;
  const passwords: string[] = [];
  const run = async (...args: string[]) => {
    let out = '';
    await runStaff(
      args,
      accounts,
      (s) => {
        out += s;
      },
      async () => passwords.shift() ?? '',
      'admin@localhost',
    );
    return out;
  };

  beforeAll(async () => {
    db = backend.open();
    await migrate(db);
    accounts = new StaffAccounts(db, { hashParams: { N: 1024, r: 8, p: 1 } });
  });
  afterAll(async () => {
    await db?.close();
    await backend.cleanup();
  });

  it('adds accounts with a role (and forms for the inbox), and lists them', async () => {
    passwords.push('first long password', 'second long password');
    expect(
      await run(
        'add',
        'Ravi@Example.com',
        '--role',
        'inbox',
        '--forms',
        'application,contact',
        '--name',
        'Ravi K',
      ),
    ).toBe('Added ravi@example.com (inbox: application, contact).\n');
    expect(await run('add', 'wen@example.com', '--role=content')).toBe('Added wen@example.com (content).\n');
    expect(await run('list')).toBe(
      'ravi@example.com\tinbox (application, contact)\tRavi K\nwen@example.com\tcontent\twen@example.com\n2 account(s).\n',
    );
    const [row] = await db.db
      .selectFrom('staff_users')
      .selectAll()
      .where('email', '=', 'ravi@example.com')
      .execute();
    expect(row?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(JSON.stringify(row)).not.toContain('first long password');
  });

  it('refuses a taken address, a short password, a bad role or form, with a clear message', async () => {
    passwords.push('another long password');
    await expect(run('add', 'RAVI@example.com', '--role', 'admin')).rejects.toThrow(
      new AccountError('There is already an account for ravi@example.com.'),
    );
    passwords.length = 0;
    passwords.push('short');
    await expect(run('add', 'new@example.com', '--role', 'admin')).rejects.toThrow(/at least 12 characters/);
    await expect(run('add', 'new@example.com', '--role', 'boss')).rejects.toThrow(StaffUsageError);
    await expect(run('add', 'new@example.com', '--role', 'inbox', '--forms', 'demo,jobs')).rejects.toThrow(
      /not "jobs"/,
    );
    await expect(run('add', 'new@example.com', '--role', 'content', '--forms', 'demo')).rejects.toThrow(
      /inbox role only/,
    );
    await expect(run('add', 'not-an-address', '--role', 'admin')).rejects.toThrow(/not an email address/);
    await expect(run('add', 'Admin@Localhost', '--role', 'inbox')).rejects.toThrow(
      "admin@localhost is the first administrator's address (ADMIN_EMAIL): choose another one for this account.",
    );
    expect(await accounts.byEmail('new@example.com')).toBeUndefined();
  });

  it('changes a role and the forms of an inbox account, ending the sessions of that account', async () => {
    const sessions = new SessionStore(db, { ttlMs: 60_000, passwordHash: undefined });
    const wen = await accounts.byEmail('wen@example.com');
    if (!wen) throw new Error('no account');
    const { id } = await sessions.create(wen, wen.passwordHash);
    expect(await run('role', 'wen@example.com', 'inbox', '--forms', 'demo')).toBe(
      'wen@example.com is now inbox (demo); its sessions have ended.\n',
    );
    expect(await sessions.get(id)).toBeUndefined();
    expect(await run('list')).toContain('wen@example.com\tinbox (demo)\t');
    expect(await run('role', 'Wen@Example.com', 'content')).toBe(
      'wen@example.com is now content; its sessions have ended.\n',
    );
    expect((await accounts.byEmail('wen@example.com'))?.forms).toBeNull();
    await expect(run('role', 'wen@example.com', 'boss')).rejects.toThrow(StaffUsageError);
    await expect(run('role', 'wen@example.com', 'content', '--forms', 'demo')).rejects.toThrow(
      /inbox role only/,
    );
    await expect(run('role', 'nobody@example.com', 'admin')).rejects.toThrow(
      'There is no account for nobody@example.com.',
    );
    expect((await accounts.byEmail('wen@example.com'))?.role).toBe('content');
  });

  it('changes a password and removes an account, ending their sessions', async () => {
    const sessions = new SessionStore(db, { ttlMs: 60_000, passwordHash: undefined });
    const ravi = await accounts.byEmail('ravi@example.com');
    if (!ravi) throw new Error('no account');
    const { id } = await sessions.create(ravi, ravi.passwordHash);
    expect((await sessions.get(id))?.staff).toEqual({
      id: ravi.id,
      name: 'Ravi K',
      email: 'ravi@example.com',
      role: 'inbox',
      forms: ['application', 'contact'],
    });
    passwords.push('a brand new password');
    expect(await run('passwd', 'ravi@example.com')).toContain('New password set');
    expect(await sessions.get(id)).toBeUndefined();

    const again = await accounts.byEmail('ravi@example.com');
    if (!again) throw new Error('no account');
    const second = await sessions.create(again, again.passwordHash);
    expect(await sessions.get(second.id)).toBeDefined();
    expect(await run('remove', 'ravi@example.com')).toBe('Removed ravi@example.com.\n');
    expect(await sessions.get(second.id)).toBeUndefined();
    await expect(run('remove', 'ravi@example.com')).rejects.toThrow(
      'There is no account for ravi@example.com.',
    );
    await expect(run('passwd', 'ravi@example.com')).rejects.toThrow(AccountError);
  });
});
