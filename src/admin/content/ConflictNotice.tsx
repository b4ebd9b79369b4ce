/**
 * A save the server could not merge: someone else changed fields the user changed too. The notice
 * sticks to the top of the form's visible part and takes the keyboard focus when it appears, so it
 * is seen wherever the user was in a long form. It names each field by its label, with a button
 * to go to it (the choice itself sits beside the field: FieldChoice), and offers to drop the
 * user's edits for theirs. Only when the server could not tell the changes apart (no base) does
 * it offer to save the user's whole version over theirs.
 */
import { useEffect, useId, useRef } from 'react';
import { conflictKey, type FieldConflict } from './api.ts';
import styles from './content.module.css';
import own from './EditorToolbar.module.css';
import { editorWords, type What } from './editorWords.ts';
import type { FileConflict } from './useEditedFile.ts';

export function ConflictNotice({
  what,
  conflict,
  labelOf,
  onGoTo,
  onLoadTheirs,
  onSaveMineOver,
}: {
  what: What;
  conflict: FileConflict;
  labelOf: (field: FieldConflict) => string;
  onGoTo: (field: FieldConflict) => void;
  onLoadTheirs: () => void;
  onSaveMineOver: () => void;
}) {
  const words = editorWords.conflict;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // Brings the user here, wherever they were (the editor keys the notice by their version, so
  // a new refusal does it again).
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className={`${styles.conflict} ${own.notice}`} role="alert" aria-labelledby={headingId}>
      <h2 ref={heading} id={headingId} tabIndex={-1}>
        {words.heading(what)}
      </h2>
      <p>{conflict.message}</p>
      {conflict.fields.length > 0 && (
        <>
          <p>{words.fieldsIntro}</p>
          <ul>
            {conflict.fields.map((field) => {
              const key = conflictKey(field.path);
              const decided = conflict.decided.get(key);
              const label = labelOf(field);
              return (
                <li key={key}>
                  <button type="button" className={styles.small} onClick={() => onGoTo(field)}>
                    {words.goTo(label)}
                  </button>
                  {decided && <> ({words.decided(decided)})</>}
                </li>
              );
            })}
          </ul>
          <p>{words.mineStay}</p>
        </>
      )}
      {!conflict.threeWay && <p>{words.noBase}</p>}
      {!conflict.threeWay && (
        <>
          <button type="button" className={styles.primary} onClick={onSaveMineOver}>
            {words.saveMineOver}
          </button>{' '}
        </>
      )}
      <button type="button" className={styles.secondary} onClick={onLoadTheirs}>
        {words.loadTheirs}
      </button>
    </div>
  );
}
