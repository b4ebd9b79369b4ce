/**
 * One edited file, for both editors (a page, the site settings): its value with undo, the text
 * and version it started from, saving (merged by the server with what others saved meanwhile),
 * a conflict decided field by field, restoring from the history, the unsaved edits kept in the
 * browser and offered back, and what the status line says.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parse } from 'yaml';
import {
  type ConflictDecisions,
  type ContentApi,
  conflictKey,
  type FieldConflict,
  isConflict,
  type Saved,
} from './api.ts';
import { sameData, withValueAt } from './dataPath.ts';
import { editorWords } from './editorWords.ts';
import { clearDraft, type LocalDraft, readDraft, writeDraft } from './localDraft.ts';
import { useUndo } from './useUndo.ts';

/** How often, at most, the unsaved edits are written to the browser's storage while typing. */
export const DRAFT_AFTER_MS = 500;

/** How the editor holds a file's data (a page keeps a key on each block). */
export interface FileAdapter<T> {
  fromText: (text: string) => T;
  toData: (value: T) => unknown;
  /** The value for `data`, keeping what it can of `like` (a page's block keys, so forms stay put). */
  fromData: (data: unknown, like: T) => T;
}

export interface FileConflict {
  message: string;
  /** The file as it is now. */
  theirs: { version: string; text: string };
  /** Whether the server merged field by field (false: it could not tell their changes from mine). */
  threeWay: boolean;
  fields: FieldConflict[];
  /** The user's choice per field so far, by conflictKey. */
  decided: ReadonlyMap<string, 'theirs' | 'mine'>;
}

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; message: string }
  | { kind: 'failed'; message: string; serverErrors: string[] }
  | { kind: 'conflict'; conflict: FileConflict };

export interface EditedFileOptions<T> {
  file: string;
  original: { text: string; version: string } | undefined;
  /** Whose drafts: the signed-in account (drafts are kept per account and file). */
  account: string;
  client: ContentApi;
  adapter: FileAdapter<T>;
  /** The server wrote the file. */
  onSaved: (file: string, text: string, version: string) => void;
  /** Checked just before saving (the latest keystrokes may not be validated yet): false stops it. */
  readyToSave?: (value: T) => boolean;
}

