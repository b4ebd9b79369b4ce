/**
 * The question before a version comes back, naming that version: asked from the history list and
 * from the banner above a version shown in the preview, with the same words in both places.
 */
import type { HistoryVersion } from './api.ts';
import styles from './content.module.css';
import own from './HistoryPanel.module.css';
import { versionLabel } from './HistoryPanel.tsx';

export function RestoreQuestion({
  version,
  what = 'page',
  onRestore,
  onCancel,
}: {
  version: HistoryVersion;
  /** What the version is of, as the question names it: "page", "site settings". */
  what?: string;
  onRestore: () => void;
  onCancel: () => void;
}) {
  const id = `confirm-${version.commit}`;
  return (
    <div role="alertdialog" aria-labelledby={id} className={own.confirm}>
      <p id={id}>
        Restore the {versionLabel(version).replace(/^Version/, 'version')}? It comes back as a new save; the{' '}
        {what} as it is now stays in the history.
      </p>
      <button
        type="button"
        className={styles.small}
        // biome-ignore lint/a11y/noAutofocus: the question was just asked; its answer is where the user is
        autoFocus
        onClick={onRestore}
      >
        Yes, restore this version
      </button>
      <button type="button" className={styles.small} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
