/**
 * Opens the database behind one query layer (Kysely), so SQLite and PostgreSQL run the same
 * queries. SQLite (better-sqlite3) is the embedded default: DATA_DIR/submissions.sqlite in WAL mode
 * with synchronous=FULL, so a submission acknowledged with 200 survives a crash or power cut.
 * PostgreSQL (pg) is used when a connection string is given (its default synchronous_commit=on
 * gives the same guarantee).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { type ColumnType, type Generated, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type {
  application,
  brochure,
  contact,
  demo,
  FieldDefinition,
} from '../../src/forms/definitions/index.ts';

/** ISO-8601 UTC text in SQLite, timestamptz in PostgreSQL; the repository returns ISO strings. */
type Timestamp = ColumnType<string | Date, string, never>;

interface Common {
  id: Generated<number>;
  created_at: Timestamp;
  /** Truncated client IP (see repository.ts `truncateIp`). */
  client_ip: string;
  user_agent: string;
  /** When staff marked it handled in the inbox (null: open). */
  handled_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

/** The table columns of a definition's fields (a file's bytes are in its own column too). */
type ColumnOf<F> = F extends { column: infer C extends string } ? C : never;

/**
 * A form's row: the columns every form table has, and one text column per field of its definition
 * (src/forms/definitions/), so a new field needs its migration but no line here. A test
 * (repository.test.ts) checks the real tables have exactly these columns.
 */
type FormRow<D extends { fields: readonly FieldDefinition[] }> = Common & {
  [C in ColumnOf<D['fields'][number]>]: string;
};

export type DemoRequestTable = FormRow<typeof demo>;
export type BrochureRequestTable = FormRow<typeof brochure>;
/** The CV's size and bytes are the application's only columns that are not text. */
export type ApplicationTable = Omit<FormRow<typeof application>, 'cv_size' | 'cv_data'> & {
  cv_size: number;
  cv_data: Uint8Array;
};
export type ContactMessageTable = FormRow<typeof contact>;

/** Notification emails waiting to be sent (written in the submission's own transaction). */
export interface OutboxTable {
  id: Generated<number>;
  form: string;
  submission_id: number;
  created_at: Timestamp;
  /** Attempts started so far. */
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<string | Date, string, string>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

/** Staff sessions of the inbox: only a hash of the cookie's random id is stored. */
export interface AdminSessionTable {
  id_hash: string;
  csrf_token: string;
  created_at: Timestamp;
  expires_at: ColumnType<string | Date, string, string>;
  /** Which password the session was opened under (sessions.ts `passwordFingerprint`). */
  password_fingerprint: string;
  /** The staff_users row signed in; null: the first administrator (ADMIN_PASSWORD(_HASH)). */
  staff_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Named staff accounts (server/staff/accounts.ts). */
export interface StaffUserTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: string;
  /** JSON array of form names; null: every form. */
  forms: string | null;
  password_hash: string;
  created_at: Timestamp;
}

/** Failed sign-ins of one account or address (server/staff/loginThrottle.ts); times in ms. */
export interface LoginFailureTable {
  key: string;
  failures: number;
  window_start: number;
  window_failures: number;
  last_failure_at: number;
  locked_until: ColumnType<number, number | undefined, number>;
  alerted_at: ColumnType<number, number | undefined, number>;
}

/** One Publish (server/editor/releaseLog.ts); times as ISO 8601 text (SQLite) or timestamptz. */
export interface ReleaseTable {
  id: Generated<number>;
  /** 'live' (built and switched to) or 'failed' (the site stayed as it was). */
  state: string;
  content_commit: string | null;
  code_version: string | null;
  published_by_name: string;
  published_by_email: string;
  started_at: ColumnType<Date | string, string, string>;
  finished_at: ColumnType<Date | string, string, string>;
  pages: number | null;
  message: string | null;
  /** The build it put live, whose files every instance fetches (release_builds; PostgreSQL). */
  build_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A file's bytes, once, under their SHA-256 (server/releases/releaseFiles.ts). */
export interface ReleaseBlobTable {
  hash: string;
  bytes: Uint8Array;
}

/** A published build: what it is and the list of its files (JSON: path → SHA-256). */
export interface ReleaseBuildTable {
  id: Generated<number>;
  content_commit: string;
  code_version: string;
  built_at: ColumnType<Date | string, string, string>;
  files: string;
}

/** A link that opens one page's draft without an account (server/editor/preview/previewLinks.ts). */
export interface PreviewLinkTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the link's whole signed token: the token itself is never stored. */
  token_hash: string;
  /** The content file it shows (pages/….yaml or site.yaml). */
  file: string;
  made_by_name: string;
  made_by_email: string;
  made_at: ColumnType<Date | string, string, string>;
  expires_at: ColumnType<Date | string, string, string>;
  revoked_by_name: string | null;
  revoked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** With review on: who may approve or ask for changes from the link, by name. */
  reviewer: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A key the server signs with, one per purpose, kept here so every instance signs and checks with
 * the same one (server/editor/preview/signingKey.ts).
 */
export interface SigningKeyTable {
  /** What it signs ('preview-link'). */
  purpose: string;
  /** The key: 32 random bytes, base64url. */
  secret: string;
  made_at: ColumnType<Date | string, string, string>;
}

/** A change submitted for review (server/editor/review/reviews.ts). */
export interface ReviewTable {
  id: Generated<number>;
  /** JSON: the content files of the draft under review. */
  files: string;
  /** 'in-review' | 'changes-requested' | 'approved' | 'published' | 'withdrawn' */
  state: string;
  submitted_by_name: string;
  submitted_by_email: string;
  submitted_at: ColumnType<Date | string, string, string>;
  note: string | null;
  /** JSON: each file's version as submitted (sha256; null: deleted in the draft). */
  versions: ColumnType<string, string | undefined, string>;
}

/** One step of a review, with who and when (a decision from a preview link: `via`, no email). */
export interface ReviewEventTable {
  id: Generated<number>;
  review_id: number | null;
  file: string | null;
  kind: string;
  by_name: string;
  by_email: string | null;
  via: string | null;
  comment: string | null;
  at: ColumnType<Date | string, string, string>;
}

/** An authenticator app of one staff email (server/staff/twoStep.ts). */
export interface StaffTwoStepTable {
  email: string;
  secret: string;
  enabled_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  last_time_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** The SHA-256 of each unused recovery code of a staff email. */
export interface StaffRecoveryCodeTable {
  email: string;
  code_hash: string;
}

export interface Database {
  demo_requests: DemoRequestTable;
  brochure_requests: BrochureRequestTable;
  applications: ApplicationTable;
  contact_messages: ContactMessageTable;
  outbox: OutboxTable;
  admin_sessions: AdminSessionTable;
  staff_users: StaffUserTable;
  login_failures: LoginFailureTable;
  staff_two_step: StaffTwoStepTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  releases: ReleaseTable;
  release_blobs: ReleaseBlobTable;
  release_builds: ReleaseBuildTable;
  preview_links: PreviewLinkTable;
  reviews: ReviewTable;
  review_events: ReviewEventTable;
  signing_keys: SigningKeyTable;
}

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data is, for messages (never includes a password). */
  location: string;
  /** The PostgreSQL schema in use when one was asked for. */
  pgSchema?: string;
  /**
   * PostgreSQL: calls `heard` with the payload of each NOTIFY on `channel`, on a connection of its
   * own, until the returned stop is called (or that connection drops: then `lost` is called).
   */
  listen?(channel: string, heard: (payload: string) => void, lost: () => void): Promise<() => Promise<void>>;
  /** SQLite: copies the WAL into the database file and empties it (so erased data is gone). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Folder of the SQLite file; ignored when `databaseUrl` is set. */
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (created if missing); tests use a throwaway one. */
  pgSchema?: string;
}

export const SQLITE_FILE = 'submissions.sqlite';

// PostgreSQL returns int8 (count(*)) as text; our counts and sizes fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function openDb(options: OpenOptions): Db {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    const schema = options.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name "${schema}".`);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema && { options: `-c search_path=${schema}` }),
    });
    // A connection the server ends (PostgreSQL restarted, an administrator's pg_terminate_backend)
    // emits 'error' on its client, idle in the pool or held by us between queries; with no
    // listener that would end the whole process. The next query on it fails instead, and the pool
    // opens a new connection for the one after.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    url.password = '';
    return {
      db,
      dialect: 'postgres',
      location: url.toString(),
      ...(schema && { pgSchema: schema }),
      listen: async (channel, heard, lost) => {
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name "${channel}".`);
        const client = await pool.connect();
        let stopped = false;
        client.on('notification', (message) => {
          if (message.channel === channel) heard(message.payload ?? '');
        });
        client.on('error', () => {
          if (stopped) return;
          stopped = true;
          client.release(true);
          lost();
        });
        try {
          await client.query(`listen ${channel}`);
        } catch (error) {
          // The connection is given back, not kept half-listening: the caller tries again later.
          stopped = true;
          client.release(true);
          throw error;
        }
        return async () => {
          if (stopped) return;
          stopped = true;
          client.release(true);
        };
      },
      checkpoint: async () => {},
      close: () => db.destroy(),
    };
  }
  const dir = options.dataDir ?? 'data';
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, SQLITE_FILE);
  const database = new Sqlite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Deleted rows (a CV erased on request) are overwritten with zeros, not left in free pages.
  database.pragma('secure_delete = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    checkpoint: async () => {
      database.pragma('wal_checkpoint(TRUNCATE)');
    },
    close: () => db.destroy(),
  };
}
