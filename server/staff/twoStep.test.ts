// @vitest-environment node
/**
 * Two-step sign-in over real HTTP and a real SQLite file, with codes made by otplib for a clock the
 * test controls: an administrator (STAFF_2FA_ROLES=admin) sets it up before anything else, then
 * signs in with password and code; codes work once; recovery codes work once; an inbox account
 * turns it on and off for itself; wrong codes count like wrong passwords; `npm run staff -- 2fa`.
 */
import { generate } from 'otplib';
import { hashPassword } from '../admin/password.ts';
import { CSRF_HEADER } from '../admin/routes.ts';
import { removeTempDirs, startTestServer, type TestServer } from '../testSupport.ts';
import { StaffAccounts } from './accounts.ts';
import { runStaff } from './commands.ts';
import { adminMessages } from './messages.ts';
import { RECOVERY_CODE_COUNT, TWO_STEP_ISSUER, TwoStep, twoStepMessages } from './twoStep.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const BOSS = { email: 'boss@example.com', password: 'the first administrator password' };
const RAVI = { email: 'ravi@example.com', password: 'ravi has a long password' };
let clock = Date.UTC(2026, 10, 27, 9, 0, 0);
let server: TestServer;
let accounts: StaffAccounts;

beforeAll(async () => {
  server = await startTestServer({
    admin: {
      passwordHash: await hashPassword(BOSS.password, FAST),
      adminEmail: BOSS.email,
      twoStepRoles: ['admin'],
    },
    now: () => clock,
  });
  accounts = new StaffAccounts(server.db, { hashParams: FAST });
  await accounts.add({ ...RAVI, name: 'Ravi', role: 'inbox' });
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

interface Session {
  cookie: string;
  csrf: string;
}

const codeAt = (secret: string, ms = clock) => generate({ secret, epoch: Math.floor(ms / 1000) });

async function login(body: Record<string, unknown>) {
  const res = await fetch(`${server.api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { message?: string; codeRequired?: boolean; csrfToken?: string };
  const session: Session = {
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    csrf: json.csrfToken ?? '',
  };
  return { status: res.status, json, session };
}

async function call(s: Session, method: string, route: string, body?: unknown) {
  const res = await fetch(`${server.api}/admin${route}`, {
    method,
    headers: {
      cookie: s.cookie,
      ...(method !== 'GET' && { [CSRF_HEADER]: s.csrf }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

let bossSecret = '';
let bossRecovery: string[] = [];

describe('an administrator without two-step sign-in', () => {
  it('must set it up at its next sign-in before it can do anything else', async () => {
    const { status, session } = await login(BOSS);
    expect(status).toBe(200);
    const info = await call(session, 'GET', '/session');
    expect(info.json).toMatchObject({ mustSetUpTwoStep: true, forms: [] });
    for (const route of ['/submissions/demo', '/export?form=demo', '/content/pages']) {
      const res = await call(session, 'GET', route);
      expect(res.status, route).toBe(403);
      expect(res.json.message).toBe(adminMessages.setUpTwoStep);
    }
    expect((await call(session, 'GET', '/account/two-step')).json).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: true,
    });

    const begun = await call(session, 'POST', '/account/two-step/begin');
    expect(begun.status).toBe(200);
    const { secret, uri, qr } = begun.json as {
      secret: string;
      uri: string;
      qr: { size: number; path: string };
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/${encodeURIComponent(TWO_STEP_ISSUER)}:${encodeURIComponent(BOSS.email)}?secret=${secret}&issuer=${encodeURIComponent(TWO_STEP_ISSUER)}`,
    );
    expect(qr.size).toBeGreaterThanOrEqual(21);
    expect(qr.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);

    const wrong = await call(session, 'POST', '/account/two-step/confirm', { code: '000000' });
    expect(wrong).toMatchObject({ status: 400, json: { message: twoStepMessages.wrongCode } });
    const confirmed = await call(session, 'POST', '/account/two-step/confirm', {
      code: await codeAt(secret),
    });
    expect(confirmed.status).toBe(200);
    const codes = (confirmed.json as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await call(session, 'GET', '/submissions/demo')).status).toBe(200);
    expect((await call(session, 'GET', '/session')).json.mustSetUpTwoStep).toBe(false);
    // Keyed by the first administrator's email, like any account; recovery codes only as hashes.
    const row = await server.db.db
      .selectFrom('staff_two_step')
      .selectAll()
      .where('email', '=', BOSS.email)
      .executeTakeFirst();
    expect(row?.secret).toBe(secret);
    const stored = JSON.stringify(
      await server.db.db.selectFrom('staff_recovery_codes').selectAll().execute(),
    );
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }
    bossSecret = secret;
    bossRecovery = codes;
    await call(session, 'POST', '/logout');
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the password, and takes each code once', async () => {
    clock += 60_000;
    const noCode = await login(BOSS);
    expect(noCode).toMatchObject({
      status: 401,
      json: { codeRequired: true, message: adminMessages.codeRequired },
    });
    expect(noCode.session.cookie).toBe('');
    const wrongCode = await login({ ...BOSS, code: '123456' });
    expect(wrongCode).toMatchObject({
      status: 401,
      json: { codeRequired: true, message: adminMessages.wrongCode },
    });
    // A code never goes with a wrong password.
    const code = await codeAt(bossSecret);
    expect((await login({ ...BOSS, password: 'wrong password here', code })).status).toBe(401);
    const good = await login({ ...BOSS, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(good.status).toBe(200);
    expect((await call(good.session, 'GET', '/submissions/demo')).status).toBe(200);
    // The same code again (a code seen over a shoulder, replayed within its 30 s): refused.
    expect((await login({ ...BOSS, code })).status).toBe(401);
    clock += 30_000;
    expect((await login({ ...BOSS, code: await codeAt(bossSecret) })).status).toBe(200);
    // A code from the app's previous 30 s is still taken (a phone's clock drifts)...
    clock += 30_000;
    const late = await codeAt(bossSecret);
    clock += 30_000;
    expect((await login({ ...BOSS, code: late })).status).toBe(200);
    // ...one from two minutes ago is not.
    clock += 30_000;
    const old = await codeAt(bossSecret, clock - 120_000);
    clock += 30_000;
    expect((await login({ ...BOSS, code: old })).status).toBe(401);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    clock += 60_000;
    const [first = '', second = ''] = bossRecovery;
    expect((await login({ ...BOSS, code: first.toUpperCase().replace('-', ' ') })).status).toBe(200);
    expect((await login({ ...BOSS, code: first })).status).toBe(401);
    expect((await login({ ...BOSS, code: second })).status).toBe(200);
    const signedIn = await login({ ...BOSS, code: bossRecovery[2] });
    expect((await call(signedIn.session, 'GET', '/account/two-step')).json).toMatchObject({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 3,
    });
  });

  it('counts wrong codes like wrong passwords: 429 after the fifth', async () => {
    // A successful sign-in above reset the count.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login({ ...BOSS, code: '999999' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    clock += 61_000;
  });
});

