/**
 * Site settings (site.yaml) edited like a page: a form generated from schema/site.schema.json,
 * checked as the user types by the same validator, with the same toolbar (kept in view), undo,
 * saving merged with others' changes, conflicts decided field by field and the local draft
 * (useEditedFile.ts), and the same question before leaving with unsaved changes.
 */
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { parse, stringify } from 'yaml';
import type { ContentApi, FieldConflict, SiteFiles } from './api.ts';
import { ConflictNotice } from './ConflictNotice.tsx';
import styles from './content.module.css';
import { DraftOffer } from './DraftOffer.tsx';
import type { Data } from './document.ts';
import own from './EditorToolbar.module.css';
import { EditorToolbar } from './EditorToolbar.tsx';
import { useConflictFields } from './editorConflicts.tsx';
import { editorShortcuts } from './editorShortcuts.ts';
import { siteFieldLabel } from './fieldLabels.ts';
import type { EditorFormContext } from './formContext.ts';
import { LeaveDialog } from './LeaveDialog.tsx';
import { useLeaveGuard } from './leaveGuard.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { siteSchema } from './schemaForms.ts';
import { statusText, useEditedFile } from './useEditedFile.ts';
import { usePictureChooser } from './usePictureChooser.ts';
import { errorSchemaOf, fieldId, segmentsOfWhere, snapshotOf, validateEdited } from './validation.ts';

const FILE = 'site.yaml';

const siteAdapter = {
  fromText: (text: string) => (parse(text) ?? {}) as Data,
  toData: (data: Data): unknown => data,
  fromData: (data: unknown) => (data ?? {}) as Data,
};

const labelOf = (field: FieldConflict) => siteFieldLabel(field.path);
const idOf = (field: FieldConflict) => fieldId('site', field.path);

export function SiteEditor({
  site,
  client,
  account = '',
  onBack,
  onSaved,
}: {
  site: SiteFiles;
  client: ContentApi;
  /** The signed-in account: unsaved edits are kept in the browser per account and file. */
  account?: string;
  onBack: () => void;
  onSaved: (file: string, text: string, version: string) => void;
}) {
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const guard = useLeaveGuard(dirty, rootRef, edited.keepDraft);

  const snapshot = useMemo(() => snapshotOf(site), [site]);
  const deferred = useDeferredValue(data);
  const problems = useMemo(() => {
    const modeline = /^#\s*yaml-language-server:.*$/m.exec(original?.text ?? '')?.[0];
    const text = `${modeline ? `${modeline}\n` : ''}${stringify(deferred, { lineWidth: 0 })}`;
    return validateEdited(snapshot, FILE, text);
  }, [snapshot, deferred, original?.text]);
  const errors = useMemo(
    () => errorSchemaOf(problems.errors.map((e) => ({ path: segmentsOfWhere(e.where), message: e.message }))),
    [problems],
  );
  const conflictFields = useConflictFields({ status: edited.status, labelOf, idOf, decide: edited.decide });
  const pictures = usePictureChooser(site, client, FILE);
  const context: EditorFormContext = useMemo(() => {
    const warnings = new Map<string, string[]>();
    for (const w of problems.warnings) {
      const id = fieldId('site', segmentsOfWhere(w.where));
      warnings.set(id, [...(warnings.get(id) ?? []), w.message]);
    }
    const addresses = Object.entries(site.files).flatMap(([f, { text }]) => {
      const path = f.startsWith('pages/') ? /^path:\s*(\S+)/m.exec(text)?.[1] : undefined;
      return path ? [{ value: path, label: f }] : [];
    });
    return {
      ...pictures,
      addresses,
      warnings,
      fieldChoices: conflictFields.choices,
    };
  }, [problems, site, pictures, conflictFields.choices]);

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
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts are extras; every action has a button
    <div ref={rootRef} className={styles.list} onKeyDown={onKeyDown}>
      {/* The page scrolls here, not a pane: the toolbar and a conflict stay in view together. */}
      <div className={own.sticky}>
        <EditorToolbar
          heading="Site settings"
          headingRef={heading}
          onBack={() => guard.confirmLeave(onBack)}
          undo={history}
          onSave={() => void edited.save()}
          saveDisabled={!canSave}
          status={statusText(edited, count, FILE)}
        />
        {status.kind === 'conflict' && (
          <ConflictNotice
            key={status.conflict.theirs.version}
            what="the site settings"
            conflict={status.conflict}
            labelOf={labelOf}
            onGoTo={conflictFields.goTo}
            onLoadTheirs={edited.loadTheirs}
            onSaveMineOver={edited.saveMineOver}
          />
        )}
      </div>
      {guard.asking && <LeaveDialog onStay={guard.asking.stay} onLeave={guard.asking.leave} />}
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
        </div>
      )}
      <p className={styles.lead}>Facts about the company and settings every page shares.</p>
      <SchemaForm
        schema={siteSchema()}
        data={data}
        idPrefix="site"
        errors={errors}
        context={context}
        onChange={(next, id) => history.set(next, id)}
      />
    </div>
  );
}
