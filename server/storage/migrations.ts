/**
 * Versioned migrations, run at every start (Kysely's Migrator records each applied version in the
 * table kysely_migration and takes a lock, so running them again is a no-op). Never edit a released
 * migration: add the next one.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db, DialectName } from './db.ts';

/**
 * Migrations only use the schema builder, which needs no row types: a migration must describe the
 * tables as they were when it was written, not as db.ts types them today.
 */
type AnyDb = Kysely<unknown>;

function migrations(dialect: DialectName): Record<string, Migration> {
  const pg = dialect === 'postgres';
  const table = (db: AnyDb, name: string) =>
    db.schema
      .createTable(name)
      .ifNotExists()
      .addColumn('id', pg ? 'serial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
      .addColumn('client_ip', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull());
  const text = 'text' as const;
  return {
    '0001_submissions': {
      async up(db: AnyDb) {
        await table(db, 'demo_requests')
          .addColumn('name', text, (c) => c.notNull())
          .addColumn('phone', text, (c) => c.notNull())
          .addColumn('email', text, (c) => c.notNull())
          .addColumn('service_type', text, (c) => c.notNull())
          .addColumn('query', text, (c) => c.notNull())
          .execute();
        await table(db, 'brochure_requests')
          .addColumn('email', text, (c) => c.notNull())
          .execute();
        await table(db, 'applications')
          .addColumn('full_name', text, (c) => c.notNull())
          .addColumn('email', text, (c) => c.notNull())
          .addColumn('phone', text, (c) => c.notNull())
          .addColumn('cover_letter', text, (c) => c.notNull())
          .addColumn('position', text, (c) => c.notNull())
          .addColumn('cv_name', text, (c) => c.notNull())
          .addColumn('cv_type', text, (c) => c.notNull())
          .addColumn('cv_size', 'integer', (c) => c.notNull())
          .addColumn('cv_sha256', text, (c) => c.notNull())
          .addColumn('cv_data', pg ? 'bytea' : 'blob', (c) => c.notNull())
          .execute();
        await table(db, 'contact_messages')
          .addColumn('name', text, (c) => c.notNull())
          .addColumn('email', text, (c) => c.notNull())
          .addColumn('mobile_number', text, (c) => c.notNull())
          .addColumn('message', text, (c) => c.notNull())
          .execute();
        for (const t of ['demo_requests', 'brochure_requests', 'applications', 'contact_messages'])
          await db.schema.createIndex(`${t}_created_at`).ifNotExists().on(t).column('created_at').execute();
      },
      async down(db: AnyDb) {
        for (const t of ['demo_requests', 'brochure_requests', 'applications', 'contact_messages'])
          await db.schema.dropTable(t).ifExists().execute();
      },
    },
    '0002_staff': {
      async up(db: AnyDb) {
        const time = pg ? 'timestamptz' : 'text';
        for (const t of ['demo_requests', 'brochure_requests', 'applications', 'contact_messages'])
          await db.schema.alterTable(t).addColumn('handled_at', time).execute();
        await db.schema
          .createTable('outbox')
          .addColumn('id', pg ? 'serial' : 'integer', (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('form', text, (c) => c.notNull())
          .addColumn('submission_id', 'integer', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', time, (c) => c.notNull())
          .addColumn('last_error', text)
          .addColumn('sent_at', time)
          .execute();
        await db.schema
          .createIndex('outbox_due')
          .on('outbox')
          .columns(['sent_at', 'next_attempt_at'])
          .execute();
        await db.schema
          .createIndex('outbox_submission')
          .on('outbox')
          .columns(['form', 'submission_id'])
          .execute();
        await db.schema
          .createTable('admin_sessions')
          .addColumn('id_hash', text, (c) => c.primaryKey())
          .addColumn('csrf_token', text, (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('admin_sessions').ifExists().execute();
        await db.schema.dropTable('outbox').ifExists().execute();
        for (const t of ['demo_requests', 'brochure_requests', 'applications', 'contact_messages'])
          await db.schema.alterTable(t).dropColumn('handled_at').execute();
      },
    },
    '0003_session_password': {
      // Each session names the password it was opened under (sessions.ts): one opened before this
      // migration names none, so it ends here (staff sign in again once).
      async up(db: AnyDb) {
        await sql`delete from admin_sessions`.execute(db);
        await db.schema
          .alterTable('admin_sessions')
          .addColumn('password_fingerprint', text, (c) => c.notNull().defaultTo(''))
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('admin_sessions').dropColumn('password_fingerprint').execute();
      },
    },
    '0004_staff_users': {
      // Named staff accounts with roles (server/staff/). A session names its account (staff_id;
      // null: the first administrator of ADMIN_PASSWORD / ADMIN_PASSWORD_HASH).
      async up(db: AnyDb) {
        const time = pg ? 'timestamptz' : 'text';
        await db.schema
          .createTable('staff_users')
          .addColumn('id', pg ? 'serial' : 'integer', (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('email', text, (c) => c.notNull().unique())
          .addColumn('name', text, (c) => c.notNull())
          .addColumn('role', text, (c) => c.notNull())
          // JSON array of form names (an inbox account limited to some forms); null: all.
          .addColumn('forms', text)
          .addColumn('password_hash', text, (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema.alterTable('admin_sessions').addColumn('staff_id', 'integer').execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('admin_sessions').dropColumn('staff_id').execute();
        await db.schema.dropTable('staff_users').ifExists().execute();
      },
    },
    '0005_sign_in_security': {
      // Failed sign-ins per account and per address (server/staff/loginThrottle.ts), kept in the
      // database so that several instances count together; times are milliseconds since 1970 of
      // the server's clock. Two-step sign-in (server/staff/twoStep.ts): one row per email that has
      // an authenticator (the first administrator's too, keyed by ADMIN_EMAIL), and the hashes of
      // its one-time recovery codes.
      async up(db: AnyDb) {
        const time = pg ? 'timestamptz' : 'text';
        await db.schema
          .createTable('login_failures')
          .addColumn('key', text, (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('window_start', 'bigint', (c) => c.notNull())
          .addColumn('window_failures', 'integer', (c) => c.notNull())
          .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
          .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('alerted_at', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('staff_two_step')
          .addColumn('email', text, (c) => c.primaryKey())
          .addColumn('secret', text, (c) => c.notNull())
          // null: set up but not yet confirmed with a code (not in use).
          .addColumn('enabled_at', time)
          // The time step of the last code accepted: a code is good once.
          .addColumn('last_time_step', 'bigint')
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('staff_recovery_codes')
          .addColumn('email', text, (c) => c.notNull())
          .addColumn('code_hash', text, (c) => c.notNull())
          .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['email', 'code_hash'])
          .execute();
      },
      async down(db: AnyDb) {
        for (const t of ['staff_recovery_codes', 'staff_two_step', 'login_failures'])
          await db.schema.dropTable(t).ifExists().execute();
      },
    },
    '0006_releases': {
      // Every Publish (server/editor/releaseLog.ts): who pressed it and when, how it ended, and
      // the release it put live (node/release.ts: the content commit and the code's hash). Kept in
      // the database that every instance shares, so each can tell which release is the latest.
      async up(db: AnyDb) {
        const time = pg ? 'timestamptz' : 'text';
        await db.schema
          .createTable('releases')
          .addColumn('id', pg ? 'serial' : 'integer', (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('state', text, (c) => c.notNull())
          .addColumn('content_commit', text)
          .addColumn('code_version', text)
          .addColumn('published_by_name', text, (c) => c.notNull())
          .addColumn('published_by_email', text, (c) => c.notNull())
          .addColumn('started_at', time, (c) => c.notNull())
          .addColumn('finished_at', time, (c) => c.notNull())
          .addColumn('pages', 'integer')
          .addColumn('message', text)
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('releases').ifExists().execute();
      },
    },
    '0007_release_files': {
      // The files of each published build, so that every instance can serve the release another
      // one built (server/releases/): each file's bytes once, under their SHA-256 (a Publish
      // uploads only files no earlier build had), and per build the list of its files.
      async up(db: AnyDb) {
        await db.schema
          .createTable('release_blobs')
          .addColumn('hash', text, (c) => c.primaryKey())
          .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('release_builds')
          .addColumn('id', pg ? 'serial' : 'integer', (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('content_commit', text, (c) => c.notNull())
          .addColumn('code_version', text, (c) => c.notNull())
          .addColumn('built_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
          // JSON: { "client/index.html": "<sha256>", "site-facts.json": "<sha256>", ... }
          .addColumn('files', text, (c) => c.notNull())
          .execute();
        await db.schema.alterTable('releases').addColumn('build_id', 'integer').execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('releases').dropColumn('build_id').execute();
        await db.schema.dropTable('release_builds').ifExists().execute();
        await db.schema.dropTable('release_blobs').ifExists().execute();
      },
    },
    '0008_preview_links': {
      // Links that open a page's draft without an account (server/editor/preview/): only the
      // SHA-256 of each link's secret is kept, so the table does not hold working links; who made
      // each one and who revoked it stay recorded after it stops working.
      async up(db: AnyDb) {
        const time = pg ? 'timestamptz' : 'text';
        await db.schema
          .createTable('preview_links')
          .addColumn('id', pg ? 'serial' : 'integer', (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('token_hash', text, (c) => c.notNull().unique())
          .addColumn('file', text, (c) => c.notNull())
          .addColumn('made_by_name', text, (c) => c.notNull())
          .addColumn('made_by_email', text, (c) => c.notNull())
          .addColumn('made_at', time, (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .addColumn('revoked_by_name', text)
          .addColumn('revoked_at', time)
          .execute();
        await db.schema.createIndex('preview_links_file').on('preview_links').column('file').execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('preview_links').ifExists().execute();
      },
    },
    '0009_reviews': {
      // Review before publishing (server/editor/review/): a change submitted for review, and every
      // step of it (submitted, approved, changes asked for, published; decisions from a preview
      // link by name), with who and when. A preview link may name who reviews from it.
      async up(db: AnyDb) {
        const time = pg ? 'timestamptz' : 'text';
        await db.schema
          .createTable('reviews')
          .addColumn('id', pg ? 'serial' : 'integer', (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          // JSON: the content files of the draft under review.
          .addColumn('files', text, (c) => c.notNull())
          .addColumn('state', text, (c) => c.notNull())
          .addColumn('submitted_by_name', text, (c) => c.notNull())
          .addColumn('submitted_by_email', text, (c) => c.notNull())
          .addColumn('submitted_at', time, (c) => c.notNull())
          .addColumn('note', text)
          // JSON: each file's version as submitted ({file: sha256 or null when deleted}): an
          // approval is of exactly that text, never of words saved after it.
          .addColumn('versions', text, (c) => c.notNull().defaultTo('{}'))
          .execute();
        await db.schema
          .createTable('review_events')
          .addColumn('id', pg ? 'serial' : 'integer', (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('review_id', 'integer')
          .addColumn('file', text)
          .addColumn('kind', text, (c) => c.notNull())
          .addColumn('by_name', text, (c) => c.notNull())
          .addColumn('by_email', text)
          .addColumn('via', text)
          .addColumn('comment', text)
          .addColumn('at', time, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('review_events_review').on('review_events').column('review_id').execute();
        await db.schema.alterTable('preview_links').addColumn('reviewer', text).execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('preview_links').dropColumn('reviewer').execute();
        await db.schema.dropTable('review_events').ifExists().execute();
        await db.schema.dropTable('reviews').ifExists().execute();
      },
    },
    '0010_signing_keys': {
      // Keys the server signs with, one per purpose (server/editor/preview/signingKey.ts: preview
      // links are signed). In the database because every instance must sign and check with the
      // same key: the first instance that needs one stores it, the others read it.
      async up(db: AnyDb) {
        const time = pg ? 'timestamptz' : 'text';
        await db.schema
          .createTable('signing_keys')
          .addColumn('purpose', text, (c) => c.primaryKey())
          .addColumn('secret', text, (c) => c.notNull())
          .addColumn('made_at', time, (c) => c.notNull())
          .execute();
        // Links made before links were signed no longer open: recorded as revoked, so the Share a
        // preview dialog stops listing them as working (who made them stays recorded).
        await sql`update preview_links set revoked_by_name = ${'the change to signed links'}, revoked_at = ${new Date().toISOString()} where revoked_at is null`.execute(
          db,
        );
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('signing_keys').ifExists().execute();
      },
    },
  };
}

/**
 * Instances that start together (a deploy restarting all of them at once) must not run the
 * migrations side by side: Kysely's own lock lives in a table that the first run creates, so two
 * runs on a fresh schema race to create it (and the schema) and fail. A PostgreSQL advisory lock,
 * held on one connection of the pool for the whole run, lets one instance migrate while the others
 * wait, then find nothing left to do. Its key is the schema's name, so test schemas do not queue
 * behind each other. SQLite needs none: one file, and better-sqlite3 runs it in one process.
 */
async function withMigrationLock<T>({ db, dialect, pgSchema }: Db, run: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return run();
  const key = `triune:migrations:${pgSchema ?? 'public'}`;
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(conn);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}

async function currentSchema(db: Db['db']): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** Every migration's name, in the order they run (the same for both databases). */
export const MIGRATION_NAMES = Object.keys(migrations('sqlite')).sort();

/**
 * Applies every pending migration (up to and including `until`, for a test of one migration's
 * effect on older data); returns the names applied now. Throws on failure.
 */
export async function migrate(target: Db, until?: string): Promise<string[]> {
  const { db, dialect, pgSchema } = target;
  return withMigrationLock(target, async () => {
    // A throwaway PostgreSQL schema (tests) may not exist yet: it is first in the search_path.
    if (pgSchema) await sql`create schema if not exists ${sql.id(pgSchema)}`.execute(db);
    const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
    // Kysely looks for its own tables in every schema unless told which: another schema's
    // kysely_migration (another test's, another app's) would make it skip creating ours.
    const migrationTableSchema = dialect === 'postgres' ? (pgSchema ?? (await currentSchema(db))) : undefined;
    const migrator = new Migrator({ db, provider, ...(migrationTableSchema && { migrationTableSchema }) });
    const { error, results } = await (until ? migrator.migrateTo(until) : migrator.migrateToLatest());
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}
