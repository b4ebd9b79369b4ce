/**
 * Site settings (site.yaml) edited like a page, one section at a time (siteSections.ts: company and
 * contact, navigation, service types, ...), each at its own address (#content/site/<section>),
 * beside a preview of what that section changes (SiteSectionPreview.tsx) and with its own history
 * (the versions that changed that section). The whole file is still one edited file
 * (useEditedFile.ts): one Save, undo and redo over every section, edits kept while switching
 * sections, saving merged with others' changes, conflicts decided field by field, the local draft,
 * and the same question before leaving with unsaved changes. A site.yaml the form cannot show (not
 * YAML, a value of the wrong kind) is named, with its line, instead of a form.
 */
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { parse, stringify, YAMLParseError } from 'yaml';
import { linkChoicesOf, pageEntriesOf } from '../../content/pageEntry.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import type { ContentApi, FieldConflict, HistoryVersion, SiteFiles } from './api.ts';
import { ConflictNotice } from './ConflictNotice.tsx';
import styles from './content.module.css';
import { DraftOffer } from './DraftOffer.tsx';
import type { Data } from './document.ts';
import toolbar from './EditorToolbar.module.css';
import { EditorToolbar } from './EditorToolbar.tsx';
import { useConflictFields } from './editorConflicts.tsx';
import { editorShortcuts } from './editorShortcuts.ts';
import { siteFieldLabel } from './fieldLabels.ts';
import type { EditorFormContext } from './formContext.ts';
import { HistoryPanel, versionLabel } from './HistoryPanel.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';
import { useLeaveGuard } from './leaveGuard.ts';
import { withPictureAddresses } from './pictureAddresses.ts';
import { parseSite } from './previewContent.ts';
import { RestoreQuestion } from './RestoreQuestion.tsx';
import { SchemaForm } from './SchemaForm.tsx';
import own from './SiteEditor.module.css';
import { SiteSectionPreview } from './SiteSectionPreview.tsx';
import { siteSchema } from './schemaForms.ts';
import {
  FIRST_SITE_SECTION,
  SITE_SECTIONS,
  type SiteSection,
  sectionData,
  sectionFromHash,
  sectionOfKey,
  sectionSchema,
  siteSectionHash,
  versionChangedSection,
  withSectionData,
} from './siteSections.ts';
import { statusIsFailure, statusText, useEditedFile } from './useEditedFile.ts';
import { usePictureChooser } from './usePictureChooser.ts';
import { errorSchemaOf, fieldId, snapshotOf, validateEdited } from './validation.ts';

const FILE = 'site.yaml';
const PREVIEW_ID = 'site-section-preview';

const siteAdapter = {
  fromText: (text: string) => (parse(text) ?? {}) as Data,
  toData: (data: Data): unknown => data,
  fromData: (data: unknown) => (data ?? {}) as Data,
};

const labelOf = (field: FieldConflict) => siteFieldLabel(field.path);
const idOf = (field: FieldConflict) => fieldId('site', field.path);

export interface SiteEditorProps {
  site: SiteFiles;
  client: ContentApi;
  /** The signed-in account: unsaved edits are kept in the browser per account and file. */
  account?: string;
  onBack: () => void;
  onSaved: (file: string, text: string, version: string) => void;
}

/** Why the browser cannot open site.yaml's text in the form (the server says it first: siteProblem.ts). */
function problemOf(text: string): string | undefined {
  const developer = 'A developer must fix the file (site.yaml) before Site settings can open it.';
  try {
    const data = parse(text) as unknown;
    if (data === null || data === undefined || (typeof data === 'object' && !Array.isArray(data)))
      return undefined;
    return `Site settings cannot be opened: site.yaml does not hold a group of settings. ${developer}`;
  } catch (error) {
    const line = error instanceof YAMLParseError ? error.linePos?.[0].line : undefined;
    return `Site settings cannot be opened: site.yaml is not written correctly${line ? ` on line ${line}` : ''}. ${developer}`;
  }
}

