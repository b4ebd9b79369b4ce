/**
 * The shell of the page list's questions (Take down, Change address, Put back): a modal dialog
 * named by its heading, the question's own words and fields, the server's refusal with each problem
 * it named, and the action and Cancel buttons (Escape cancels too). The action is pressed once:
 * its button waits while the server answers, and comes back if the server refuses. Once it is
 * gone, the keyboard is back on the button that opened it.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './content.module.css';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';
import { useReturnFocus } from './returnFocus.ts';

export function ActionDialog({
  heading,
  action,
  danger = false,
  disabled = false,
  onAct,
  onCancel,
  returnFocusTo,
  children,
}: {
  heading: ReactNode;
  /** The action button's words. */
  action: string;
  /** Takes something off the site: the button says so by its colour too. */
  danger?: boolean;
  /** The fields do not make an action yet (the address not changed, say). */
  disabled?: boolean;
  /** Does the action; a rejection is shown as the refusal. */
  onAct: () => Promise<void>;
  onCancel: () => void;
  /** Where the keyboard goes once the dialog is gone, when the button that opened it has gone too. */
  returnFocusTo?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  useReturnFocus(returnFocusTo);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, []);

  const act = async () => {
    setBusy(true);
    setError(null);
    try {
      await onAct();
    } catch (e) {
      // A refusal names its problems (the validator's words): show them, not only their count.
      setError(refusalOf(e));
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={headingId} onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void act();
        }}
      >
        <h2 id={headingId}>{heading}</h2>
        {children}
        {error && <RefusalAlert refusal={error} />}
        <button type="submit" className={danger ? styles.danger : styles.primary} disabled={busy || disabled}>
          {action}
        </button>{' '}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </form>
    </dialog>
  );
}
