/**
 * The query parameters of the staff API, each with a bounded, validated range. Anything else is a
 * 400 whose message names the parameter and what it takes, never a database error: an unchecked
 * `page=1e20` once reached SQLite as an offset it could not hold and came back as a 500.
 */
import { HttpError } from '../api/context.ts';
import { FORMS, type FormName, PAGE_SIZE_MAX } from '../storage/repository.ts';

/** Longest search text, in characters. */
export const SEARCH_MAX = 200;
/** Highest page number (with PAGE_SIZE_MAX rows a page: 10 million rows, an offset any database holds). */
export const PAGE_MAX = 100_000;
export const STATUSES = ['all', 'open', 'handled'] as const;
export type Status = (typeof STATUSES)[number];

export interface InboxParams {
  q: string;
  status: Status;
  page: number;
  pageSize: number;
}

type Query = Record<string, unknown>;

/** One value of a parameter: absent or empty gives undefined; a repeated one is refused. */
function single(query: Query, name: string): string | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new HttpError(400, `The parameter “${name}” is given more than once.`);
  return v;
}

function onlyKnown(query: Query, known: readonly string[]): void {
  const unknown = Object.keys(query).find((k) => !known.includes(k));
  if (unknown !== undefined)
    throw new HttpError(
      400,
      `Unknown parameter “${unknown.slice(0, 40)}”. This address takes ${known.join(', ')}.`,
    );
}

function wholeNumber(query: Query, name: string, fallback: number, max: number): number {
  const raw = single(query, name);
  if (raw === undefined) return fallback;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 1 && n <= max))
    throw new HttpError(400, `“${name}” must be a whole number from 1 to ${max.toLocaleString('en')}.`);
  return n;
}

/** ?q=&status=&page=&pageSize= of GET /submissions/:form. */
export function inboxParams(query: Query): InboxParams {
  onlyKnown(query, ['q', 'status', 'page', 'pageSize']);
  const q = single(query, 'q') ?? '';
  if (q.length > SEARCH_MAX)
    throw new HttpError(400, `The search text is too long: at most ${SEARCH_MAX} characters.`);
  const status = single(query, 'status') ?? 'all';
  if (!(STATUSES as readonly string[]).includes(status))
    throw new HttpError(400, `“status” must be one of ${STATUSES.join(', ')}.`);
  return {
    q,
    status: status as Status,
    page: wholeNumber(query, 'page', 1, PAGE_MAX),
    pageSize: wholeNumber(query, 'pageSize', 20, PAGE_SIZE_MAX),
  };
}

/** ?form= of GET /export (absent: every form). */
export function exportParams(query: Query): { form?: FormName } {
  onlyKnown(query, ['form']);
  const form = single(query, 'form');
  if (form === undefined) return {};
  if (!(FORMS as readonly string[]).includes(form))
    throw new HttpError(400, `“form” must be one of ${FORMS.join(', ')}.`);
  return { form: form as FormName };
}
