/**
 * Server configuration: environment variables only. `ENV_VARIABLES` is the one table of every
 * variable with its default and meaning (README lists it; `npm run submissions -- env` prints it).
 */
import path from 'node:path';
import { normalizeBasePath } from '../node/basePath.ts';
import { DEFAULT_BODY_LIMITS, REQUEST_TIMEOUT_MS } from './bodyGuard.ts';
import { DEFAULT_TWO_STEP_ROLES, isRole, ROLES, type Role } from './staff/types.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export interface EnvVariable {
  name: string;
  default: string;
  description: string;
}

export const ENV_VARIABLES: readonly EnvVariable[] = [
  { name: 'PORT', default: '3000', description: 'Port of the server (site and API).' },
  {
    name: 'HOST',
    default: '0.0.0.0',
    description: 'Address to listen on (127.0.0.1 to accept local connections only).',
  },
  {
    name: 'BASE_PATH',
    default: '`backend` of site.yaml (/backend)',
    description: 'Path under which the API is served ({BASE_PATH}/api/...).',
  },
  {
    name: 'DIST_DIR',
    default: './dist',
    description: 'Where the built site is (DIST_DIR/client is served). Built by `npm start` when missing.',
  },
  {
    name: 'CONTENT_DIR',
    default: '. (the repository)',
    description:
      'Folder holding site.yaml, pages/ and public/: the staff editor saves to it, Publish builds from it (and `npm run dev` shows its pages). The forms take service types and open positions from the build being served (DIST_DIR/site-facts.json).',
  },
  {
    name: 'CONTENT_REMOTE',
    default: '(unset)',
    description:
      'A git repository every instance shares (a URL or a path git can reach: GitHub, GitLab, Gitea, a bare repository on a file server): CONTENT_DIR is then a clone of it, made at start when the folder is missing, and every save is pushed to it (see "Running several instances"). Unset: the content folder alone, as on one instance.',
  },
  {
    name: 'CONTENT_BRANCH',
    default: 'main',
    description:
      'The branch of CONTENT_REMOTE the site is published from: Publish takes drafts there and builds it (saves go to its drafts branch, "Where drafts live").',
  },
  {
    name: 'CONTENT_REVIEW',
    default: 'off',
    description:
      'on: review before publishing. Content editors submit their drafts for review; an account with the role publisher (or admin) approves, which publishes, or asks for changes with a comment, and the publishers are emailed each submission (with SMTP_URL). A server setting, so no content account can switch it off. off: content editors publish themselves.',
  },
  {
    name: 'SCHEDULE_CLOCK',
    default: '(unset)',
    description:
      'A date and time (ISO 8601, e.g. 2027-03-01T09:00:00+05:30) the schedules take as now, for rehearsals and tests: job openings past their closing date on that day leave the site. Unset: the real clock.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Folder of the SQLite database file (submissions.sqlite) when DATABASE_URL is not set.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL connection string (postgres://user:pass@host:5432/db); when set, used instead of SQLite.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Behind a reverse proxy: true (trust all), a hop count (1), or comma-separated addresses/CIDRs of the proxies. Decides the client IP used for rate limits and stored. true or a hop count believes the X-Forwarded-For of anyone who can reach the port, so the server refuses to start with them unless HOST is a loopback address (127.0.0.1, the proxy on the same machine) or TRUST_PROXY_FIREWALLED=1.',
  },
  {
    name: 'TRUST_PROXY_FIREWALLED',
    default: '0',
    description:
      '1: only the reverse proxy can reach PORT (a firewall or private network sees to it), so TRUST_PROXY=true or a hop count is allowed with a HOST that is not loopback (containers, a proxy on another machine).',
  },
  {
    name: 'CORS_ORIGINS',
    default: '(unset: CORS off)',
    description:
      'Comma-separated origins allowed to call the API from another site (https://www.example.com).',
  },
  { name: 'RATE_LIMIT_WINDOW', default: '60000', description: 'Rate-limit window in milliseconds.' },
  { name: 'RATE_LIMIT_APPLY', default: '5', description: 'Applications per IP per window.' },
  {
    name: 'RATE_LIMIT_FORMS',
    default: '10',
    description: 'Submissions per IP per window for each of the other three forms.',
  },
  {
    name: 'JSON_BODY_LIMIT',
    default: '16384',
    description: 'Largest JSON body accepted, in bytes (413 above).',
  },
  {
    name: 'BODY_TIMEOUT',
    default: '10',
    description:
      'Seconds a request body may pause before the server answers 408 and closes the connection; after that long, a body must also average 1 KB/s.',
  },
  {
    name: 'REQUEST_TIMEOUT',
    default: '300',
    description:
      'Seconds a whole request (headers and body) may take to arrive (408 after). 300 lets a 5 MB CV through at 256 kbit/s.',
  },
  {
    name: 'SLOW_UPLOADS_MAX',
    default: '50',
    description:
      'Request bodies that may take longer than 2 seconds at the same time; further requests with a body get 503 until one ends.',
  },
  {
    name: 'DEV_API_PORT',
    default: '3001',
    description: '`npm run dev` only: internal port of the API, which Vite (on PORT) proxies BASE_PATH to.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: no email)',
    description:
      'Mail server for submission notifications (smtps://user:pass@smtp.example.com:465 or smtp://host:587). Unset: nothing is emailed.',
  },
  {
    name: 'MAIL_FROM',
    default: '`Website <no-reply@(host of site.yaml url)>`',
    description: 'Sender of the notification emails.',
  },
  {
    name: 'NOTIFY_DEMO',
    default: '(unset)',
    description:
      'Address(es) told of each demo / inquiry request (comma-separated). A form without an address sends no email.',
  },
  { name: 'NOTIFY_BROCHURE', default: '(unset)', description: 'Address(es) told of each brochure request.' },
  {
    name: 'NOTIFY_APPLICATIONS',
    default: '(unset)',
    description: 'Address(es) told of each job application (the CV is attached).',
  },
  {
    name: 'NOTIFY_CONTACT',
    default: '(unset)',
    description: 'Address(es) told of each chat / contact message.',
  },
  {
    name: 'ADMIN_PASSWORD_HASH',
    default: '(unset)',
    description:
      'Password of the first administrator of the staff area (/admin, signing in as ADMIN_EMAIL) as a scrypt hash `scrypt$N$r$p$salt$hash` (make one with `npm run submissions -- hash-password`). Neither this nor ADMIN_PASSWORD: only the accounts of `npm run staff` sign in (none: no staff area).',
  },
  {
    name: 'ADMIN_PASSWORD',
    default: '(unset)',
    description:
      'Convenience alternative to ADMIN_PASSWORD_HASH: the plain password (at least 12 characters), hashed at start and then removed from the process environment; every restart signs staff out. Ignored when ADMIN_PASSWORD_HASH is set.',
  },
  {
    name: 'ADMIN_EMAIL',
    default: 'admin@localhost',
    description:
      'The address the first administrator (ADMIN_PASSWORD_HASH / ADMIN_PASSWORD) signs in with at /admin. Other staff have their own accounts (`npm run staff -- add`).',
  },
  {
    name: 'SESSION_TTL',
    default: '480',
    description: 'Staff sign-in lifetime in minutes (then sign in again).',
  },
  {
    name: 'RATE_LIMIT_ADMIN_LOGIN',
    default: '10',
    description:
      'Failed staff sign-ins per IP (IPv6: per /64) per 15 minutes, then 429 until the 15 minutes end; successful ones do not count. Each account also gets 5 failures, then waits 1 minute, doubling with each further failure (up to an hour), until it signs in.',
  },
  {
    name: 'STAFF_2FA_ROLES',
    default: DEFAULT_TWO_STEP_ROLES.join(','),
    description:
      'Comma-separated staff roles (admin, content, publisher, inbox) that must use two-step sign-in (an authenticator app): an account of such a role without it sets it up at its next sign-in before it can do anything else. `none`: nobody must (everyone may).',
  },
  {
    name: 'RETENTION_MONTHS_APPLICATIONS',
    default: '12',
    description:
      'Default age (months) beyond which `npm run submissions -- purge` deletes applications and their CVs.',
  },
  {
    name: 'RETENTION_AUTOPURGE',
    default: 'on',
    description:
      'on: the server deletes submissions past their period by itself (at start when overdue, then daily; applications after RETENTION_MONTHS_APPLICATIONS months, the other forms after 24), one instance at a time. off: only `npm run submissions -- purge` does.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent. Logs never contain form contents.',
  },
];

