// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { verifyPassword } from './admin/password.ts';
import { checkTrustProxy, ENV_VARIABLES, loadConfig, parseTrustProxy, REPO_ROOT } from './config.ts';
import { staffOptions } from './staffOptions.ts';
import { removeTempDirs, tempDir } from './testSupport.ts';

describe('loadConfig', () => {
  it('has the documented defaults with no environment at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      distDir: path.join(REPO_ROOT, 'dist'),
      contentDir: REPO_ROOT,
      dataDir: path.join(REPO_ROOT, 'data'),
      trustProxy: false,
      corsOrigins: [],
      rateLimits: { windowMs: 60_000, apply: 5, forms: 10 },
      jsonBodyLimit: 16 * 1024,
      bodyLimits: { bodyIdleMs: 10_000, slowUploadsMax: 50 },
      requestTimeoutMs: 300_000,
      logLevel: 'info',
      admin: { sessionTtlMs: 480 * 60_000, loginLimit: 10 },
      retentionMonthsApplications: 12,
    });
    expect(c.basePath).toBeUndefined(); // site.yaml `backend` decides
    expect(c.databaseUrl).toBeUndefined(); // SQLite
    expect(c.mail).toBeUndefined(); // no SMTP_URL, no email
    expect(c.admin.passwordHash).toBeUndefined(); // no inbox
    // Every default the table documents is the one the code uses.
    const documented = Object.fromEntries(ENV_VARIABLES.map((v) => [v.name, v.default]));
    expect(documented).toMatchObject({
      PORT: String(c.port),
      HOST: c.host,
      RATE_LIMIT_WINDOW: String(c.rateLimits.windowMs),
      RATE_LIMIT_APPLY: String(c.rateLimits.apply),
      RATE_LIMIT_FORMS: String(c.rateLimits.forms),
      JSON_BODY_LIMIT: String(c.jsonBodyLimit),
      BODY_TIMEOUT: String(c.bodyLimits.bodyIdleMs / 1000),
      REQUEST_TIMEOUT: String(c.requestTimeoutMs / 1000),
      SLOW_UPLOADS_MAX: String(c.bodyLimits.slowUploadsMax),
      SESSION_TTL: String(c.admin.sessionTtlMs / 60_000),
      RATE_LIMIT_ADMIN_LOGIN: String(c.admin.loginLimit),
      RETENTION_MONTHS_APPLICATIONS: String(c.retentionMonthsApplications),
      LOG_LEVEL: c.logLevel,
      TRUST_PROXY: 'false',
      TRUST_PROXY_FIREWALLED: c.trustProxyFirewalled ? '1' : '0',
      STAFF_2FA_ROLES: c.admin.twoStepRoles.join(','),
    });
    expect(c.admin.twoStepRoles).toEqual(['admin']);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      BASE_PATH: 'api-root/',
      DATA_DIR: '/var/lib/site',
      DATABASE_URL: 'postgres://u@db/site',
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
      RATE_LIMIT_WINDOW: '1000',
      RATE_LIMIT_APPLY: '2',
      RATE_LIMIT_FORMS: '3',
      JSON_BODY_LIMIT: '2048',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Site <s@example.com>',
      NOTIFY_DEMO: 'sales@example.com',
      NOTIFY_APPLICATIONS: 'hr@example.com',
      ADMIN_PASSWORD_HASH: 'scrypt$1024$8$1$c2FsdA==$a2V5',
      SESSION_TTL: '30',
      RATE_LIMIT_ADMIN_LOGIN: '4',
      RETENTION_MONTHS_APPLICATIONS: '6',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      basePath: '/api-root',
      dataDir: '/var/lib/site',
      databaseUrl: 'postgres://u@db/site',
      trustProxy: 1,
      corsOrigins: ['https://a.example', 'https://b.example'],
      rateLimits: { windowMs: 1000, apply: 2, forms: 3 },
      jsonBodyLimit: 2048,
      logLevel: 'warn',
      mail: {
        smtpUrl: 'smtp://mail:25',
        from: 'Site <s@example.com>',
        recipients: { demo: 'sales@example.com', application: 'hr@example.com' },
      },
      admin: { passwordHash: 'scrypt$1024$8$1$c2FsdA==$a2V5', sessionTtlMs: 30 * 60_000, loginLimit: 4 },
      retentionMonthsApplications: 6,
    });
  });

  it('refuses a malformed number with the variable’s name', () => {
    expect(() => loadConfig({ RATE_LIMIT_APPLY: 'five' })).toThrow(/RATE_LIMIT_APPLY must be a whole number/);
    expect(() => loadConfig({ RATE_LIMIT_FORMS: '0' })).toThrow(/RATE_LIMIT_FORMS/);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual(value);
  });

  it('lists in ENV_VARIABLES every variable the server reads', () => {
    const read = new Set<string>();
    for (const file of ['config.ts', 'start.ts', 'staffOptions.ts', 'cli/submissions.ts']) {
      const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
      for (const m of source.matchAll(/env\.([A-Z][A-Z0-9_]+)|int\(env, '([A-Z][A-Z0-9_]+)'/g))
        read.add(m[1] ?? m[2] ?? '');
      for (const m of source.matchAll(/\['[a-z]+', '(NOTIFY_[A-Z]+)'\]/g)) read.add(m[1] ?? '');
    }
    const listed = new Set(ENV_VARIABLES.map((v) => v.name));
    for (const name of read) expect(listed.has(name), name).toBe(true);
    expect(read.size).toBeGreaterThan(20);
  });
});

