/**
 * Preview links: a link that opens one page's draft read-only, for someone without an account (a
 * manager, the person a job opening is for). The link's secret is 32 random bytes; the database
 * keeps only their SHA-256, so neither a copy of the database nor its log holds a working link, and
 * every instance sharing the database accepts the link. A link works until it expires (7 days
 * unless asked otherwise) or someone revokes it; afterwards it answers 410 Gone, and who made it,
 * who revoked it and when stay recorded.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../storage/db.ts';
import type { Person } from '../history.ts';

export const PREVIEW_DAYS = { default: 7, min: 1, max: 30 } as const;

/** A link as the staff see it (never its secret, which is shown once, when it is made). */
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

/** The secret's form: 43 characters of base64url (32 bytes). Anything else is not a link of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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
  constructor(
    private readonly store: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Makes a link to `file`'s draft, working for `days` days (for `reviewer` to decide on, when
   * given); returns it with its secret.
   */
  async make(
    file: string,
    by: Person,
    days: number = PREVIEW_DAYS.default,
    reviewer: string | null = null,
  ): Promise<PreviewLink & { token: string }> {
    const token = randomBytes(32).toString('base64url');
    const madeAt = new Date(this.now());
    const expiresAt = new Date(madeAt.getTime() + days * 24 * 60 * 60_000);
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

  /** What the link with secret `token` opens, if it still works. */
  async open(token: string): Promise<PreviewLookup> {
    if (!TOKEN.test(token)) return { state: 'unknown' };
    const row = await this.store.db
      .selectFrom('preview_links')
      .selectAll()
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirst();
    if (!row) return { state: 'unknown' };
    const link = linkOf(row);
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
