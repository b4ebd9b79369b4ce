/**
 * The two-pane page editor: on the left the page's details and one form per block (add, move,
 * remove blocks by button; every change undoable); on the right the live preview. Problems are
 * found as the user types, by the site's validator, and shown next to their field. Loading,
 * saving, merging, conflicts, history and the local draft are the edited-file hook's
 * (useEditedFile.ts); leaving with unsaved changes asks first (leaveGuard.ts).
 */
import {
  type FocusEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { linkChoicesOf, pageEntriesOf, pageEntryOf, parsedPage } from '../../content/pageEntry.ts';
import { below } from '../../styles/breakpoints.ts';
import { matchesMedia, useMediaQuery } from '../../ui/motion.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import type { ContentApi, FieldConflict, HistoryVersion, PageSummary, SiteFiles } from './api.ts';
import { BlockCard } from './BlockCard.tsx';
import { ConflictNotice } from './ConflictNotice.tsx';
import styles from './content.module.css';
import { DraftOffer } from './DraftOffer.tsx';
import {
  addBlock,
  type Data,
  docFromText,
  moveBlock,
  type PageDoc,
  pageAdapter,
  pageOf,
  removeBlock,
  skeletonOf,
  textForValidation,
} from './document.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { useConflictFields } from './editorConflicts.tsx';
import { editorShortcuts } from './editorShortcuts.ts';
import { pageFieldLabel } from './fieldLabels.ts';
import type { EditorFormContext } from './formContext.ts';
import { HistoryPanel, versionLabel } from './HistoryPanel.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';
import { useLeaveGuard } from './leaveGuard.ts';
import { type Pane, PaneSwitch, paneTabId } from './PaneSwitch.tsx';
import { Preview } from './Preview.tsx';
import { withPictureAddresses } from './pictureAddresses.ts';
import { parseSite } from './previewContent.ts';
import { focusName, focusOfElement, type PreviewFocus } from './previewFocus.ts';
import { RestoreQuestion } from './RestoreQuestion.tsx';
import { SchemaForm } from './SchemaForm.tsx';
import { type OutlineTarget, SectionOutline, SkipToSectionControls } from './SectionOutline.tsx';
import { blockLabel, blockSchema, blockTypes, pageDetailsSchema } from './schemaForms.ts';
import { statusIsFailure, statusText, useEditedFile } from './useEditedFile.ts';
import { usePictureChooser } from './usePictureChooser.ts';
import {
  fieldId,
  placeProblems,
  type Segment,
  type SiteSnapshot,
  snapshotOf,
  validateEdited,
} from './validation.ts';

const VALIDATE_AFTER_MS = 250;
/** Under this width the editor shows one pane at a time, with the Edit / Preview switch. */
const ONE_PANE = below('lg');
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const FORM_PANE_ID = 'editor-form-pane';
const PREVIEW_PANE_ID = 'editor-preview-pane';

/** A section's name in the form and the outline: its kind's label. */
function sectionLabel(type: string): string {
  return blockTypes.includes(type) ? blockLabel(type) : `Unknown block "${type}"`;
}

/** Scrolls an element of the form into view: at once where the system asks for less motion. */
function bringIntoView(el: Element | null | undefined, block: ScrollLogicalPosition = 'start'): void {
  el?.scrollIntoView?.({ block, behavior: matchesMedia(REDUCED_MOTION) ? 'instant' : 'smooth' });
}

export interface PageEditorProps {
  file: string;
  site: SiteFiles;
  /** The page list (each page's last change decides, of two pages claiming one address, which is told). */
  pages?: readonly PageSummary[];
  client: ContentApi;
  /** The signed-in account: unsaved edits are kept in the browser per account and file. */
  account?: string;
  onBack: () => void;
  /** The server wrote the file: the section updates its copy of the site. */
  onSaved: (file: string, text: string, version: string) => void;
  /** The page's draft band (DraftBar.tsx), given whether the editor has unsaved changes. */
  draftBar?: (dirty: boolean) => ReactNode;
}

/** An earlier version shown in the preview instead of the draft. */
interface Viewing {
  version: HistoryVersion;
  doc: PageDoc;
}

export function PageEditor({
  file,
  site,
  pages,
  client,
  account = '',
  onBack,
  onSaved,
  draftBar,
}: PageEditorProps) {
  const snapshot: SiteSnapshot = useMemo(() => snapshotOf(site, pages), [site, pages]);
  const edited = useEditedFile<PageDoc>({
    file,
    original: site.files[file],
    account,
    client,
    adapter: pageAdapter,
    onSaved,
    // The latest keystrokes may not have been checked yet.
    readyToSave: (value) => {
      if (!validateEdited(snapshot, file, textForValidation(value, edited.baseText)).errors.length)
        return true;
      setDeferred(value);
      return false;
    },
  });
  const { history, version, baseText, dirty } = edited;
  const doc = edited.value;
  const rootRef = useRef<HTMLDivElement>(null);
  const guard = useLeaveGuard(dirty, rootRef, edited.keepDraft);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  /** The Restore of the version shown in the preview was pressed: the question is asked. */
  const [confirmingRestore, setConfirmingRestore] = useState(false);
  const restoreButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const addSelectId = useId();
  /** The field (or block) that has the keyboard: the preview shows its words, outlined. */
  const [focused, setFocused] = useState<PreviewFocus | null>(null);
  /** On a small screen, one pane at a time; where the window was in the form, to come back to. */
  const onePane = useMediaQuery(ONE_PANE, false);
  const [pane, setPane] = useState<Pane>('edit');
  const formScroll = useRef(0);

  // Which sections the page may hold: its entry in the page list (the server's), or, for a page the
  // list does not hold yet, the entry read from its own text.
  const allowed = useMemo(
    () =>
      (
        pages?.find((p) => p.file === file) ??
        pageEntryOf(file, parsedPage(site.files[file]?.text ?? ''), bundledSchemas)
      ).blockTypes,
    [pages, file, site],
  );
  const [addType, setAddType] = useState(allowed[0] ?? '');

  // The keyboard starts at the page's name, and the window stays at the top: the notices above the
  // form (an offer of unsaved changes) are in view.
  useEffect(() => {
    if (window.scrollY !== 0) window.scrollTo({ top: 0, behavior: 'instant' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  // The toolbar's height (it wraps on a small screen): the preview pane fills the screen below it.
  useEffect(() => {
    const bar = toolbarRef.current;
    const root = rootRef.current;
    if (!bar || !root || typeof ResizeObserver === 'undefined') return;
    // The window keeps a field it scrolls to (Tab, a jump) clear of the toolbar that stays on top.
    const html = document.documentElement;
    const padding = html.style.scrollPaddingTop;
    const observer = new ResizeObserver(() => {
      const height = `${Math.ceil(bar.getBoundingClientRect().height)}px`;
      root.style.setProperty('--editor-toolbar-height', height);
      html.style.scrollPaddingTop = height;
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      html.style.scrollPaddingTop = padding;
    };
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

  const addresses = useMemo(
    () => [
      { value: '#contactus', label: 'The footer (contact)' },
      ...linkChoicesOf(pageEntriesOf(snapshot.files, bundledSchemas)),
    ],
    [snapshot],
  );

  const conflictFields = useConflictFields({
    status: edited.status,
    labelOf: (field: FieldConflict) => pageFieldLabel(pageOf(doc), field.path),
    idOf: (field: FieldConflict) => fieldIdInPage(doc, field.path),
    decide: edited.decide,
  });

  const pictures = usePictureChooser(site, client, file);
  const context: EditorFormContext = useMemo(
    () => ({
      ...pictures,
      addresses,
      warnings: placed.warningsById,
      onFieldFocus: (id: string) => setActiveKey(id.split('_')[0] ?? null),
      fieldChoices: conflictFields.choices,
    }),
    [pictures, addresses, placed.warningsById, conflictFields.choices],
  );

  const parsed = useMemo(() => parseSite(site, client.pictureUrl), [site, client]);
  // The preview shows each picture from the content folder, published or not (pictureAddresses.ts).
  const previewDoc = useMemo(() => withPictureAddresses(doc, client.pictureUrl), [doc, client]);
  const previewVersion = useMemo(
    () => viewing && withPictureAddresses(viewing.doc, client.pictureUrl),
    [viewing, client],
  );
  const showPane = useCallback((next: Pane) => {
    setPane((current) => {
      if (current === next) return current;
      // The window's place in the form is kept while the preview is shown.
      if (current === 'edit') formScroll.current = window.scrollY;
      return next;
    });
  }, []);
  useEffect(() => {
    if (pane === 'edit' && onePane && formScroll.current)
      window.scrollTo({ top: formScroll.current, behavior: 'instant' });
  }, [pane, onePane]);

  const pick = useCallback((blockKey: string, path: Segment[] | null) => {
    setActiveKey(blockKey);
    // On a small screen the form is shown first (a hidden field cannot take the keyboard).
    formScroll.current = 0;
    flushSync(() => setPane('edit'));
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

  /** A restored version is the draft now: the preview shows it, not the version looked at. */
  const restore = async (commit: string) => {
    if (await edited.restore(commit)) setViewing(null);
  };

  const showVersion = (next: Viewing | null) => {
    setConfirmingRestore(false);
    setViewing(next);
    // On a small screen the version is in the other pane: show it.
    if (next) showPane('preview');
  };

  const backToDraft = () => {
    flushSync(() => {
      showVersion(null);
      showPane('edit');
    });
    requestAnimationFrame(() => document.getElementById(`show-${viewing?.version.commit}`)?.focus());
  };

  /** The outline and the skip link: the keyboard goes to that part of the form, in view. */
  const goTo = (target: OutlineTarget) => {
    if (target.kind === 'add') {
      const select = document.getElementById(addSelectId);
      bringIntoView(select?.closest(`.${styles.addBlock}`) ?? select, 'center');
      select?.focus({ preventScroll: true });
      return;
    }
    const holder = document.getElementById(target.kind === 'details' ? 'block-page' : `block-${target.key}`);
    const first =
      holder?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select') ??
      holder?.querySelector<HTMLElement>('button:not(:disabled)');
    bringIntoView(holder);
    first?.focus({ preventScroll: true });
  };

  /** The preview follows the keyboard in the form: the field that has it, until it leaves. */
  const onFormFocus = (e: FocusEvent<HTMLDivElement>) => {
    const next = focusOfElement(e.target);
    setFocused((current) => (focusName(current) === focusName(next) ? current : next));
  };
  const onFormBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setFocused(null);
  };

  const onKeyDown = editorShortcuts({
    undo: history.undo,
    redo: history.redo,
    save: () => void edited.save(),
  });

  /** On a small screen each pane is a tab's panel, hidden while the other is chosen. */
  const paneProps = (which: Pane) =>
    onePane ? { role: 'tabpanel', 'aria-labelledby': paneTabId(which), hidden: pane !== which } : {};

  const title = String(doc.details.title ?? file);
  const errorCount = placed.errorCount;
  const save = edited.status;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts are extras; every action has a button
    <div ref={rootRef} className={styles.editor} onKeyDown={onKeyDown}>
      <EditorToolbar
        heading={<>Edit: {title}</>}
        headingRef={headingRef}
        onBack={() => guard.confirmLeave(onBack)}
        undo={history}
        onSave={() => void edited.save()}
        saveDisabled={errorCount > 0 || save.kind === 'saving' || (!dirty && version !== null)}
        status={statusText(edited, errorCount, file)}
        statusFailed={statusIsFailure(edited, errorCount)}
        historyToggle={{ open: showHistory, onToggle: () => setShowHistory((v) => !v) }}
        rootRef={toolbarRef}
      >
        {onePane && (
          <PaneSwitch
            pane={pane}
            panelIds={{ edit: FORM_PANE_ID, preview: PREVIEW_PANE_ID }}
            onChange={showPane}
          />
        )}
      </EditorToolbar>
      {draftBar?.(dirty)}
      {guard.asking && <LeaveDialog onStay={guard.asking.stay} onLeave={guard.asking.leave} />}
      <div className={styles.panes}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: focus is followed, not handled: the preview shows the focused field */}
        <div
          id={FORM_PANE_ID}
          className={styles.formPane}
          onFocus={onFormFocus}
          onBlur={onFormBlur}
          {...paneProps('edit')}
        >
          <SkipToSectionControls onSkip={() => goTo({ kind: 'add' })} />
          {edited.draftOffer && (
            <DraftOffer
              keptAt={edited.draftOffer.keptAt}
              onRestore={edited.restoreDraft}
              onDiscard={edited.discardDraft}
            />
          )}
          {save.kind === 'conflict' && (
            <ConflictNotice
              key={save.conflict.theirs.version}
              what="this page"
              conflict={save.conflict}
              labelOf={conflictFields.labelOf}
              onGoTo={conflictFields.goTo}
              onLoadTheirs={edited.loadTheirs}
              onSaveMineOver={edited.saveMineOver}
            />
          )}
          {showHistory && (
            <HistoryPanel
              file={file}
              canRestore={version !== null}
              client={client}
              shown={viewing?.version.commit ?? null}
              onShow={(v, text) => showVersion({ version: v, doc: docFromText(text) })}
              onRestore={restore}
              onClose={() => {
                setShowHistory(false);
                showVersion(null);
              }}
            />
          )}
          <p className={styles.visuallyHidden} aria-live="polite">
            {announcement}
          </p>
          {save.kind === 'failed' && (
            <div className={styles.problems} role="alert">
              <p>{save.message}</p>
              {save.serverErrors.length > 0 && (
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
          <SectionOutline
            sections={doc.blocks.map((b) => ({ key: b.key, label: sectionLabel(String(b.data.type ?? '')) }))}
            onGo={goTo}
          />
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
        <div id={PREVIEW_PANE_ID} className={styles.previewSide} {...paneProps('preview')}>
          {viewing ? (
            <div className={styles.versionPane}>
              <section className={styles.versionBanner} aria-labelledby="viewing-heading">
                <h2 id="viewing-heading">{versionLabel(viewing.version)}</h2>
                <p>An earlier version, for looking only: the form still holds your draft.</p>
                <button type="button" className={styles.secondary} onClick={backToDraft}>
                  Back to the current draft
                </button>{' '}
                <button
                  ref={restoreButtonRef}
                  type="button"
                  className={styles.primary}
                  onClick={() => setConfirmingRestore(true)}
                  disabled={!version}
                  aria-expanded={confirmingRestore}
                >
                  Restore this version
                </button>
                {confirmingRestore && (
                  <RestoreQuestion
                    version={viewing.version}
                    onRestore={() => {
                      setConfirmingRestore(false);
                      void restore(viewing.version.commit);
                    }}
                    onCancel={() => {
                      setConfirmingRestore(false);
                      requestAnimationFrame(() => restoreButtonRef.current?.focus());
                    }}
                  />
                )}
              </section>
              <Preview
                key={viewing.version.commit}
                doc={previewVersion ?? viewing.doc}
                file={file}
                parsed={parsed}
                focused={null}
                onPick={() => undefined}
                label={versionLabel(viewing.version)}
              />
            </div>
          ) : (
            <Preview doc={previewDoc} file={file} parsed={parsed} focused={focused} onPick={pick} />
          )}
        </div>
      </div>
    </div>
  );
}

/** The form field id of a place in the page: a block's fields are named after the block's key. */
function fieldIdInPage(doc: PageDoc, path: readonly Segment[]): string {
  const [first, index, ...rest] = path;
  if (first === 'blocks' && typeof index === 'number') {
    const key = doc.blocks[index]?.key;
    return key ? fieldId(key, rest) : `block-${index}`;
  }
  return fieldId('page', path);
}
