/**
 * The one place the Content section talks to the server (server/editor/api.ts lists the routes
 * and what they answer). Everything goes through `fetch`, which tests replace with a stub.
 */

import type { PageEntry } from '../../content/pageEntry.ts';
import type { PageKind } from '../../content/pageKinds.ts';
import type { PageReview, Review, ReviewEvent, ReviewFile, ReviewFlags, ReviewState } from './reviewTypes.ts';

// PageKind, and review's shapes (written once for the server and the editor in reviewTypes.ts).
export type { PageKind, PageReview, Review, ReviewEvent, ReviewFile, ReviewFlags, ReviewState };

/** A page of the list: what src/content/pageEntry.ts reads of its file, and its last change. */
export interface PageSummary extends PageEntry {
  lastChange: { name: string; date: string } | null;
  /** Its unpublished changes (null: it is as it is live; absent: the server keeps no drafts). */
  draft?: PageDraft | null;
  /** Why the editor cannot open this file (a link, a text that explodes when read), if it cannot. */
  problem?: string;
  /** Its review, open or approved for its Publish at, with review on (null: none; absent: no reviews). */
  review?: PageReview | null;
}

/** What an older server (no review) means: no review, and whoever may edit may publish. */
export const NO_REVIEW: ReviewFlags = { required: false, mayPublish: true };

/** How a file's draft differs from what is live. */
export type DraftChange = 'new' | 'changed' | 'removed';

/** A page's unpublished changes: what, by whom, when, and how many other files go live with them. */
export interface PageDraft {
  change: DraftChange;
  by: string[];
  at: string | null;
  with: number;
}

/** One draft of the site (server/editor/drafts/draftChanges.ts): files published or discarded together. */
export interface DraftGroup {
  files: { file: string; change: DraftChange }[];
  by: string[];
  at: string | null;
}

/** A page whose file was deleted (server/editor/deletedPages.ts): who deleted it, and what it was. */
export interface DeletedPage {
  file: string;
  commit: string;
  name: string;
  date: string;
  title: string;
  path: string;
}

export interface SiteImage {
  path: string;
  width: number;
  height: number;
}

export interface SiteFiles {
  files: Record<string, { text: string; version: string }>;
  images: SiteImage[];
  history: { enabled: boolean; message?: string };
  /** Files left out of `files` because they cannot be opened safely, each with why. */
  problems?: { file: string; message: string }[];
  /** The text of redirects.yaml (null: the site has none; older servers send nothing). */
  redirects?: string | null;
}

export interface ServerProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: string;
}

export interface Saved {
  version: string;
  text: string;
  commit: string | null;
}

/** A page at its new address (Change address): its new file, and the files whose links followed. */
export interface Moved extends Saved {
  file: string;
  path: string;
  relinked: string[];
}

export interface HistoryVersion {
  commit: string;
  name: string;
  email: string;
  date: string;
  subject: string;
  /** The fields the version changed, with their old and new words (older servers send none). */
  changes?: string[];
}

export interface PublishStatus {
  state: 'idle' | 'running' | 'done' | 'failed';
  step?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
}

/** One Publish as the server's publish log keeps it (server/editor/releaseLog.ts). */
export interface PublishedRelease {
  id: number;
  state: 'live' | 'failed';
  contentCommit: string | null;
  codeVersion: string | null;
  publishedBy: { name: string; email: string };
  startedAt: string;
  finishedAt: string;
  pages: number | null;
  message: string | null;
}

/** A refusal from the server, with its plain-words message and whatever else it sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A field both people changed (server/editor/merge.ts): where it is in the user's data, both values. */
export interface FieldConflict {
  path: (string | number)[];
  /** Undefined: they removed it. */
  theirs?: unknown;
  /** Undefined: the user removed it. */
  mine?: unknown;
}

/** The user's decisions on a refused save's conflicts ("Keep mine"), for the version they saw. */
export interface ConflictDecisions {
  /** The file's version the conflicts were shown for. */
  seen: string;
  /** conflictKey of each field kept as the user has it. */
  keepMine: string[];
}

/** The server's one name for a conflicting field's place (server/editor/merge.ts's conflictKey). */
export const conflictKey = (path: readonly (string | number)[]): string => JSON.stringify(path);

/**
 * The server answered 409: the file changed since it was read and could not be merged
 * (server/editor/conflict.ts). `changed` holds dotted places ("blocks.2.heading"), for tests only:
 * the editor names fields by their labels.
 */
export interface Conflict {
  /** A sentence for the user, as is. */
  message: string;
  /** The file as it is now. */
  current: { version: string; text: string };
  /** What someone else changed since the version opened (when `threeWay`); else every difference. */
  changed: string[];
  /** The fields both sides changed, to different values (always empty when not `threeWay`). */
  conflicts: FieldConflict[];
  /** Whether the opened version was known (sent as `base`, or found in the history). */
  threeWay: boolean;
}

export function isConflict(error: unknown): error is ApiError & { body: Conflict } {
  return error instanceof ApiError && error.status === 409 && typeof error.body.current === 'object';
}

