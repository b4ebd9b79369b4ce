/** Unsaved edits found in this browser from an earlier visit: restore them or discard them. */
import styles from './content.module.css';
import own from './EditorToolbar.module.css';
import { editorWords } from './editorWords.ts';
import { draftTime } from './localDraft.ts';

export function DraftOffer({
  keptAt,
  onRestore,
  onDiscard,
}: {
  keptAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className={own.draft} role="alert">
      <p>{editorWords.draft.offer(draftTime(keptAt))}</p>
      <button type="button" className={styles.primary} onClick={onRestore}>
        {editorWords.draft.restore}
      </button>{' '}
      <button type="button" className={styles.secondary} onClick={onDiscard}>
        {editorWords.draft.discard}
      </button>
    </div>
  );
}