describe('ADMIN_PASSWORD', () => {
  const site = 'https://www.example.com';

  it('is hashed at start, then gone from the environment and the configuration', async () => {
    const env: NodeJS.ProcessEnv = { ADMIN_PASSWORD: 'twelve chars', PORT: '8080' };
    const config = loadConfig(env);
    expect(config.admin.password).toBe('twelve chars');
    const { admin } = await staffOptions(config, site, env);
    expect(await verifyPassword('twelve chars', admin?.passwordHash ?? '')).toBe(true);
    expect(env).toEqual({ PORT: '8080' });
    expect('ADMIN_PASSWORD' in env).toBe(false);
    expect(config.admin.password).toBeUndefined();
    expect(JSON.stringify(config)).not.toContain('twelve chars');
  });

  it.each([
    ['11 characters', 'eleven char'],
    ['11 characters that take 22 UTF-16 units', '🔑'.repeat(11)],
  ])('refuses one of %s, with a clear message, and still forgets it', async (_, password) => {
    const env: NodeJS.ProcessEnv = { ADMIN_PASSWORD: password };
    const config = loadConfig(env);
    await expect(staffOptions(config, site, env)).rejects.toThrow(
      'ADMIN_PASSWORD must be at least 12 characters long (or set ADMIN_PASSWORD_HASH, made with `npm run submissions -- hash-password`).',
    );
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(config.admin.password).toBeUndefined();
  });

  it('is ignored (not checked, not hashed) under ADMIN_PASSWORD_HASH, and still removed', async () => {
    const hash = 'scrypt$1024$8$1$c2FsdA==$a2V5';
    const env: NodeJS.ProcessEnv = { ADMIN_PASSWORD: 'short', ADMIN_PASSWORD_HASH: hash };
    const { admin } = await staffOptions(loadConfig(env), site, env);
    expect(admin?.passwordHash).toBe(hash);
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });
});