export interface RateLimits {
  windowMs: number;
  apply: number;
  forms: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  basePath?: string;
  distDir: string;
  contentDir: string;
  /** CONTENT_REMOTE: the repository every instance's content folder is a clone of. */
  contentRemote?: string;
  contentBranch: string;
  /** SCHEDULE_CLOCK: the fixed moment the schedules take as now (tests, rehearsals). */
  scheduleClock?: Date;
  /** CONTENT_REVIEW=on: content editors submit for review, publishers publish. */
  contentReview: boolean;
  dataDir: string;
  databaseUrl?: string;
  trustProxy: boolean | number | string[];
  /** TRUST_PROXY_FIREWALLED: only the proxy can reach the port (see checkTrustProxy). */
  trustProxyFirewalled: boolean;
  corsOrigins: string[];
  rateLimits: RateLimits;
  jsonBodyLimit: number;
  bodyLimits: { bodyIdleMs: number; slowUploadsMax: number };
  requestTimeoutMs: number;
  logLevel: string;
  mail?: MailConfig;
  admin: AdminConfig;
  retentionMonthsApplications: number;
  retentionAutopurge: boolean;
}

export interface MailConfig {
  smtpUrl: string;
  from?: string;
  /** Recipients per form (only forms with an address are emailed). */
  recipients: Partial<Record<'demo' | 'brochure' | 'application' | 'contact', string>>;
}

