/**
 * The staff command's work, separate from process handling so tests can run it:
 *   list [--form F] [--since DATE]
 *   export --format csv|json [--form F] [--since DATE]
 *   cv <id> <out-file> [--force]
 *   purge [--older-than 12m|90d] [--form application]   (retention)
 *   env                      (the environment variables, as a Markdown table)
 *   hash-password            (submissions.ts: reads a password, prints its scrypt hash)
 */
import { closeSync, fchmodSync, openSync, writeSync } from 'node:fs';
import { ENV_VARIABLES } from '../config.ts';
import {
  FIELD_COLUMNS,
  FORMS,
  type FormName,
  type Repository,
  type SubmissionRow,
} from '../storage/repository.ts';

export const USAGE = `Usage: npm run submissions -- <command>
  list [--form demo|brochure|application|contact] [--since YYYY-MM-DD]
  export --format csv|json [--form F] [--since DATE]     (to standard output)
  cv <application id> <out-file> [--force]               (writes the stored CV, readable by
                                                          you only; --force overwrites a file)
  purge [--older-than 12m|90d] [--form F]                (deletes submissions older than that;
                                                          default: applications older than
                                                          RETENTION_MONTHS_APPLICATIONS months)
  hash-password                                          (reads a password, prints the
                                                          ADMIN_PASSWORD_HASH value)
  env                                                    (lists the environment variables)
The database is the server's: DATABASE_URL, or DATA_DIR/submissions.sqlite.`;

export class UsageError extends Error {}

interface Parsed {
  command: string | undefined;
  positional: string[];
  flags: Record<string, string>;
}

/** Flags that take no value (present: "true"). */
const SWITCHES = new Set(['force']);

function parse(args: string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.startsWith('--')) {
      const [key, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? (SWITCHES.has(key) ? 'true' : args[++i]);
      if (value === undefined) throw new UsageError(`--${key} needs a value.`);
      flags[key] = value;
    } else positional.push(a);
  }
  return { command: positional.shift(), positional, flags };
}

function filters(flags: Record<string, string>): { form?: FormName; since?: Date } {
  const out: { form?: FormName; since?: Date } = {};
  if (flags.form !== undefined) {
    if (!(FORMS as readonly string[]).includes(flags.form))
      throw new UsageError(`--form must be one of ${FORMS.join(', ')}.`);
    out.form = flags.form as FormName;
  }
  if (flags.since !== undefined) {
    const d = new Date(flags.since);
    if (Number.isNaN(d.getTime())) throw new UsageError(`--since must be a date such as 2025-01-31.`);
    out.since = d;
  }
  return out;
}

const flat = (r: SubmissionRow): Record<string, string | number> => ({
  form: r.form,
  id: r.id,
  createdAt: r.createdAt,
  clientIp: r.clientIp,
  userAgent: r.userAgent,
  handledAt: r.handledAt ?? '',
  ...r.fields,
});