describe('TRUST_PROXY with HOST', () => {
  const check = (env: NodeJS.ProcessEnv) => () => checkTrustProxy(loadConfig(env));

  it.each([
    ['1', undefined],
    ['true', undefined],
    ['2', '0.0.0.0'],
    ['1', '192.168.1.10'],
    ['true', '::'],
  ])(
    'refuses TRUST_PROXY=%s with HOST=%s (anyone could connect and name their own address)',
    (trust, host) => {
      const run = check({ TRUST_PROXY: trust, ...(host && { HOST: host }), PORT: '3005' });
      expect(run).toThrow(
        `TRUST_PROXY=${trust === 'true' ? 'true' : trust} believes the X-Forwarded-For header of every connection, and HOST=${host ?? '0.0.0.0'} lets anyone connect to this port directly and claim any address (unlimited sign-in guesses). Set HOST=127.0.0.1 when the reverse proxy runs on this machine; or set TRUST_PROXY to the proxy's own address (e.g. TRUST_PROXY=10.0.0.5); or, if a firewall lets only the proxy reach port 3005, set TRUST_PROXY_FIREWALLED=1.`,
      );
    },
  );

  it.each([
    [{ TRUST_PROXY: '1', HOST: '127.0.0.1' }],
    [{ TRUST_PROXY: 'true', HOST: '::1' }],
    [{ TRUST_PROXY: '1', HOST: 'localhost' }],
    [{ TRUST_PROXY: '1', TRUST_PROXY_FIREWALLED: '1' }],
    [{ TRUST_PROXY: 'true', HOST: '10.0.0.2', TRUST_PROXY_FIREWALLED: 'true' }],
    [{ TRUST_PROXY: '10.0.0.5' }],
    [{ TRUST_PROXY: '0' }],
    [{}],
  ])('accepts %o', (env) => {
    expect(check(env)).not.toThrow();
  });

  it('reads TRUST_PROXY_FIREWALLED as 1 or 0 only', () => {
    expect(() => loadConfig({ TRUST_PROXY_FIREWALLED: 'maybe' })).toThrow(
      'TRUST_PROXY_FIREWALLED must be 1 or 0 (or on / off), got "maybe".',
    );
    expect(loadConfig({ TRUST_PROXY_FIREWALLED: '0' }).trustProxyFirewalled).toBe(false);
  });

  it('makes `npm start` refuse to start, saying what to do', () => {
    // A build is there (so nothing is built), on a port of the system's choosing.
    const dist = tempDir('trust-proxy');
    mkdirSync(path.join(dist, 'client'));
    writeFileSync(path.join(dist, 'client', 'index.html'), '<!doctype html><title>x</title>');
    const started = spawnSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(REPO_ROOT, 'server', 'start.ts')],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, TRUST_PROXY: '1', DIST_DIR: dist, PORT: '0', DATA_DIR: dist },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    removeTempDirs();
    expect(started.stderr).toContain('Not starting: TRUST_PROXY=1 believes the X-Forwarded-For header');
    expect(started.status).toBe(1);
  }, 40_000);
});

describe('STAFF_2FA_ROLES', () => {
  it.each([
    [undefined, ['admin']],
    ['admin,content', ['admin', 'content']],
    [' Inbox , admin ', ['inbox', 'admin']],
    ['none', []],
  ])('reads %s', (raw, roles) => {
    expect(loadConfig(raw === undefined ? {} : { STAFF_2FA_ROLES: raw }).admin.twoStepRoles).toEqual(roles);
  });

  it('refuses a name that is no role', () => {
    expect(() => loadConfig({ STAFF_2FA_ROLES: 'admin,boss' })).toThrow(
      'STAFF_2FA_ROLES takes roles among admin, content, publisher, inbox (or none), comma-separated; "boss" is not one.',
    );
  });

  it('reaches the server options', async () => {
    const env = { STAFF_2FA_ROLES: 'admin,content' };
    const { admin } = await staffOptions(loadConfig(env), 'https://www.example.com', env);
    expect(admin?.twoStepRoles).toEqual(['admin', 'content']);
  });
});

describe('SCHEDULE_CLOCK', () => {
  it('takes a whole date and time with its offset', () => {
    expect(loadConfig({ SCHEDULE_CLOCK: '2027-03-01T09:00:00+05:30' }).scheduleClock?.toISOString()).toBe(
      '2027-03-01T03:30:00.000Z',
    );
    expect(loadConfig({}).scheduleClock).toBeUndefined();
  });

  it('refuses a day that does not exist, a date alone and a time without its offset, in words', () => {
    for (const value of ['2027-02-30T09:00:00+05:30', '2027-03-01', '2027-03-01T09:00:00', 'March 1'])
      expect(() => loadConfig({ SCHEDULE_CLOCK: value })).toThrow(
        `SCHEDULE_CLOCK is "${value}", which is not a date and time with its offset: write it as 2027-03-01T09:00:00+05:30.`,
      );
  });
});

describe('CONTENT_REVIEW', () => {
  it('is off unless switched on, and refuses a word that is not on or off', () => {
    expect(loadConfig({}).contentReview).toBe(false);
    expect(loadConfig({ CONTENT_REVIEW: 'on' }).contentReview).toBe(true);
    expect(loadConfig({ CONTENT_REVIEW: 'off' }).contentReview).toBe(false);
    expect(() => loadConfig({ CONTENT_REVIEW: 'required' })).toThrow(
      'CONTENT_REVIEW must be 1 or 0 (or on / off), got "required".',
    );
  });
});
