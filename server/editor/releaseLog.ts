/**
 * The log of every Publish, in the database that all instances share (table `releases`): who
 * pressed it and when, how it ended, and which release it put live (its content commit and code
 * hash, node/release.ts). It answers "what is live, since when, and who put it there", and is what
 * the instances will agree on when several serve one site.
 */
import type { Release } from '../../node/release.ts';
import { announceRelease } from '../releases/releaseChannel.ts';
import type { Db } from '../storage/db.ts';
import type { Person } from './history.ts';

/** One Publish as it ended. */
export interface PublishRecord {
  state: 'live' | 'failed';
  /** The release it put live (absent when the build failed or wrote none). */
  release?: Release;
  by: Person;
  startedAt: Date;
  finishedAt: Date;
  pages?: number;
  /** What the staff member was told. */
  message?: string;
  /** The stored build it put live, which every instance fetches (server/releases/releaseFiles.ts). */
  buildId?: number;
}

/** A Publish as the log keeps it. */
export interface LoggedRelease {
  id: number;
  state: 'live' | 'failed';
  contentCommit: string | null;
  codeVersion: string | null;
  publishedBy: Person;
  startedAt: string;
  finishedAt: string;
  pages: number | null;
  message: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export class ReleaseLog {
  constructor(private readonly store: Db) {}

  async record(entry: PublishRecord): Promise<void> {
    await this.store.db
      .insertInto('releases')
      .values({
        state: entry.state,
        content_commit: entry.release?.content ?? null,
        code_version: entry.release?.code ?? null,
        published_by_name: entry.by.name,
        published_by_email: entry.by.email,
        started_at: entry.startedAt.toISOString(),
        finished_at: entry.finishedAt.toISOString(),
        pages: entry.pages ?? null,
        message: entry.message ?? null,
        build_id: entry.buildId ?? null,
      })
      .execute();
    // Every instance switches to a new release at once (server/releases/releaseFollower.ts).
    if (entry.buildId !== undefined) await announceRelease(this.store);
  }

  /** The latest Publishes, newest first. */
  async recent(limit = 20): Promise<LoggedRelease[]> {
    const rows = await this.store.db
      .selectFrom('releases')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      state: r.state === 'live' ? 'live' : 'failed',
      contentCommit: r.content_commit,
      codeVersion: r.code_version,
      publishedBy: { name: r.published_by_name, email: r.published_by_email },
      startedAt: iso(r.started_at),
      finishedAt: iso(r.finished_at),
      pages: r.pages,
      message: r.message,
    }));
  }
}
