/**
 * A key the server signs with (previewLinks.ts signs its links with the one for 'preview-link').
 *
 * It lives in the database (table signing_keys), not in one process's memory or a setting: every
 * instance serving the site must accept a link any other instance made, and the database is what
 * they already share, so there is no setting to copy to each instance and keep equal. The first
 * instance that needs a key makes a random one and inserts it only if the row is still missing;
 * every instance then reads the row back, so two instances starting together use the one that was
 * stored, never each their own. Each instance keeps it in memory afterwards.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../storage/db.ts';

/** The stored key of `purpose`, made and stored first when there is none. */
async function loadKey(store: Db, purpose: string, now: () => number): Promise<Buffer> {
  await store.db
    .insertInto('signing_keys')
    .values({
      purpose,
      secret: randomBytes(32).toString('base64url'),
      made_at: new Date(now()).toISOString(),
    })
    .onConflict((oc) => oc.column('purpose').doNothing())
    .execute();
  const row = await store.db
    .selectFrom('signing_keys')
    .select('secret')
    .where('purpose', '=', purpose)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

/**
 * The key of `purpose` in `store`, read from the database on first use and kept afterwards (a
 * failed read is not kept: the next call tries again).
 */
export function signingKey(store: Db, purpose: string, now: () => number = Date.now): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= loadKey(store, purpose, now).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
