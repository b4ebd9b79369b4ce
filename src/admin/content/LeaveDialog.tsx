/** Asks before leaving a file with unsaved changes; staying is the default (Escape, first focus). */
import { useEffect, useId, useRef } from 'react';
import styles from './content.module.css';
import { editorWords } from './editorWords.ts';

export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const heading = useId();
  const text = useId();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
    stay.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={heading}
      aria-describedby={text}
      onCancel={(e) => {
        e.preventDefault();
        onStay();
      }}
    >
      <h2 id={heading}>{editorWords.leave.heading}</h2>
      <p id={text}>{editorWords.leave.text}</p>
      <button ref={stay} type="button" className={styles.primary} onClick={onStay}>
        {editorWords.leave.stay}
      </button>{' '}
      <button type="button" className={styles.secondary} onClick={onLeave}>
        {editorWords.leave.leave}
      </button>
    </dialog>
  );
}
