/**
 * Site settings (site.yaml) edited like a page: a form generated from schema/site.schema.json,
 * checked as the user types by the same validator, with undo/redo and a conflict-safe Save.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { parse, stringify } from 'yaml';
import { type ContentApi, isConflict, type SiteFiles } from './api.ts';
import { ConflictNotice } from './ConflictNotice.tsx';
import styles from './content.module.css';
import type { Data } from './document.ts';
import { editorShortcuts, SHORTCUT_KEYS } from './editorShortcuts.ts';
import type { EditorFormContext } from './formContext.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { siteSchema } from './schemaForms.ts';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';
import { useUndo } from './useUndo.ts';
import { errorSchemaOf, fieldId, segmentsOfWhere, snapshotOf, validateEdited } from './validation.ts';

const FILE = 'site.yaml';

export function SiteEditor({
  site,
  client,
  onBack,
  onSaved,
}: {
  site: SiteFiles;
  client: ContentApi;
  onBack: () => void;
  onSaved: (file: string, text: string, version: string) => void;
}) {
  const original = site.files[FILE];
  const initial = useMemo(() => (parse(original?.text ?? '') ?? {}) as Data, [original?.text]);
  const history = useUndo<Data>(initial);
  const data = history.value;
  const [savedData, setSavedData] = useState(initial);
  const [version, setVersion] = useState(original?.version ?? null);
  // The text the form's data started from (as opened, or as last saved or loaded): sent with each
  // save so the server can tell the other person's changes from the user's own (three-way).
  const [baseText, setBaseText] = useState(original?.text ?? '');
  const [status, setStatus] = useState('');
  const [conflict, setConflict] = useState<{
    message: string;
    changed: string[];
    conflicts: string[];
    theirs: { version: string; text: string };
  } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

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
      images: site.images,
      addresses,
      warnings,
      upload: (image: File) => client.uploadImage('brand', 'site', image),
    };
  }, [problems, site, client]);

  const save = async (over?: string) => {
    setStatus('Saving…');
    try {
      const saved = await client.save(FILE, over ?? version, data, baseText);
      setVersion(saved.version);
      setBaseText(saved.text);
      setSavedData(data);
      setConflict(null);
      onSaved(FILE, saved.text, saved.version);
      setStatus('Saved.');
    } catch (e) {
      if (isConflict(e)) {
        setConflict({
          message: e.message,
          changed: e.body.changed,
          conflicts: e.body.conflicts,
          theirs: e.body.current,
        });
        setStatus('');
      } else setStatus(e instanceof Error ? e.message : String(e));
    }
  };

  const count = problems.errors.length;
  const canSave = count === 0 && data !== savedData;
  const loadTheirs = () => {
    if (!conflict) return;
    const theirs = (parse(conflict.theirs.text) ?? {}) as Data;
    setBaseText(conflict.theirs.text);
    setVersion(conflict.theirs.version);
    history.set(theirs);
    setSavedData(theirs);
    setConflict(null);
  };
  const onKeyDown = editorShortcuts({
    undo: history.undo,
    redo: history.redo,
    save: () => {
      if (canSave) void save();
    },
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts are extras; every action has a button
    <div className={styles.list} onKeyDown={onKeyDown}>
      <div className={styles.toolbar}>
        <button type="button" className={styles.secondary} onClick={onBack}>
          ← All pages
        </button>
        <h1 ref={heading} tabIndex={-1}>
          Site settings
        </h1>
        <UndoRedoButtons history={history} />
        <button
          type="button"
          className={styles.primary}
          disabled={!canSave}
          onClick={() => void save()}
          aria-keyshortcuts={SHORTCUT_KEYS.save}
        >
          Save
        </button>
        <span role="status" className={styles.status}>
          {count ? `${count} ${count === 1 ? 'problem' : 'problems'} to fix before saving` : status}
        </span>
      </div>
      {conflict && (
        <ConflictNotice
          heading="Someone else changed the site settings"
          message={conflict.message}
          changed={conflict.changed}
          conflicts={conflict.conflicts}
          onSaveMine={() => void save(conflict.theirs.version)}
          onLoadTheirs={loadTheirs}
        />
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