export function useEditedFile<T>({
  file,
  original,
  account,
  client,
  adapter,
  onSaved,
  readyToSave,
}: EditedFileOptions<T>) {
  const initial = useMemo(() => adapter.fromText(original?.text ?? ''), [adapter, original?.text]);
  const history = useUndo<T>(initial);
  const value = history.value;
  const [savedValue, setSavedValue] = useState<T>(initial);
  const [version, setVersion] = useState<string | null>(original?.version ?? null);
  // The text the value started from (as opened, saved or loaded): sent with each save so the
  // server can merge the other person's changes with the user's (three-way).
  const [baseText, setBaseText] = useState(original?.text ?? '');
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [offer, setOffer] = useState<LocalDraft | null>(() => {
    const draft = readDraft(account, file);
    if (!draft) return null;
    if (sameData(draft.data, adapter.toData(initial))) {
      clearDraft(account, file);
      return null;
    }
    return draft;
  });
  const dirty = value !== savedValue;

  // The newest of each, for callbacks made in an earlier render (rjsf keeps its first ones).
  const latest = useRef({ value, dirty, baseText, version, offer, status });
  latest.current = { value, dirty, baseText, version, offer, status };

  // --- the local draft -------------------------------------------------------------------
  const keepDraft = useCallback(() => {
    const now = latest.current;
    // Never over a draft still offered: the user has not chosen yet.
    if (now.offer) return;
    if (!now.dirty) clearDraft(account, file);
    else
      writeDraft(account, file, {
        data: adapter.toData(now.value),
        base: now.baseText,
        version: now.version,
        keptAt: Date.now(),
      });
  }, [account, file, adapter]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new value restarts the wait before it is kept
  useEffect(() => {
    if (offer) return;
    // Back to what is saved (Undo, or nothing typed yet): a draft kept earlier is stale, and would
    // be offered back on the next visit as "unsaved changes" that change nothing.
    if (!dirty) return clearDraft(account, file);
    const timer = setTimeout(keepDraft, DRAFT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [value, dirty, offer, keepDraft, account, file]);

  const restoreDraft = () => {
    if (!offer) return;
    history.set(adapter.fromData(offer.data, value));
    setBaseText(offer.base);
    setVersion(offer.version);
    setOffer(null);
    setStatus({ kind: 'idle' });
  };
  const discardDraft = () => {
    clearDraft(account, file);
    setOffer(null);
  };

  // --- saving -----------------------------------------------------------------------------
  const afterSave = (sent: T, saved: Saved, startedFrom: string, merged: boolean) => {
    clearDraft(account, file);
    onSaved(file, saved.text, saved.version);
    if (latest.current.value === sent) {
      const next = merged ? adapter.fromData(parse(saved.text), sent) : sent;
      if (merged) history.set(next);
      setSavedValue(next);
      setBaseText(saved.text);
      setVersion(saved.version);
    } else if (!merged) {
      // Typed while saving: what was sent is saved, the rest is still to save.
      setSavedValue(sent);
      setBaseText(saved.text);
      setVersion(saved.version);
    } else {
      // Typed while a merge was saved: the form lacks their changes, so the next save merges
      // again from the text the user started from (it keeps the base), and nothing of theirs is undone.
      setSavedValue(sent);
      setBaseText(startedFrom);
    }
    setStatus({
      kind: 'saved',
      message: merged
        ? editorWords.status.merged
        : saved.commit
          ? editorWords.status.saved
          : editorWords.status.savedNoHistory,
    });
  };

  const saveValue = async (
    sent: T,
    options: { decisions?: ConflictDecisions; over?: { version: string; text: string } } = {},
  ) => {
    if (readyToSave && !readyToSave(sent)) return;
    const data = adapter.toData(sent);
    const from = options.over ?? { version: latest.current.version, text: latest.current.baseText };
    setStatus({ kind: 'saving' });
    try {
      const saved = await client.save(file, from.version, data, from.text, options.decisions);
      let merged = false;
      try {
        merged = !sameData(parse(saved.text), data);
      } catch {}
      if (options.over) {
        setBaseText(saved.text);
        setVersion(saved.version);
      }
      afterSave(sent, saved, from.text, merged);
    } catch (error) {
      if (isConflict(error)) {
        setStatus({
          kind: 'conflict',
          conflict: {
            message: error.message,
            theirs: error.body.current,
            threeWay: error.body.threeWay,
            fields: error.body.conflicts ?? [],
            decided: new Map(),
          },
        });
      } else {
        const body = (error as { body?: { errors?: { message: string }[] } }).body;
        setStatus({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
          serverErrors: body?.errors?.map((e) => e.message) ?? [],
        });
      }
    }
  };

  const saveRef = useRef(saveValue);
  saveRef.current = saveValue;
  const save = () => saveValue(latest.current.value);

  /** The user's choice for one conflicting field; once every field is chosen, the save goes on. */
  const decide = useCallback(
    (field: FieldConflict, choice: 'theirs' | 'mine') => {
      const now = latest.current.status;
      if (now.kind !== 'conflict') return;
      const { conflict } = now;
      let next = latest.current.value;
      if (choice === 'theirs') {
        next = adapter.fromData(withValueAt(adapter.toData(next), field.path, field.theirs), next);
        history.set(next);
      }
      const decided = new Map(conflict.decided).set(conflictKey(field.path), choice);
      if (decided.size < conflict.fields.length) {
        setStatus({ kind: 'conflict', conflict: { ...conflict, decided } });
        return;
      }
      void saveRef.current(next, {
        decisions: {
          seen: conflict.theirs.version,
          keepMine: [...decided].filter(([, c]) => c === 'mine').map(([key]) => key),
        },
      });
    },
    [adapter, history.set],
  );

  /** Their version replaces the user's edits (after a conflict). */
  const loadTheirs = () => {
    if (status.kind !== 'conflict') return;
    const { theirs } = status.conflict;
    const next = adapter.fromText(theirs.text);
    setBaseText(theirs.text);
    setVersion(theirs.version);
    history.set(next);
    setSavedValue(next);
    clearDraft(account, file);
    setStatus({ kind: 'idle' });
  };

  /** Only when the server could not merge (no base): the user's whole version over theirs. */
  const saveMineOver = () => {
    if (status.kind !== 'conflict') return;
    void saveValue(latest.current.value, { over: status.conflict.theirs });
  };

  /** A version restored from the history (the server saved it as a new version). */
  const applyRestored = (saved: Saved) => {
    const restored = adapter.fromText(saved.text);
    setBaseText(saved.text);
    setVersion(saved.version);
    history.set(restored);
    setSavedValue(restored);
    clearDraft(account, file);
    onSaved(file, saved.text, saved.version);
    setStatus({ kind: 'saved', message: editorWords.status.restored });
  };

  /** Brings `commit` back as a new version (refused when the file changed since it was read). */
  const restore = async (commit: string): Promise<boolean> => {
    if (!version) return false;
    try {
      applyRestored(await client.restore(file, commit, version));
      return true;
    } catch (error) {
      if (isConflict(error))
        setStatus({
          kind: 'conflict',
          conflict: {
            message: error.message,
            theirs: error.body.current,
            threeWay: false,
            fields: [],
            decided: new Map(),
          },
        });
      else
        setStatus({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
          serverErrors: [],
        });
      return false;
    }
  };

  return {
    history,
    value,
    dirty,
    version,
    baseText,
    status,
    save,
    decide,
    loadTheirs,
    saveMineOver,
    restore,
    draftOffer: offer,
    restoreDraft,
    discardDraft,
    /** Writes the draft now (before leaving), instead of after the typing pause. */
    keepDraft,
  };
}

export type EditedFile<T> = ReturnType<typeof useEditedFile<T>>;

/** The status line's words. */
export function statusText(
  edited: { status: SaveStatus; dirty: boolean },
  errorCount: number,
  file: string,
): string {
  const words = editorWords.status;
  if (errorCount > 0) return words.problems(errorCount);
  switch (edited.status.kind) {
    case 'conflict':
      return file === 'site.yaml' ? words.conflictSite : words.conflict;
    case 'saving':
      return words.saving;
    case 'saved':
    case 'failed':
      if (!edited.dirty || edited.status.kind === 'failed') return edited.status.message;
      return words.unsaved;
    default:
      return edited.dirty ? words.unsaved : words.none;
  }
}

/** Whether the status line says something stands in the way of saving (shown as an error). */
export function statusIsFailure(edited: { status: SaveStatus }, errorCount: number): boolean {
  return errorCount > 0 || edited.status.kind === 'failed' || edited.status.kind === 'conflict';
}
