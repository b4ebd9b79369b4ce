/**
 * Nothing leaves a file with unsaved changes without asking: the browser asks on reload, close
 * and typed addresses (`beforeunload`); the editor asks (LeaveDialog) on its own "← All pages"
 * (`confirmLeave`) and on any link or button outside the editor, such as the staff area's other
 * sections and Sign out, which the staff app handles without the editor knowing. The staff app
 * has no router to block navigation with, so those clicks are held in the capture phase, before
 * React sees them, and pressed again once the user chooses to leave.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface LeaveGuard {
  /** Runs `leave` now when nothing is unsaved, else once the user agrees. */
  confirmLeave: (leave: () => void) => void;
  /** The question, while it is asked: `leave` when they agree, `stay` otherwise. */
  asking: { leave: () => void; stay: () => void } | null;
}

export function useLeaveGuard(
  dirty: boolean,
  root: RefObject<HTMLElement | null>,
  /** Called before leaving with changes (to keep the local draft up to date). */
  onLeaving: () => void,
): LeaveGuard {
  const [pending, setPending] = useState<{ go: () => void } | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leavingRef = useRef(onLeaving);
  leavingRef.current = onLeaving;
  const letThrough = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      leavingRef.current();
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (letThrough.current || !(event.target instanceof Element)) return;
      const control = event.target.closest<HTMLElement>('a[href], button');
      if (!control || root.current?.contains(control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setPending({
        go: () => {
          letThrough.current = true;
          try {
            control.click();
          } finally {
            letThrough.current = false;
          }
        },
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
    };
  }, [dirty, root]);

  const confirmLeave = useCallback((leave: () => void) => {
    if (dirtyRef.current) setPending({ go: leave });
    else leave();
  }, []);

  return {
    confirmLeave,
    asking: pending
      ? {
          stay: () => setPending(null),
          leave: () => {
            setPending(null);
            leavingRef.current();
            pending.go();
          },
        }
      : null,
  };
}
