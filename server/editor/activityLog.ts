/**
 * GET /activity: the publish log staff read, in one list, newest first: every Publish (the
 * schedule's too), every step of a review (submitted, approved, changes asked for, published,
 * withdrawn, decisions from a preview link) and every preview link made or revoked, each with who
 * and when. Everything is read from the database the instances share, so every instance tells the
 * same story.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../storage/db.ts';
import type { ReleaseLog } from './releaseLog.ts';

export interface ActivityEntry {
  at: string;
  by: string;
  /** What happened, in words (the pages by their names). */
  what: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const quoted = (text: string | null) =>
  text ? `: “${text.length > 200 ? `${text.slice(0, 199)}…` : text}”` : '';
const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? 'a page') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const REVIEW_WORDS: Record<string, (pages: string) => string> = {
  submitted: (p) => `Submitted ${p} for review`,
  approved: (p) => `Approved ${p}`,
  'changes-requested': (p) => `Asked for changes to ${p}`,
  published: (p) => `Published ${p}, as reviewed`,
  // Why, when it is known, is its comment (a draft discarded): "…: “Its draft was discarded.”"
  withdrawn: (p) => `Withdrew ${p} from review`,
  'link-approved': (p) => `Approved ${p}`,
  'link-changes-requested': (p) => `Asked for changes to ${p}`,
};

export async function activity(
  store: Db,
  releases: ReleaseLog | undefined,
  name: (file: string) => string,
  limit = 50,
): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  for (const r of releases ? await releases.recent(limit) : [])
    entries.push({
      at: r.finishedAt,
      by: r.publishedBy.name,
      what:
        r.state === 'live'
          ? `Published${r.pages === null ? '' : ` (${r.pages} pages live)`}`
          : `Publish failed: ${(r.message ?? '').split('\n')[0]?.replace(/^Not published:\s*/, '') || 'the build stopped.'}`,
    });
  const events = await store.db
    .selectFrom('review_events')
    .leftJoin('reviews', 'reviews.id', 'review_events.review_id')
    .select([
      'review_events.kind',
      'review_events.by_name',
      'review_events.at',
      'review_events.comment',
      'review_events.via',
      'review_events.file',
      'reviews.files',
    ])
    .orderBy('review_events.id', 'desc')
    .limit(limit)
    .execute();
  for (const e of events) {
    const files = e.files ? (JSON.parse(e.files) as string[]) : e.file ? [e.file] : [];
    const words = REVIEW_WORDS[e.kind] ?? ((p: string) => `${e.kind} ${p}`);
    const via = e.via ? ` (from a ${e.via})` : '';
    const said = e.kind === 'published' ? '' : quoted(e.comment);
    entries.push({ at: iso(e.at), by: e.by_name, what: `${words(listed(files.map(name)))}${via}${said}` });
  }
  const links = await store.db
    .selectFrom('preview_links')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  for (const l of links) {
    const page = name(l.file);
    const forWhom = l.reviewer ? ` for ${l.reviewer}` : '';
    entries.push({
      at: iso(l.made_at),
      by: l.made_by_name,
      what: `Shared a preview link to ${page}${forWhom}`,
    });
    if (l.revoked_at && l.revoked_by_name)
      entries.push({
        at: iso(l.revoked_at),
        by: l.revoked_by_name,
        what: `Revoked a preview link to ${page}`,
      });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}

export function registerActivityRoute(
  app: FastifyInstance,
  store: Db,
  releases: ReleaseLog | undefined,
  name: (file: string) => string,
): void {
  app.get('/activity', async () => ({ entries: await activity(store, releases, name) }));
}