export interface AdminConfig {
  passwordHash?: string;
  /** The first administrator's sign-in address (ADMIN_EMAIL). */
  adminEmail?: string;
  /** Plain password (hashed at start, then dropped). */
  password?: string;
  sessionTtlMs: number;
  loginLimit: number;
  /** The roles that must use two-step sign-in (STAFF_2FA_ROLES). */
  twoStepRoles: Role[];
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number >= ${min}, got "${raw}".`);
  return n;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new Error(`${name} must be on or off, got "${env[name]}".`);
}

export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const v = raw?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** STAFF_2FA_ROLES: a list of roles, or `none`. */
export function parseTwoStepRoles(raw: string | undefined): Role[] {
  const v = raw?.trim().toLowerCase();
  if (!v) return [...DEFAULT_TWO_STEP_ROLES];
  if (v === 'none') return [];
  const names = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = names.filter((n) => !isRole(n));
  if (wrong.length)
    throw new Error(
      `STAFF_2FA_ROLES takes roles among ${ROLES.join(', ')} (or none), comma-separated; "${wrong.join(', ')}" is not one.`,
    );
  return [...new Set(names.filter(isRole))];
}

const isLoopback = (host: string) =>
  /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host === 'localhost' || host === '::ffff:127.0.0.1';

/**
 * A TRUST_PROXY that believes X-Forwarded-For from any connection (true, or a hop count) is safe
 * only when nothing but the proxy can connect: otherwise each request may claim a new address and
 * every per-address limit (sign-in guesses included) is void.
 */
/** Throws (with what to do) when the server would listen unsafely; `npm start` calls it. */
export function checkTrustProxy(
  config: Pick<ServerConfig, 'trustProxy' | 'trustProxyFirewalled' | 'host' | 'port'>,
): void {
  const { trustProxy, host } = config;
  const trustsAnyone = trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0);
  if (!trustsAnyone || isLoopback(host) || config.trustProxyFirewalled) return;
  throw new Error(
    `TRUST_PROXY=${String(trustProxy)} believes the X-Forwarded-For header of every connection, and HOST=${host} lets anyone connect to this port directly and claim any address (unlimited sign-in guesses). Set HOST=127.0.0.1 when the reverse proxy runs on this machine; or set TRUST_PROXY to the proxy's own address (e.g. TRUST_PROXY=10.0.0.5); or, if a firewall lets only the proxy reach port ${config.port}, set TRUST_PROXY_FIREWALLED=1.`,
  );
}

