import styles from './content.module.css';
import { SHORTCUT_KEYS } from './editorShortcuts.ts';

/** Undo and Redo, naming the shortcuts that do the same (editorShortcuts.ts). */
export function UndoRedoButtons({
  history,
}: {
  history: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
}) {
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        onClick={history.undo}
        disabled={!history.canUndo}
        aria-keyshortcuts={SHORTCUT_KEYS.undo}
      >
        Undo
      </button>
      <button
        type="button"
        className={styles.secondary}
        onClick={history.redo}
        disabled={!history.canRedo}
        aria-keyshortcuts={SHORTCUT_KEYS.redo}
      >
        Redo
      </button>
    </>
  );
}
