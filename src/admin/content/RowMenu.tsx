/**
 * A page row's less frequent actions (New page like this, Change address, Take down) behind one
 * "More" button, so each row of the page list stays short: the page, its address, its last change,
 * View on site and More. More discloses the list under it (a disclosure button: aria-expanded, and
 * Tab goes from More into the list); Escape, a click elsewhere or the keyboard leaving the list
 * closes it. Choosing an action closes the list and leaves the keyboard on More, where the dialog
 * the action opens gives it back.
 */
import { useEffect, useId, useRef, useState } from 'react';
import styles from './content.module.css';
import own from './PageList.module.css';

export interface RowAction {
  /** The button's words. */
  label: string;
  /** Its name for a screen reader, with the page's name ("Take down Graphic Designer"). */
  name: string;
  run: () => void;
}

export function RowMenu({ pageName, actions }: { pageName: string; actions: readonly RowAction[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLButtonElement>(null);

  // While the list is shown: Escape, a click anywhere else, or the keyboard moving on closes it.
  useEffect(() => {
    const here = box.current;
    if (!open || !here) return;
    const away = (event: PointerEvent) => {
      if (!here.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      more.current?.focus();
    };
    const left = (event: FocusEvent) => {
      // Only a focus that went somewhere else: a browser that does not focus clicked buttons
      // (Safari) blurs with no target when an item of the list is clicked.
      const next = event.relatedTarget as Node | null;
      if (next && !here.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    here.addEventListener('keydown', onEscape);
    here.addEventListener('focusout', left);
    return () => {
      document.removeEventListener('pointerdown', away);
      here.removeEventListener('keydown', onEscape);
      here.removeEventListener('focusout', left);
    };
  }, [open]);

  if (!actions.length) return null;
  const choose = (action: RowAction) => {
    setOpen(false);
    more.current?.focus();
    action.run();
  };
  return (
    <div ref={box} className={own.moreBox}>
      <button
        ref={more}
        type="button"
        className={`${styles.small} ${own.more}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={`More for ${pageName}`}
        onClick={() => setOpen(!open)}
      >
        More
      </button>
      <div id={id} className={own.menu} hidden={!open}>
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={own.menuItem}
            onClick={() => choose(action)}
            aria-label={action.name}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}
