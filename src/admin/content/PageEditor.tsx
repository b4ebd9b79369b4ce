/**
 * The two-pane page editor: on the left the page's details and one form per block (add, move,
 * remove blocks by button; every change undoable); on the right the live preview. Problems are
 * found as the user types, by the site's validator, and shown next to their field.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { allowedBlockTypes } from './allowedBlocks.ts';
import {
  type ContentApi,
  type HistoryVersion,
  isConflict,
  type PageSummary,
  type Saved,
  type SiteFiles,
} from './api.ts';
import { BlockCard } from './BlockCard.tsx';
import { ConflictNotice } from './ConflictNotice.tsx';
import styles from './content.module.css';
import {
  addBlock,
  type Data,
  docFromText,
  moveBlock,
  type PageDoc,
  pageOf,
  removeBlock,
  skeletonOf,
  textForValidation,
} from './document.ts';
import { editorShortcuts, SHORTCUT_KEYS } from './editorShortcuts.ts';
import type { EditorFormContext } from './formContext.ts';
import { HistoryPanel, versionLabel } from './HistoryPanel.tsx';
import { kindOfFile } from './kinds.ts';
import { Preview } from './Preview.tsx';
import { parseSite } from './previewContent.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { blockLabel, blockSchema, pageDetailsSchema } from './schemaForms.ts';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';
import { useUndo } from './useUndo.ts';
import {
  fieldId,
  placeProblems,
  type Segment,
  type SiteSnapshot,
  snapshotOf,
  validateEdited,
} from './validation.ts';

const VALIDATE_AFTER_MS = 250;

export interface PageEditorProps {
  file: string;
  site: SiteFiles;
  /** The page list (each page's last change decides, of two pages claiming one address, which is told). */
  pages?: readonly PageSummary[];
  client: ContentApi;
  onBack: () => void;
  /** The server wrote the file: the section updates its copy of the site. */
  onSaved: (file: string, text: string, version: string) => void;
}

interface SaveState {
  kind: 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';
  message?: string;
  changed?: string[];
  /** Places both sides changed, to different values: saving mine overwrites theirs there. */
  conflicts?: string[];
  theirs?: { version: string; text: string };
  serverErrors?: string[];
}

/** An earlier version shown in the preview instead of the draft. */
interface Viewing {
  version: HistoryVersion;
  doc: PageDoc;
}

