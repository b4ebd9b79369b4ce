/**
 * The submit cycle shared by the forms: idle -> submitting -> idle, with a lock so a second submit
 * while one is under way does nothing (even before React has re-rendered the disabled button).
 */
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { type DialogContent, showDialog } from './dialogs.ts';
import type { RuleFailure } from './rules.ts';

/** Focuses a form's control by its field name (`data-field`), falling back to `fallback`. */
export function fieldElement(form: HTMLFormElement | null, field: string | undefined): HTMLElement | null {
  if (!form || !field) return null;
  return form.querySelector<HTMLElement>(`[data-field="${field}"]`);
}

export interface Submission {
  busy: boolean;
  /**
   * Handles a submit event: does nothing while busy; otherwise runs `validate` and shows its failure
   * (focus then goes to the field at fault), or runs `send` while busy and shows the dialog it returns
   * once idle again (focus then goes back to the submit button).
   */
  handle: (
    event: FormEvent<HTMLFormElement>,
    validate: () => RuleFailure | null,
    send: (form: HTMLFormElement) => Promise<DialogContent>,
  ) => Promise<void>;
  submitRef: React.RefObject<HTMLButtonElement | null>;
}

export function useSubmission(): Submission {
  const [busy, setBusy] = useState(false);
  const lock = useRef(false);
  const submitRef = useRef<HTMLButtonElement | null>(null);

  const handle = useCallback<Submission['handle']>(async (event, validate, send) => {
    event.preventDefault();
    if (lock.current) return;
    const form = event.currentTarget;
    const failure = validate();
    if (failure) {
      await showDialog(
        { title: failure.title, text: failure.message, icon: failure.icon },
        fieldElement(form, failure.field) ?? submitRef.current,
      );
      return;
    }
    lock.current = true;
    setBusy(true);
    let outcome: DialogContent;
    try {
      outcome = await send(form);
    } finally {
      lock.current = false;
      setBusy(false);
    }
    await showDialog(outcome, submitRef.current);
  }, []);

  return { busy, handle, submitRef };
}
