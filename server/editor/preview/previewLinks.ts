/**
 * Preview links: a link that opens one page's draft read-only, for someone without an account (a
 * manager, the person a job opening is for). A link is signed: /preview/<nonce>.<expires>.<sig>,
 * where the nonce is 16 random bytes (base64url), expires is when it stops working (Unix seconds)
 * and sig is an HMAC-SHA256 of both under the server's key (signingKey.ts: kept in the database, so
 * every instance signs and checks with the same key). So whoever holds a link cannot change its
 * expiry, and a forged or mistyped link is refused before the database is asked. Signing does not
 * make a link stand on its own: revoking needs the database, so a link whose signature holds is
 * still looked up there, by the SHA-256 of the whole link, and its row decides whether it works
 * (the row's expiry must be the one the link carries). Only that hash is stored, so neither a copy
 * of the database nor its log holds a working link (the key makes none by itself: a link works
 * only with its row). A link works until it expires (7 days unless asked otherwise) or someone
 * revokes it; afterwards it answers 410 Gone, and who made it, who revoked it and when stay
 * recorded.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../storage/db.ts';
import type { Person } from '../history.ts';
import { signingKey } from './signingKey.ts';

export const PREVIEW_DAYS = { default: 7, min: 1, max: 30 } as const;

/** A link as the staff see it (never its address, which is shown once, when it is made). */
export interface PreviewLink {
  id: number;
  file: string;
  madeBy: string;
  madeAt: string;
  expiresAt: string;
  revokedBy: string | null;
  revokedAt: string | null;
  /** With review on: who may approve or ask for changes from it, by name (null: look only). */
  reviewer: string | null;
}

/** What opening a link finds. */
export type PreviewLookup =
  | { state: 'open'; link: PreviewLink }
  | { state: 'expired' | 'revoked'; link: PreviewLink }
  | { state: 'unknown' };

/** What the signature is for: the signing key's purpose, and the start of every signed text. */
const PURPOSE = 'preview-link';

/**
 * A link's form: the nonce (16 bytes base64url), its expiry in Unix seconds, its signature (32
 * bytes base64url). Anything else is not a link of ours.
 */
const TOKEN = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

/** The form of a link made before links were signed: 43 characters of base64url (32 bytes). */
const UNSIGNED = /^[A-Za-z0-9_-]{43}$/;

const signatureOf = (key: Buffer, nonce: string, expires: string) =>
  createHmac('sha256', key).update(`${PURPOSE}:${nonce}.${expires}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (value: Date | string) => new Date(value).toISOString();

type Row = {
  id: number;
  file: string;
  made_by_name: string;
  made_at: Date | string;
  expires_at: Date | string;
  revoked_by_name: string | null;
  revoked_at: Date | string | null;
  reviewer: string | null;
};

const linkOf = (r: Row): PreviewLink => ({
  id: r.id,
  file: r.file,
  madeBy: r.made_by_name,
  madeAt: iso(r.made_at),
  expiresAt: iso(r.expires_at),
  revokedBy: r.revoked_by_name,
  revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
  reviewer: r.reviewer,
});

export class PreviewLinks {
  /** The key links are signed with: the database's, read once. */
  private readonly key: () => Promise<Buffer>;

  constructor(
    private readonly store: Db,
    // Read at each call (not Date.now itself, kept from construction): a test may move the clock.
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = signingKey(store, PURPOSE, now);
  }

  /**
   * Makes a link to `file`'s draft, working for `days` days (for `reviewer` to decide on, when
   * given); returns it with its token (the signed part of its address).
   */
  async make(
    file: string,
    by: Person,
    days: number = PREVIEW_DAYS.default,
    reviewer: string | null = null,
  ): Promise<PreviewLink & { token: string }> {
    const madeAt = new Date(this.now());
    // To the second, as the link says it: the link and its row name the same moment.
    const expires = Math.floor((madeAt.getTime() + days * 24 * 60 * 60_000) / 1000);
    const expiresAt = new Date(expires * 1000);
    const nonce = randomBytes(16).toString('base64url');
    const token = `${nonce}.${expires}.${signatureOf(await this.key(), nonce, String(expires))}`;
    const row = await this.store.db
      .insertInto('preview_links')
      .values({
        token_hash: hashOf(token),
        file,
        made_by_name: by.name,
        made_by_email: by.email,
        made_at: madeAt.toISOString(),
        expires_at: expiresAt.toISOString(),
        reviewer,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      file,
      madeBy: by.name,
      madeAt: madeAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      revokedBy: null,
      revokedAt: null,
      reviewer,
      token,
    };
  }

  /** What the link `token` opens, if it still works. */
  async open(token: string): Promise<PreviewLookup> {
    // A link made before links were signed (32 random bytes): revoked by the change to signed
    // links (migration 0010), and said so (410) rather than never made (404).
    if (UNSIGNED.test(token)) {
      const old = await this.store.db
        .selectFrom('preview_links')
        .selectAll()
        .where('token_hash', '=', hashOf(token))
        .where('revoked_at', 'is not', null)
        .executeTakeFirst();
      return old ? { state: 'revoked', link: linkOf(old) } : { state: 'unknown' };
    }
    // Its signature first: a link we did not sign (forged, mistyped, its expiry changed) is not
    // looked up at all.
    const [, nonce = '', expires = '', signature = ''] = TOKEN.exec(token) ?? [];
    if (!signature) return { state: 'unknown' };
    const expected = Buffer.from(signatureOf(await this.key(), nonce, expires));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return { state: 'unknown' };
    const row = await this.store.db
      .selectFrom('preview_links')
      .selectAll()
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirst();
    if (!row) return { state: 'unknown' };
    const link = linkOf(row);
    if (Math.floor(Date.parse(link.expiresAt) / 1000) !== Number(expires)) return { state: 'unknown' };
    if (link.revokedAt) return { state: 'revoked', link };
    if (Date.parse(link.expiresAt) <= this.now()) return { state: 'expired', link };
    return { state: 'open', link };
  }

  /** The links of `file` that still work, newest first. */
  async ofFile(file: string): Promise<PreviewLink[]> {
    const rows = await this.store.db
      .selectFrom('preview_links')
      .selectAll()
      .where('file', '=', file)
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(linkOf).filter((l) => Date.parse(l.expiresAt) > this.now());
  }

  /** Stops link `id` of `file` working; undefined when there is no such link or it had already stopped. */
  async revoke(id: number, file: string, by: Person): Promise<PreviewLink | undefined> {
    const at = new Date(this.now()).toISOString();
    const done = await this.store.db
      .updateTable('preview_links')
      .set({ revoked_by_name: by.name, revoked_at: at })
      .where('id', '=', id)
      .where('file', '=', file)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .returningAll()
      .executeTakeFirst();
    return done && linkOf(done);
  }
}