function yesNo(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be 1 or 0 (or on / off), got "${env[name]}".`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const resolve = (v: string | undefined, fallback: string) => path.resolve(REPO_ROOT, v?.trim() || fallback);
  const basePath = env.BASE_PATH !== undefined ? normalizeBasePath(env.BASE_PATH) : undefined;
  const databaseUrl = env.DATABASE_URL?.trim();
  const mail = mailConfig(env);
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST?.trim() || '0.0.0.0',
    ...(basePath !== undefined && { basePath }),
    distDir: resolve(env.DIST_DIR, 'dist'),
    contentDir: resolve(env.CONTENT_DIR, '.'),
    ...(env.CONTENT_REMOTE?.trim() && { contentRemote: env.CONTENT_REMOTE.trim() }),
    contentBranch: env.CONTENT_BRANCH?.trim() || 'main',
    ...(scheduleClock(env) && { scheduleClock: scheduleClock(env) }),
    contentReview: yesNo(env, 'CONTENT_REVIEW', false),
    dataDir: resolve(env.DATA_DIR, 'data'),
    ...(databaseUrl && { databaseUrl }),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    trustProxyFirewalled: yesNo(env, 'TRUST_PROXY_FIREWALLED', false),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    rateLimits: {
      windowMs: int(env, 'RATE_LIMIT_WINDOW', 60_000, 1),
      apply: int(env, 'RATE_LIMIT_APPLY', 5, 1),
      forms: int(env, 'RATE_LIMIT_FORMS', 10, 1),
    },
    jsonBodyLimit: int(env, 'JSON_BODY_LIMIT', 16 * 1024, 1),
    bodyLimits: {
      bodyIdleMs: int(env, 'BODY_TIMEOUT', DEFAULT_BODY_LIMITS.bodyIdleMs / 1000, 1) * 1000,
      slowUploadsMax: int(env, 'SLOW_UPLOADS_MAX', DEFAULT_BODY_LIMITS.slowUploadsMax, 1),
    },
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT', REQUEST_TIMEOUT_MS / 1000, 1) * 1000,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    ...(mail && { mail }),
    admin: {
      ...(env.ADMIN_PASSWORD_HASH?.trim() && { passwordHash: env.ADMIN_PASSWORD_HASH.trim() }),
      ...(env.ADMIN_PASSWORD && { password: env.ADMIN_PASSWORD }),
      ...(env.ADMIN_EMAIL?.trim() && { adminEmail: env.ADMIN_EMAIL.trim().toLowerCase() }),
      sessionTtlMs: int(env, 'SESSION_TTL', 480, 1) * 60_000,
      loginLimit: int(env, 'RATE_LIMIT_ADMIN_LOGIN', 10, 1),
      twoStepRoles: parseTwoStepRoles(env.STAFF_2FA_ROLES),
    },
    retentionMonthsApplications: int(env, 'RETENTION_MONTHS_APPLICATIONS', 12, 1),
    retentionAutopurge: onOff(env, 'RETENTION_AUTOPURGE', true),
  };
}

function mailConfig(env: NodeJS.ProcessEnv): MailConfig | undefined {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return undefined;
  const recipients: MailConfig['recipients'] = {};
  const pairs = [
    ['demo', 'NOTIFY_DEMO'],
    ['brochure', 'NOTIFY_BROCHURE'],
    ['application', 'NOTIFY_APPLICATIONS'],
    ['contact', 'NOTIFY_CONTACT'],
  ] as const;
  for (const [form, name] of pairs) {
    const to = env[name]?.trim();
    if (to) recipients[form] = to;
  }
  const from = env.MAIL_FROM?.trim();
  return { smtpUrl, ...(from && { from }), recipients };
}

/** SCHEDULE_CLOCK as a moment; refused in words when it is not one. */
function scheduleClock(env: NodeJS.ProcessEnv): Date | undefined {
  const value = env.SCHEDULE_CLOCK?.trim();
  if (!value) return undefined;
  // A whole date and time with its offset: a date alone, or a time without an offset, would be read
  // in another zone than meant, and Date would take "2027-02-30" for 2 March.
  const parts = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  const moment = new Date(value);
  const [, y, m, d] = parts ?? [];
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (
    !parts ||
    Number.isNaN(moment.getTime()) ||
    day.getUTCFullYear() !== Number(y) ||
    day.getUTCMonth() !== Number(m) - 1 ||
    day.getUTCDate() !== Number(d)
  )
    throw new Error(
      `SCHEDULE_CLOCK is "${value}", which is not a date and time with its offset: write it as 2027-03-01T09:00:00+05:30.`,
    );
  return moment;
}