export function SiteEditor(props: SiteEditorProps) {
  const original = props.site.files[FILE];
  const problem =
    props.site.problems?.find((p) => p.file === FILE)?.message ??
    (original ? problemOf(original.text) : undefined);
  if (problem) return <SiteProblem message={problem} onBack={props.onBack} />;
  return <SiteSettings {...props} />;
}

/** Site settings when site.yaml cannot be shown: what is wrong, and the way back. */
function SiteProblem({ message, onBack }: { message: string; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className={styles.list}>
      <button type="button" className={styles.secondary} onClick={onBack}>
        ← All pages
      </button>
      <h1 ref={heading} tabIndex={-1} className={own.problemHeading}>
        Site settings
      </h1>
      <div className={styles.problems} role="alert">
        <h2>Site settings cannot be opened</h2>
        <p>{message}</p>
        <p>The pages can still be edited and published as usual.</p>
      </div>
    </div>
  );
}

/** The version an earlier version's preview shows. */
interface Viewing {
  version: HistoryVersion;
  data: Data;
}

function SiteSettings({ site, client, account = '', onBack, onSaved }: SiteEditorProps) {
  const original = site.files[FILE];
  const edited = useEditedFile<Data>({
    file: FILE,
    original,
    account,
    client,
    adapter: siteAdapter,
    onSaved,
  });
  const { history, dirty } = edited;
  const data = edited.value;
  const dataRef = useRef(data);
  dataRef.current = data;

  // --- the section shown: from the address, which the section links change -------------------
  const [section, setSection] = useState<SiteSection>(
    () => sectionFromHash(window.location.hash) ?? FIRST_SITE_SECTION,
  );
  const sectionRef = useRef(section);
  sectionRef.current = section;
  useEffect(() => {
    if (window.location.hash !== siteSectionHash(sectionRef.current.id))
      window.history.replaceState(null, '', siteSectionHash(sectionRef.current.id));
    const onHash = () => {
      const wanted = sectionFromHash(window.location.hash);
      if (wanted) setSection(wanted);
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      // Closed: the address no longer names a section of Site settings (a reload opens the list).
      if (sectionFromHash(window.location.hash)) window.history.replaceState(null, '', '#content');
    };
  }, []);
  const [announcement, setAnnouncement] = useState('');
  const firstSection = useRef(true);
  useEffect(() => {
    if (firstSection.current) {
      firstSection.current = false;
      return;
    }
    setAnnouncement(`Showing ${section.name}.`);
  }, [section]);

  // Opening: the heading in the sticky toolbar has the keyboard, and the window is at its top (the
  // focus must not scroll it, or a draft offer above the form would be out of view).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  const rootRef = useRef<HTMLDivElement>(null);
  const guard = useLeaveGuard(dirty, rootRef, edited.keepDraft);

  const snapshot = useMemo(() => snapshotOf(site), [site]);
  const deferred = useDeferredValue(data);
  const problems = useMemo(() => {
    const modeline = /^#\s*yaml-language-server:.*$/m.exec(original?.text ?? '')?.[0];
    const text = `${modeline ? `${modeline}\n` : ''}${stringify(deferred, { lineWidth: 0 })}`;
    return validateEdited(snapshot, FILE, text);
  }, [snapshot, deferred, original?.text]);
  const placed = useMemo(
    () => problems.errors.map((e) => ({ path: e.path, message: e.message })),
    [problems],
  );
  /** The problems of each section (a problem of the whole file counts in the first). */
  const problemCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const { path } of placed) {
      const id = (sectionOfKey(String(path[0] ?? '')) ?? FIRST_SITE_SECTION).id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }, [placed]);
  const errors = useMemo(
    () =>
      errorSchemaOf(
        placed.filter(({ path }) => path.length > 0 && section.keys.includes(String(path[0]))),
      ) as ErrorSchema,
    [placed, section],
  );
  const wholeFile = placed.filter(({ path }) => path.length === 0 && section === FIRST_SITE_SECTION);

  const conflictFields = useConflictFields({ status: edited.status, labelOf, idOf, decide: edited.decide });
  const goToConflict = useCallback(
    (field: FieldConflict) => {
      const holder = sectionOfKey(String(field.path[0] ?? ''));
      if (holder && holder !== sectionRef.current) {
        window.location.hash = siteSectionHash(holder.id);
        setSection(holder);
        setTimeout(() => conflictFields.goTo(field), 60);
      } else conflictFields.goTo(field);
    },
    [conflictFields],
  );
  const pictures = usePictureChooser(site, client, FILE);
  const context: EditorFormContext = useMemo(() => {
    const warnings = new Map<string, string[]>();
    for (const w of problems.warnings) {
      const id = fieldId('site', w.path);
      warnings.set(id, [...(warnings.get(id) ?? []), w.message]);
    }
    const addresses = linkChoicesOf(
      pageEntriesOf(
        Object.entries(site.files).map(([f, { text }]) => [f, text] as const),
        bundledSchemas,
      ),
    );
    return {
      ...pictures,
      addresses,
      warnings,
      fieldChoices: conflictFields.choices,
    };
  }, [problems, site, pictures, conflictFields.choices]);

  const schema = useMemo(() => sectionSchema(siteSchema(), section), [section]);
  const formData = useMemo(() => sectionData(data, section), [data, section]);
  const set = history.set;
  const onChange = useCallback(
    (next: Data, id?: string) => set(withSectionData(dataRef.current, sectionRef.current, next), id),
    [set],
  );

  // --- the preview and the history ----------------------------------------------------------
  const parsed = useMemo(() => parseSite(site, client.pictureUrl), [site, client]);
  const previewSite = useMemo(() => withPictureAddresses(data, client.pictureUrl), [data, client]);
  const [showHistory, setShowHistory] = useState(false);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [askRestore, setAskRestore] = useState(false);
  const viewingSite = useMemo(
    () => viewing && withPictureAddresses(viewing.data, client.pictureUrl),
    [viewing, client],
  );
  const historyFilter = useMemo(
    () => ({ label: section.name, keep: (v: HistoryVersion) => versionChangedSection(v, section) }),
    [section],
  );
  const restore = async (commit: string) => {
    setAskRestore(false);
    if (await edited.restore(commit)) setViewing(null);
  };
  const backToDraft = () => {
    const commit = viewing?.version.commit;
    setViewing(null);
    setAskRestore(false);
    requestAnimationFrame(() => document.getElementById(`show-${commit}`)?.focus());
  };

  const count = problems.errors.length;
  const status = edited.status;
  const canSave = count === 0 && dirty && status.kind !== 'saving';
  const onKeyDown = editorShortcuts({
    undo: history.undo,
    redo: history.redo,
    save: () => {
      if (canSave) void edited.save();
    },
  });
  const headingId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts are extras; every action has a button
    <div ref={rootRef} className={own.root} onKeyDown={onKeyDown}>
      {/* The page scrolls here, not a pane: the toolbar and a conflict stay in view together. */}
      <div className={toolbar.sticky}>
        <EditorToolbar
          heading="Site settings"
          headingRef={heading}
          onBack={() => guard.confirmLeave(onBack)}
          undo={history}
          onSave={() => void edited.save()}
          saveDisabled={!canSave}
          status={statusText(edited, count, FILE)}
          statusFailed={statusIsFailure(edited, count)}
          historyToggle={{
            open: showHistory,
            onToggle: () => {
              setShowHistory((v) => !v);
              setViewing(null);
            },
          }}
        />
        {status.kind === 'conflict' && (
          <ConflictNotice
            key={status.conflict.theirs.version}
            what="the site settings"
            conflict={status.conflict}
            labelOf={labelOf}
            onGoTo={goToConflict}
            onLoadTheirs={edited.loadTheirs}
            onSaveMineOver={edited.saveMineOver}
          />
        )}
      </div>
      {guard.asking && <LeaveDialog onStay={guard.asking.stay} onLeave={guard.asking.leave} />}
      <div className={own.body}>
        {edited.draftOffer && (
          <DraftOffer
            keptAt={edited.draftOffer.keptAt}
            onRestore={edited.restoreDraft}
            onDiscard={edited.discardDraft}
          />
        )}
        {status.kind === 'failed' && (
          <div className={styles.problems} role="alert">
            <p>{status.message}</p>
            {status.serverErrors.length > 0 && (
              <ul>
                {status.serverErrors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <p className={styles.lead}>
          Facts about the company and settings every page shares, in sections. Save keeps the changes of every
          section at once.
        </p>
        <nav aria-label="Sections of the site settings" className={own.sections}>
          <ul>
            {SITE_SECTIONS.map((s) => {
              const n = problemCount.get(s.id) ?? 0;
              return (
                <li key={s.id}>
                  <a href={siteSectionHash(s.id)} aria-current={s === section ? 'page' : undefined}>
                    {s.name}
                    {n > 0 && (
                      <span className={own.count}>
                        {' '}
                        ({n} problem{n === 1 ? '' : 's'})
                      </span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <p className={styles.visuallyHidden} aria-live="polite">
          {announcement}
        </p>
        <div className={own.panes}>
          <section className={own.formPane} aria-labelledby={headingId}>
            <h2 id={headingId} className={own.sectionHeading}>
              {section.name}
            </h2>
            <p className={own.sectionLead}>{section.lead}</p>
            {/* On a narrow screen the preview is below the form: a way there without scrolling. */}
            <button
              type="button"
              className={`${styles.secondary} ${own.toPreview}`}
              onClick={() => {
                const pane = document.getElementById(PREVIEW_ID);
                pane?.scrollIntoView({ block: 'start' });
                pane?.querySelector('button')?.focus({ preventScroll: true });
              }}
            >
              Go to the preview of {section.previewName}
            </button>
            {showHistory && (
              <HistoryPanel
                file={FILE}
                title={`History of ${section.name}`}
                what="site settings"
                filter={historyFilter}
                canRestore={edited.version !== null}
                client={client}
                shown={viewing?.version.commit ?? null}
                onShow={(v, text) => {
                  setAskRestore(false);
                  setViewing({ version: v, data: siteAdapter.fromData(safeParse(text)) });
                }}
                onRestore={restore}
                onClose={() => {
                  setShowHistory(false);
                  setViewing(null);
                }}
              />
            )}
            {wholeFile.length > 0 && (
              <div className={styles.problems}>
                <ul>
                  {wholeFile.map((p) => (
                    <li key={p.message}>{p.message}</li>
                  ))}
                </ul>
              </div>
            )}
            <div className={own.form}>
              <SchemaForm
                key={section.id}
                schema={schema}
                data={formData}
                idPrefix="site"
                errors={errors}
                context={context}
                onChange={onChange}
              />
            </div>
          </section>
          {viewing && viewingSite ? (
            <div className={own.previewColumn} id={PREVIEW_ID}>
              <section className={styles.versionBanner} aria-labelledby="site-viewing-heading">
                <h2 id="site-viewing-heading">{versionLabel(viewing.version)}</h2>
                <p>An earlier version, for looking only: the form still holds your draft.</p>
                <button type="button" className={styles.secondary} onClick={backToDraft}>
                  Back to the current draft
                </button>{' '}
                <button
                  type="button"
                  className={styles.primary}
                  onClick={() => setAskRestore(true)}
                  disabled={edited.version === null}
                >
                  Restore this version
                </button>
                {askRestore && (
                  <RestoreQuestion
                    version={viewing.version}
                    what="site settings"
                    onRestore={() => void restore(viewing.version.commit)}
                    onCancel={() => setAskRestore(false)}
                  />
                )}
              </section>
              <SiteSectionPreview
                key={viewing.version.commit}
                section={section}
                site={viewingSite}
                parsed={parsed}
                label={versionLabel(viewing.version)}
              />
            </div>
          ) : (
            <div className={own.previewColumn} id={PREVIEW_ID}>
              <SiteSectionPreview section={section} site={previewSite} parsed={parsed} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function safeParse(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return {};
  }
}