export function PageEditor({ file, site, pages, client, onBack, onSaved }: PageEditorProps) {
  const original = site.files[file];
  const [baseText, setBaseText] = useState(original?.text ?? '');
  const [version, setVersion] = useState<string | null>(original?.version ?? null);
  const history = useUndo<PageDoc>(useMemo(() => docFromText(original?.text ?? ''), [original?.text]));
  const doc = history.value;
  const [savedDoc, setSavedDoc] = useState<PageDoc>(doc);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addSelectId = useId();

  const snapshot: SiteSnapshot = useMemo(() => snapshotOf(site, pages), [site, pages]);
  const kind = kindOfFile(file);
  const allowed = useMemo(() => allowedBlockTypes(snapshot.files, kind), [snapshot, kind]);
  const [addType, setAddType] = useState(allowed[0] ?? '');

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Validating the whole site takes tens of milliseconds: it runs once typing pauses, so keys
  // and the preview never wait for it (Save checks again, see doSave).
  const [deferred, setDeferred] = useState(doc);
  useEffect(() => {
    if (deferred === doc) return;
    const timer = setTimeout(() => setDeferred(doc), VALIDATE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [doc, deferred]);
  const problems = useMemo(
    () => validateEdited(snapshot, file, textForValidation(deferred, baseText)),
    [snapshot, file, deferred, baseText],
  );
  const placed = useMemo(
    () =>
      placeProblems(
        problems,
        deferred.blocks.map((b) => b.key),
      ),
    [problems, deferred],
  );
  const dirty = doc !== savedDoc;

  const addresses = useMemo(() => {
    const list: { value: string; label: string }[] = [{ value: '#contactus', label: 'The footer (contact)' }];
    for (const [f, text] of snapshot.files) {
      if (!f.startsWith('pages/')) continue;
      const path = /^path:\s*(\S+)/m.exec(text)?.[1];
      const title = /^title:\s*(.*)$/m.exec(text)?.[1] ?? f;
      if (path) list.push({ value: path, label: title });
      for (const alias of text.match(/^aliases:\s*\n((?:\s+-\s*\S+\n?)+)/m)?.[1]?.matchAll(/-\s*(\S+)/g) ??
        [])
        if (alias[1]) list.push({ value: alias[1], label: `${title} (alias)` });
    }
    return list;
  }, [snapshot]);

  const [images, setImages] = useState(site.images);
  const pageFolder = file.replace(/^pages\//, '').replace(/\.yaml$/, '');
  const context: EditorFormContext = useMemo(
    () => ({
      images,
      addresses,
      warnings: placed.warningsById,
      upload: async (image: File) => {
        const [folder = 'pages', ...rest] = pageFolder.split('/');
        const saved = await client.uploadImage(
          rest.length ? folder : 'pages',
          rest.join('/') || folder,
          image,
        );
        setImages((list) => [...list, saved]);
        return saved;
      },
      onFieldFocus: (id: string) => setActiveKey(id.split('_')[0] ?? null),
    }),
    [images, addresses, placed.warningsById, client, pageFolder],
  );

  const parsed = useMemo(() => parseSite(site), [site]);
  const pick = useCallback((blockKey: string, path: Segment[] | null) => {
    setActiveKey(blockKey);
    const holder = document.getElementById(`block-${blockKey}`);
    const field =
      (path ? document.getElementById(fieldId(blockKey, path)) : null) ??
      holder?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select') ??
      holder?.querySelector<HTMLElement>('button');
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus();
  }, []);

  const set = history.set;
  const docRef = useRef(doc);
  docRef.current = doc;

  const changeDetails = useCallback(
    (details: Data, id?: string) => set({ ...docRef.current, details }, `page:${id ?? ''}`),
    [set],
  );
  const changeBlock = useCallback(
    (key: string, data: Data, id?: string) => {
      const current = docRef.current;
      set(
        { ...current, blocks: current.blocks.map((b) => (b.key === key ? { key, data } : b)) },
        `${key}:${id ?? ''}`,
      );
    },
    [set],
  );
  const move = useCallback(
    (key: string, by: -1 | 1) => {
      const current = docRef.current;
      const index = current.blocks.findIndex((b) => b.key === key);
      set(moveBlock(current, index, by));
      setAnnouncement(`Block moved to position ${index + by + 1}.`);
      // Keep the keyboard where it was: on the same button of the moved block.
      requestAnimationFrame(() => {
        const button = document.getElementById(
          `${by < 0 ? 'up' : 'down'}-${key}`,
        ) as HTMLButtonElement | null;
        (button && !button.disabled
          ? button
          : document.getElementById(`${by < 0 ? 'down' : 'up'}-${key}`)
        )?.focus();
      });
    },
    [set],
  );
  const remove = useCallback(
    (key: string) => {
      const current = docRef.current;
      const index = current.blocks.findIndex((b) => b.key === key);
      const label = blockLabel(String(current.blocks[index]?.data.type ?? ''));
      const next = removeBlock(current, index);
      set(next);
      setAnnouncement(`${label} removed. Undo brings it back.`);
      const focusKey = next.blocks[Math.min(index, next.blocks.length - 1)]?.key;
      requestAnimationFrame(() => {
        (focusKey ? document.getElementById(`block-${focusKey}`)?.querySelector('button') : null)?.focus();
      });
    },
    [set],
  );
  const add = () => {
    if (!addType) return;
    const data = skeletonOf(blockSchema(addType)) as Data;
    const next = addBlock(doc, data);
    set(next);
    const key = next.blocks[next.blocks.length - 1]?.key;
    setAnnouncement(`${blockLabel(addType)} added at the end of the page.`);
    requestAnimationFrame(() => {
      const field = key
        ? document
            .getElementById(`block-${key}`)
            ?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select')
        : null;
      (field ?? document.getElementById(`up-${key}`))?.focus();
    });
  };

  const doSave = async (overVersion?: string) => {
    // The latest keystrokes may not have been checked yet.
    if (validateEdited(snapshot, file, textForValidation(doc, baseText)).errors.length) {
      setDeferred(doc);
      return;
    }
    setSave({ kind: 'saving', message: 'Saving…' });
    try {
      // The text as opened, so a refusal lists only what others changed since (even without history).
      const saved = await client.save(file, overVersion ?? version, pageOf(doc), baseText);
      setVersion(saved.version);
      setBaseText(saved.text);
      setSavedDoc(doc);
      onSaved(file, saved.text, saved.version);
      setSave({ kind: 'saved', message: saved.commit ? 'Saved and recorded in the history.' : 'Saved.' });
    } catch (error) {
      if (isConflict(error)) {
        setSave({
          kind: 'conflict',
          message: error.message,
          changed: error.body.changed,
          conflicts: error.body.conflicts ?? [],
          theirs: error.body.current,
        });
      } else {
        const body = (error as { body?: { errors?: { message: string }[] } }).body;
        setSave({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
          serverErrors: body?.errors?.map((e) => e.message) ?? [],
        });
      }
    }
  };

  const applyRestored = (saved: Saved) => {
    const restored = docFromText(saved.text);
    setBaseText(saved.text);
    setVersion(saved.version);
    history.set(restored);
    setSavedDoc(restored);
    setViewing(null);
    onSaved(file, saved.text, saved.version);
    setSave({ kind: 'saved', message: 'The earlier version is back (saved as a new version).' });
  };

  /** Brings `commit` back as a new version (refused if the file changed since it was read). */
  const restore = async (commit: string) => {
    if (!version) return;
    try {
      applyRestored(await client.restore(file, commit, version));
    } catch (error) {
      if (isConflict(error))
        setSave({
          kind: 'conflict',
          message: error.message,
          changed: error.body.changed,
          theirs: error.body.current,
        });
      else setSave({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const backToDraft = () => {
    setViewing(null);
    requestAnimationFrame(() => document.getElementById(`show-${viewing?.version.commit}`)?.focus());
  };

  const loadTheirs = () => {
    if (!save.theirs) return;
    const theirs = docFromText(save.theirs.text);
    setBaseText(save.theirs.text);
    setVersion(save.theirs.version);
    history.set(theirs);
    setSavedDoc(theirs);
    setSave({ kind: 'idle' });
  };

  const onKeyDown = editorShortcuts({ undo: history.undo, redo: history.redo, save: () => void doSave() });

  const title = String(doc.details.title ?? file);
  const errorCount = placed.errorCount;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts are extras; every action has a button
    <div className={styles.editor} onKeyDown={onKeyDown}>
      <div className={styles.toolbar}>
        <button type="button" className={styles.secondary} onClick={onBack}>
          ← All pages
        </button>
        <h1 ref={headingRef} tabIndex={-1}>
          Edit: {title}
        </h1>
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={showHistory}
          onClick={() => setShowHistory((v) => !v)}
        >
          History
        </button>
        <UndoRedoButtons history={history} />
        <button
          type="button"
          className={styles.primary}
          onClick={() => void doSave()}
          aria-keyshortcuts={SHORTCUT_KEYS.save}
          disabled={errorCount > 0 || save.kind === 'saving' || (!dirty && version !== null)}
          aria-describedby="save-status"
        >
          Save
        </button>
        <span id="save-status" className={styles.status} role="status">
          {errorCount > 0
            ? `${errorCount} ${errorCount === 1 ? 'problem' : 'problems'} to fix before saving`
            : save.kind !== 'idle' && save.kind !== 'conflict'
              ? save.message
              : dirty
                ? 'Unsaved changes'
                : 'No changes'}
        </span>
      </div>
      <div className={styles.panes}>
        <div className={styles.formPane}>
          {showHistory && (
            <HistoryPanel
              file={file}
              canRestore={version !== null}
              client={client}
              shown={viewing?.version.commit ?? null}
              onShow={(v, text) => setViewing({ version: v, doc: docFromText(text) })}
              onRestore={restore}
              onClose={() => {
                setShowHistory(false);
                setViewing(null);
              }}
            />
          )}
          <p className={styles.visuallyHidden} aria-live="polite">
            {announcement}
          </p>
          {save.kind === 'conflict' && (
            <ConflictNotice
              heading="Someone else changed this page"
              message={save.message}
              changed={save.changed}
              conflicts={save.conflicts}
              onSaveMine={() => void doSave(save.theirs?.version)}
              onLoadTheirs={loadTheirs}
            />
          )}
          {save.kind === 'failed' && (
            <div className={styles.problems} role="alert">
              <p>{save.message}</p>
              {save.serverErrors && save.serverErrors.length > 0 && (
                <ul>
                  {save.serverErrors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {placed.page.length > 0 && (
            <div className={styles.problems}>
              <h2>Problems with the page</h2>
              <ul>
                {placed.page.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          )}
          {placed.pageWarnings.length > 0 && (
            <div className={styles.warnings}>
              <h2>Warnings</h2>
              <ul>
                {placed.pageWarnings.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          )}
          <fieldset className={styles.blockCard} id="block-page">
            <legend>Page details</legend>
            <SchemaForm
              schema={pageDetailsSchema()}
              data={doc.details}
              idPrefix="page"
              errors={placed.details}
              context={context}
              onChange={changeDetails}
            />
          </fieldset>
          <h2>Sections of the page</h2>
          {doc.blocks.map((block, index) => (
            <BlockCard
              key={block.key}
              blockKey={block.key}
              index={index}
              count={doc.blocks.length}
              data={block.data}
              errors={placed.blocks.get(index)}
              blockErrors={placed.blockLevel.get(index)}
              context={context}
              active={activeKey === block.key}
              onChange={changeBlock}
              onMove={move}
              onRemove={remove}
            />
          ))}
          <div className={styles.addBlock}>
            <div>
              <label htmlFor={addSelectId}>Add a section</label>
              <br />
              <select id={addSelectId} value={addType} onChange={(e) => setAddType(e.target.value)}>
                {allowed.map((t) => (
                  <option key={t} value={t}>
                    {blockLabel(t)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className={styles.primary} onClick={add} disabled={!addType}>
              Add at the end
            </button>
          </div>
        </div>
        {viewing ? (
          <div className={styles.versionPane}>
            <section className={styles.versionBanner} aria-labelledby="viewing-heading">
              <h2 id="viewing-heading">{versionLabel(viewing.version)}</h2>
              <p>An earlier version, for looking only: the form still holds your draft.</p>
              <button type="button" className={styles.secondary} onClick={backToDraft}>
                Back to the current draft
              </button>{' '}
              <button
                type="button"
                className={styles.primary}
                onClick={() => void restore(viewing.version.commit)}
                disabled={!version}
              >
                Restore this version
              </button>
            </section>
            <Preview
              key={viewing.version.commit}
              doc={viewing.doc}
              file={file}
              parsed={parsed}
              activeKey={null}
              onPick={() => undefined}
              label={versionLabel(viewing.version)}
            />
          </div>
        ) : (
          <Preview doc={doc} file={file} parsed={parsed} activeKey={activeKey} onPick={pick} />
        )}
      </div>
    </div>
  );
}
