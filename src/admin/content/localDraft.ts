/**
 * Unsaved edits kept in the browser (localStorage), per account and file, so a closed tab, a
 * crash or a flat battery loses nothing: the editor offers them back when the file is opened
 * again. Written as the user types (debounced by the caller), removed on save or discard.
 */

export interface LocalDraft {
  /** The edited data, as PUT /file takes it. */
  data: unknown;
  /** The text and version the edits started from: a save then merges with what changed since. */
  base: string;
  version: string | null;
  /** When the edits were last kept (ms since 1970). */
  keptAt: number;
}

const PREFIX = 'triune-editor-draft';

const keyOf = (account: string, file: string) => `${PREFIX}:${account}:${file}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the editor then works without drafts.
    return null;
  }
}

export function readDraft(account: string, file: string): LocalDraft | null {
  try {
    const raw = storage()?.getItem(keyOf(account, file));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof draft.base !== 'string' || typeof draft.keptAt !== 'number' || draft.data === undefined)
      return null;
    return {
      data: draft.data,
      base: draft.base,
      version: typeof draft.version === 'string' ? draft.version : null,
      keptAt: draft.keptAt,
    };
  } catch {
    return null;
  }
}

export function writeDraft(account: string, file: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(keyOf(account, file), JSON.stringify(draft));
  } catch {
    // Full or refused: the edits are still in the form, and leaving still asks first.
  }
}

export function clearDraft(account: string, file: string): void {
  try {
    storage()?.removeItem(keyOf(account, file));
  } catch {}
}

/** "10:42" today, "26 Nov, 10:42" another day: 24-hour time in the user's locale. */
export function draftTime(keptAt: number, now = Date.now()): string {
  const at = new Date(keptAt);
  const time = new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  if (at.toDateString() === new Date(now).toDateString()) return time;
  const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(at);
  return `${day}, ${time}`;
}
