/**
 * The email a submission for review sends to the publishers (server/editor/review/reviews.ts
 * queues it in the notification outbox, form "review"; the Notifier sends it like a form's). It is
 * composed when sent, from the stored review, to every account that may publish then: each
 * `publisher` and `admin` account, else the first administrator's address. Every word a member of
 * staff typed (a note, a page title) is escaped in the HTML version.
 */

import type { Reviews } from '../editor/review/reviews.ts';
import { DEFAULT_TIME_ZONE, dateTimeIn } from '../editor/schedules/dueSchedules.ts';
import type { Db } from '../storage/db.ts';
import { escapeHtml, type Mail } from './compose.ts';

export interface ReviewMailOptions {
  store: Db;
  reviews: Reviews;
  /** The pages' names for people, by file. */
  names: (files: readonly string[]) => string[];
  /** The staff area's address (…/admin), for the link in the email. */
  staffUrl?: string;
  /** The first administrator's address, for a site with no publisher or admin account yet. */
  adminEmail?: string;
  /** The site's time zone (site.yaml), in which the email says when. */
  timeZone?: string;
}

/** The email of submission `eventId` (an outbox row's submission id), or undefined to drop it. */
export async function reviewMail(
  options: ReviewMailOptions,
  eventId: number,
): Promise<{ to: string; mail: Mail } | undefined> {
  const found = await options.reviews.ofSubmission(eventId);
  if (!found) return undefined;
  const rows = await options.store.db
    .selectFrom('staff_users')
    .select('email')
    .where('role', 'in', ['publisher', 'admin'])
    .orderBy('email')
    .execute();
  const to = rows.map((r) => r.email);
  if (!to.length && options.adminEmail) to.push(options.adminEmail);
  if (!to.length) return undefined;
  const { review, event } = found;
  const when = (iso: string) => dateTimeIn(options.timeZone ?? DEFAULT_TIME_ZONE, iso);
  const names = options.names(review.files);
  const title = names.length === 1 ? names[0] : `${names[0]} and ${names.length - 1} more`;
  const subject = `Review requested: ${title} (by ${event.by})`.replace(/[\r\n]+/g, ' ').slice(0, 150);
  const link = options.staffUrl ? `${options.staffUrl}#content` : undefined;
  const lines = [
    `${event.by} submitted a change for review on ${when(event.at)}:`,
    '',
    ...review.files.map((file, i) => `- ${names[i] ?? file} (${file})`),
    '',
    ...(event.comment ? [`Their note: ${event.comment}`, ''] : []),
    `Open it in the staff area${link ? `, ${link}` : ''}: Content, Drafts and publishing, Waiting for review. Approve and publish it, or ask for changes with a comment.`,
  ];
  const html = [
    `<p>${escapeHtml(event.by)} submitted a change for review on ${escapeHtml(when(event.at))}:</p>`,
    `<ul>${review.files.map((file, i) => `<li>${escapeHtml(names[i] ?? file)} (${escapeHtml(file)})</li>`).join('')}</ul>`,
    ...(event.comment ? [`<p>Their note: ${escapeHtml(event.comment)}</p>`] : []),
    `<p>Open it in the staff area${link ? ` (${escapeHtml(link)})` : ''}: Content, Drafts and publishing, Waiting for review. Approve and publish it, or ask for changes with a comment.</p>`,
  ].join('\n');
  return { to: to.join(', '), mail: { subject, text: lines.join('\n'), html, attachments: [] } };
}