export interface ContentApi {
  site(): Promise<SiteFiles>;
  pages(): Promise<PageSummary[]>;
  /**
   * `base`: the text as opened (the version's text), so that a save on an older version is merged
   * with what others changed even when the content folder has no history. `decisions`: the
   * conflicts of a refused save, decided field by field.
   */
  save(
    file: string,
    version: string | null,
    data: unknown,
    base?: string,
    decisions?: ConflictDecisions,
  ): Promise<Saved>;
  /**
   * A new page that is a copy of `copyOf` (another page file): the server writes it from that
   * file's text, so the template's comments and layout stay and only the changed values differ.
   */
  create(file: string, data: unknown, copyOf: string): Promise<Saved>;
  history(file: string): Promise<{ enabled: boolean; message?: string; versions: HistoryVersion[] }>;
  version(file: string, commit: string): Promise<string>;
  restore(file: string, commit: string, version: string): Promise<Saved>;
  /**
   * Takes the page off the site; its address then leads to `to` (a redirect), and each of its other
   * addresses goes to the page named in `aliasesTo` (address → file). One commit.
   */
  takeDown(
    file: string,
    version: string,
    to: string,
    aliasesTo?: Record<string, string>,
    remove?: boolean,
  ): Promise<Saved>;
  /** The pages deleted (their files removed), newest first, to restore from the history. */
  deleted(): Promise<DeletedPage[]>;
  /** Brings a deleted page back at its address, as the history has its last text. */
  restoreDeleted(file: string, commit: string): Promise<Saved>;
  /** Moves the page to address `to`: its old address redirects, links follow. One commit. */
  move(file: string, version: string, to: string): Promise<Moved>;
  /** Returns a page taken down to the site at its address, without the redirect. One commit. */
  putBack(file: string, version: string): Promise<Saved>;
  uploadImage(kind: string, page: string, image: File): Promise<SiteImage>;
  /** Deletes a picture no page names; refused (409, with `usedBy`) while one does. */
  deleteImage(path: string): Promise<void>;
  /**
   * Where the editor shows a picture ("/images/a/b.png"): the content folder's copy, served to
   * staff by the content API, so a picture uploaded a moment ago shows before it is published.
   */
  pictureUrl(path: string): string;
  /** Calls `listener` after each upload and deletion; returns the call that stops it. */
  onPictures(listener: (change: PictureChange) => void): () => void;
  /** Publishes the drafts holding `files` (every saved change when omitted). */
  publish(files?: readonly string[]): Promise<PublishStatus>;
  publishStatus(): Promise<PublishStatus>;
  /** Every unpublished draft, newest first (enabled false: saves go straight to what Publish builds). */
  drafts(): Promise<{ enabled: boolean; drafts: DraftGroup[]; review?: ReviewFlags; clashes?: LiveClash[] }>;
  /** Takes in the live branch's change, keeping the draft's words for the fields named (by key). */
  takeInLive(keepDraft: Record<string, string[]>): Promise<{ clashes: LiveClash[] }>;
  /** Returns the drafts holding `files` to what is live. */
  discard(files: readonly string[]): Promise<{ files: string[] }>;
  /** The latest Publishes, newest first. */
  releases(): Promise<{ releases: PublishedRelease[] }>;
  /** The page's preview links that still work, newest first. */
  previewLinks(file: string): Promise<PreviewLink[]>;
  /**
   * A new preview link to the page's draft, working for `days` days; `address` is shown once. With
   * review on, `reviewer` names who may approve or ask for changes from it.
   */
  makePreviewLink(
    file: string,
    days: number,
    reviewer?: string,
  ): Promise<{ link: PreviewLink; address: string }>;
  /** The publish log: Publishes, review steps, preview links made and revoked, newest first. */
  activity(): Promise<ActivityEntry[]>;
  /** Stops a preview link of the page `file` working at once. */
  revokePreviewLink(file: string, id: number): Promise<void>;
  /** The reviews, open ones first, then the latest closed ones. */
  reviews(): Promise<ReviewFlags & { reviews: Review[] }>;
  /** Submits the drafts holding `files` for review (refused with 409 while they are in review). */
  submitReview(files: readonly string[], note?: string): Promise<Review>;
  /** A review's files: live and draft texts, and the fields changed in people's words. */
  reviewChanges(id: number): Promise<{ review: Review; files: ReviewFile[] }>;
  /** Approves a review, which publishes it: followed like a Publish (GET /publish). */
  approveReview(id: number): Promise<PublishStatus>;
  /** Returns the draft to its editor with `comment` (refused when empty). */
  requestChanges(id: number, comment: string): Promise<Review>;
  /** Withdraws a review waiting for a decision (who submitted it, a publisher or an administrator). */
  withdrawReview(id: number): Promise<Review>;
}

/** A field a commit on the live branch and a draft both changed, differently (GET /drafts). */
export interface LiveClash {
  file: string;
  field: string;
  /** The field's key for a decision ('' for a whole file, which no choice here settles). */
  key: string;
  live: string;
  draft: string;
}

/** One line of the publish log (server/editor/activityLog.ts). */
export interface ActivityEntry {
  at: string;
  by: string;
  what: string;
}