describe('an account whose role need not use it', () => {
  it('turns it on and off for itself (off needs a current code)', async () => {
    clock += 60 * 60_000;
    const { session } = await login(RAVI);
    expect((await call(session, 'GET', '/session')).json.mustSetUpTwoStep).toBe(false);
    expect((await call(session, 'GET', '/account/two-step')).json).toMatchObject({
      enabled: false,
      required: false,
    });
    const { secret } = (await call(session, 'POST', '/account/two-step/begin')).json as { secret: string };
    expect(
      (await call(session, 'POST', '/account/two-step/confirm', { code: await codeAt(secret) })).status,
    ).toBe(200);
    expect((await call(session, 'POST', '/account/two-step/begin')).status).toBe(409);
    expect((await login(RAVI)).json.codeRequired).toBe(true);

    clock += 30_000;
    const wrong = await call(session, 'POST', '/account/two-step/disable', { code: '000000' });
    expect(wrong).toMatchObject({ status: 400, json: { message: adminMessages.wrongCode } });
    const off = await call(session, 'POST', '/account/two-step/disable', { code: await codeAt(secret) });
    expect(off.status).toBe(200);
    expect((await login(RAVI)).status).toBe(200);
    expect(
      await server.db.db
        .selectFrom('staff_recovery_codes')
        .where('email', '=', RAVI.email)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('needs the CSRF token to change it', async () => {
    const { session } = await login(RAVI);
    const res = await call({ ...session, csrf: 'forged' }, 'POST', '/account/two-step/begin');
    expect(res.status).toBe(403);
  });
});

describe('npm run staff -- 2fa', () => {
  const run = async (codes: string[], ...args: string[]) => {
    let out = '';
    await runStaff(
      args,
      accounts,
      (s) => {
        out += s;
      },
      async () => '',
      BOSS.email,
      {
        twoStep: new TwoStep(server.db, () => clock),
        roles: ['admin'],
        readCode: async () => codes.shift() ?? '',
      },
    );
    return out;
  };

  it('enables it with a code from the app, and prints the recovery codes once', async () => {
    clock += 60 * 60_000;
    const pendingSecret = async () =>
      (
        await server.db.db
          .selectFrom('staff_two_step')
          .select('secret')
          .where('email', '=', RAVI.email)
          .executeTakeFirst()
      )?.secret ?? '';
    // A wrong code: nothing is turned on.
    await expect(run(['000000'], '2fa', 'enable', RAVI.email)).rejects.toThrow(twoStepMessages.wrongCode);
    const twoStep = new TwoStep(server.db, () => clock);
    expect(await twoStep.enabled(RAVI.email)).toBe(false);
    // The person scans what was printed and types the app's code.
    let printedKey = '';
    let printedAll = '';
    const out = await runStaff(
      ['2fa', 'enable', RAVI.email],
      accounts,
      (text) => {
        printedKey ||= /Key: ([A-Z2-7]+)/.exec(text)?.[1] ?? '';
        printedAll += text;
      },
      async () => '',
      BOSS.email,
      { twoStep, roles: ['admin'], readCode: async () => codeAt(await pendingSecret()) },
    ).then(() => 'done');
    expect(out).toBe('done');
    expect(printedKey).toBe(await pendingSecret());
    expect(printedAll.match(/^ {2}[a-z2-9]{5}-[a-z2-9]{5}$/gm)).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await twoStep.enabled(RAVI.email)).toBe(true);
    const printed = await run([], '2fa', 'enable', RAVI.email).catch((e: Error) => e.message);
    expect(printed).toBe(twoStepMessages.alreadyOn);
  });

  it('resets it for a lost phone: off, and the account signed out', async () => {
    clock += 30_000;
    const secret =
      (
        await server.db.db
          .selectFrom('staff_two_step')
          .select('secret')
          .where('email', '=', RAVI.email)
          .executeTakeFirst()
      )?.secret ?? '';
    const { session, status } = await login({ ...RAVI, code: await codeAt(secret) });
    expect(status).toBe(200);
    expect(await run([], '2fa', 'reset', RAVI.email)).toBe(
      `Two-step sign-in of ${RAVI.email} is cleared and its sessions have ended; it may set it up again from Account in the staff area.\n`,
    );
    expect((await call(session, 'GET', '/session')).status).toBe(401);
    expect((await login(RAVI)).status).toBe(200);
  });

  it('works for the first administrator (ADMIN_EMAIL) and says a required role sets it up again', async () => {
    expect(await run([], '2fa', 'disable', BOSS.email)).toBe(
      `Two-step sign-in is off for ${BOSS.email}; its role (admin) must use it, so it sets it up again at its next sign-in.\n`,
    );
    const { session } = await login(BOSS);
    expect((await call(session, 'GET', '/session')).json.mustSetUpTwoStep).toBe(true);
    await expect(run([], '2fa', 'enable', 'nobody@example.com')).rejects.toThrow(
      'There is no account for nobody@example.com.',
    );
  });
});