function csvCell(v: string | number | undefined): string {
  let s = v === undefined ? '' : String(v);
  // A cell starting with = + - @ could run as a formula in a spreadsheet: prefix it.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const COMMON_COLUMNS = ['form', 'id', 'createdAt', 'clientIp', 'userAgent', 'handledAt'];

/**
 * Submissions as CSV. The header always lists the common columns and the fields of the `forms`
 * asked for (all four by default), so an export with no rows yet still shows what it would hold.
 */
export function toCsv(rows: SubmissionRow[], forms: readonly FormName[] = FORMS): string {
  const records = rows.map(flat);
  const fieldColumns = forms.flatMap((form) => Object.keys(FIELD_COLUMNS[form]));
  const columns = [
    ...new Set([...COMMON_COLUMNS, ...fieldColumns, ...records.flatMap((r) => Object.keys(r))]),
  ];
  const lines = [columns.join(','), ...records.map((r) => columns.map((c) => csvCell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

function oneLine(s: string | number, max: number): string {
  const t = String(s).replace(/\s+/g, ' ');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The environment variables as a Markdown table (for the README). */
export function envTable(): string {
  const rows = ENV_VARIABLES.map((v) => `| \`${v.name}\` | ${v.default} | ${v.description} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows, ''].join('\n');
}

/**
 * The cut-off date of `--older-than`: "12m" (months) or "90d" (days) before `now`.
 */
export function olderThan(spec: string, now: Date): Date {
  const m = /^(\d{1,4})\s*([md])$/i.exec(spec.trim());
  if (!m) throw new UsageError('--older-than must be a number of months or days, such as 12m or 90d.');
  const n = Number(m[1]);
  const d = new Date(now);
  if (m[2]?.toLowerCase() === 'd') d.setUTCDate(d.getUTCDate() - n);
  else d.setUTCMonth(d.getUTCMonth() - n);
  return d;
}

/**
 * Writes a file only its owner can read (0600: a CV is personal data), refusing to replace an
 * existing file unless `force`. Without `force` the file is created exclusively (O_EXCL), so
 * neither an existing file nor a symbolic link planted at the path is written through. With
 * `force`, an existing file's mode is narrowed to 0600 too.
 */
export function writePrivateFile(file: string, data: Uint8Array, force: boolean): void {
  let fd: number;
  try {
    fd = openSync(file, force ? 'w' : 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new UsageError(`${file} already exists. Choose another file, or add --force to overwrite it.`);
    throw error;
  }
  try {
    fchmodSync(fd, 0o600);
    let written = 0;
    while (written < data.length) written += writeSync(fd, data, written);
  } finally {
    closeSync(fd);
  }
}

export interface CommandDefaults {
  /** RETENTION_MONTHS_APPLICATIONS. */
  retentionMonthsApplications: number;
  now?: () => Date;
}

export async function runSubmissions(
  args: string[],
  repo: Repository,
  /** Where output goes; a promise it returns is awaited (a pipe that is full makes it wait). */
  write: (s: string) => void | Promise<void>,
  defaults: CommandDefaults = { retentionMonthsApplications: 12 },
): Promise<void> {
  const { command, positional, flags } = parse(args);
  switch (command) {
    case 'list': {
      const rows = await repo.list(filters(flags));
      for (const r of rows) {
        const summary = Object.entries(r.fields)
          .filter(([k]) => k !== 'cvSha256')
          .map(([k, v]) => `${k}=${oneLine(v, 60)}`)
          .join(' | ');
        await write(`${r.form} #${r.id} ${r.createdAt} ${summary}\n`);
      }
      await write(`${rows.length} submission(s).\n`);
      return;
    }
    case 'export': {
      const format = flags.format;
      if (format !== 'csv' && format !== 'json')
        throw new UsageError('export needs --format csv or --format json.');
      const query = filters(flags);
      const rows = await repo.list(query);
      await write(
        format === 'csv'
          ? toCsv(rows, query.form ? [query.form] : FORMS)
          : `${JSON.stringify(rows.map(flat), null, 2)}\n`,
      );
      return;
    }
    case 'cv': {
      const [idText, outFile] = positional;
      const id = Number(idText);
      if (!Number.isInteger(id) || !outFile)
        throw new UsageError('cv needs an application id and an output file.');
      const cv = await repo.getCv(id);
      if (!cv) throw new UsageError(`There is no application #${id}.`);
      writePrivateFile(outFile, cv.data, flags.force === 'true');
      await write(
        `Wrote ${cv.size} bytes (${cv.type}, originally "${cv.name}", sha256 ${cv.sha256}) to ${outFile}.\n`,
      );
      return;
    }
    case 'purge': {
      const form = filters({ ...(flags.form !== undefined && { form: flags.form }) }).form ?? 'application';
      const spec = flags['older-than'] ?? `${defaults.retentionMonthsApplications}m`;
      const cutoff = olderThan(spec, defaults.now?.() ?? new Date());
      const n = await repo.purge(form, cutoff);
      await write(`Deleted ${n} ${form} submission(s) received before ${cutoff.toISOString()}.\n`);
      return;
    }
    case 'env':
      await write(envTable());
      return;
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
}