/** A link that opens a page's draft without an account (server/editor/preview/previewLinks.ts). */
export interface PreviewLink {
  id: number;
  file: string;
  madeBy: string;
  madeAt: string;
  expiresAt: string;
  /** With review on: who may approve or ask for changes from the link (null: nobody, look only). */
  reviewer: string | null;
}

/** A picture uploaded (with its size) or deleted. */
export type PictureChange = { added: SiteImage } | { deleted: string };

/** `api` is the staff API base (e.g. `/backend/api/admin`); the content API lives under it. */
export function contentApi(api: string, csrfToken: string, fetchImpl: typeof fetch = fetch): ContentApi {
  const base = `${api.replace(/\/$/, '')}/content`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(payload !== undefined && { body: payload }),
      });
    } catch {
      throw new ApiError(0, 'The server cannot be reached. Check the connection and try again.', {});
    }
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const message =
        typeof data.message === 'string' ? data.message : `The server answered ${response.status}.`;
      throw new ApiError(response.status, message, data);
    }
    return data as T;
  }

  const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
  const pictureListeners = new Set<(change: PictureChange) => void>();
  /** "/images/a/b c.png" -> "/images/a/b%20c.png": the content API's address of that picture. */
  const editorPicturePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

  return {
    site: () => call<SiteFiles>('GET', '/site'),
    pages: async () => (await call<{ pages: PageSummary[] }>('GET', '/pages')).pages,
    save: (file, version, data, base, decisions) =>
      call<Saved>('PUT', '/file', {
        file,
        version,
        data,
        ...(base !== undefined && { base }),
        ...decisions,
      }),
    create: (file, data, copyOf) => call<Saved>('PUT', '/file', { file, version: null, data, copyOf }),
    history: (file) => call('GET', `/history${q({ file })}`),
    version: async (file, commit) =>
      (await call<{ text: string }>('GET', `/version${q({ file, commit })}`)).text,
    restore: (file, commit, version) => call<Saved>('POST', '/restore', { file, commit, version }),
    takeDown: (file, version, to, aliasesTo, remove) =>
      call<Saved>('POST', '/take-down', {
        file,
        version,
        to,
        ...(aliasesTo && { aliasesTo }),
        ...(remove && { delete: true }),
      }),
    deleted: async () => (await call<{ pages: DeletedPage[] }>('GET', '/deleted')).pages,
    restoreDeleted: (file, commit) => call<Saved>('POST', '/restore-deleted', { file, commit }),
    move: (file, version, to) => call<Moved>('POST', '/move', { file, version, to }),
    putBack: (file, version) => call<Saved>('POST', '/put-back', { file, version }),
    uploadImage: async (kind, page, image) => {
      const form = new FormData();
      form.set('kind', kind);
      form.set('page', page);
      form.set('file', image);
      const { path, width, height } = await call<SiteImage>('POST', '/images', form);
      const added = { path, width, height };
      for (const listener of pictureListeners) listener({ added });
      return added;
    },
    deleteImage: async (path) => {
      await call('DELETE', editorPicturePath(path));
      for (const listener of pictureListeners) listener({ deleted: path });
    },
    pictureUrl: (path) => (path.startsWith('/images/') ? `${base}${editorPicturePath(path)}` : path),
    onPictures: (listener) => {
      pictureListeners.add(listener);
      return () => pictureListeners.delete(listener);
    },
    publish: (files) => call<PublishStatus>('POST', '/publish', files && { files }),
    drafts: () => call('GET', '/drafts'),
    discard: (files) => call('POST', '/discard', { files }),
    takeInLive: (keepDraft) => call('POST', '/take-in-live', { keepDraft }),
    publishStatus: () => call<PublishStatus>('GET', '/publish'),
    releases: () => call<{ releases: PublishedRelease[] }>('GET', '/releases'),
    previewLinks: async (file) =>
      (await call<{ links: PreviewLink[] }>('GET', `/preview-links${q({ file })}`)).links,
    makePreviewLink: (file, days, reviewer) =>
      call('POST', '/preview-links', { file, days, ...(reviewer && { reviewer }) }),
    activity: async () => {
      try {
        return (await call<{ entries: ActivityEntry[] }>('GET', '/activity')).entries;
      } catch (error) {
        // A server before the publish log: nothing to show, nothing wrong.
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    revokePreviewLink: async (file, id) => {
      await call('POST', '/preview-links/revoke', { file, id });
    },
    reviews: () => call('GET', '/reviews'),
    submitReview: async (files, note) =>
      (await call<{ review: Review }>('POST', '/reviews', { files, ...(note && { note }) })).review,
    reviewChanges: (id) => call('GET', `/reviews/${id}/changes`),
    approveReview: (id) => call<PublishStatus>('POST', `/reviews/${id}/approve`),
    requestChanges: async (id, comment) =>
      (await call<{ review: Review }>('POST', `/reviews/${id}/request-changes`, { comment })).review,
    withdrawReview: async (id) => (await call<{ review: Review }>('POST', `/reviews/${id}/withdraw`)).review,
  };
}
