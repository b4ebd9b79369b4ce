/**
 * The one toolbar of both editors, kept in view (sticky): back to the list, the file's name,
 * History (where the editor has one), Undo, Redo, Save and the status line; an editor may add its
 * own controls before the status line (the page editor's Edit / Preview switch on small screens).
 */
import type { ReactNode, Ref } from 'react';
import styles from './content.module.css';
import own from './EditorToolbar.module.css';
import { SHORTCUT_KEYS } from './editorShortcuts.ts';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';

export const SAVE_STATUS_ID = 'save-status';

export function EditorToolbar({
  heading,
  headingRef,
  onBack,
  undo,
  onSave,
  saveDisabled,
  status,
  statusFailed = false,
  historyToggle,
  rootRef,
  children,
}: {
  heading: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  undo: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
  onSave: () => void;
  saveDisabled: boolean;
  status: string;
  /** The status says a save failed: shown as an error. */
  statusFailed?: boolean;
  historyToggle?: { open: boolean; onToggle: () => void };
  /** The toolbar's own element (the page editor measures its height). */
  rootRef?: Ref<HTMLDivElement>;
  /** More controls, after Save and before the status line. */
  children?: ReactNode;
}) {
  return (
    <div ref={rootRef} className={`${styles.toolbar} ${own.sticky}`}>
      <button type="button" className={styles.secondary} onClick={onBack}>
        ← All pages
      </button>
      <h1 ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {historyToggle && (
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={historyToggle.open}
          onClick={historyToggle.onToggle}
        >
          History
        </button>
      )}
      <UndoRedoButtons history={undo} />
      <button
        type="button"
        className={styles.primary}
        onClick={onSave}
        aria-keyshortcuts={SHORTCUT_KEYS.save}
        disabled={saveDisabled}
        aria-describedby={SAVE_STATUS_ID}
      >
        Save
      </button>
      {children}
      <span
        id={SAVE_STATUS_ID}
        className={statusFailed ? `${styles.status} ${styles.statusFailed}` : styles.status}
        role="status"
      >
        {status}
      </span>
    </div>
  );
}
