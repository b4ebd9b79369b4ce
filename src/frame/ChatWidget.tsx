/**
 * The floating chat button at the bottom right of every page. It toggles the "Let's Talk" panel
 * holding the contact form. The form's code loads on first intent (pointer over or focus on the
 * button) or first open, never with the page; once opened, the panel stays in the DOM (hidden when
 * closed) so a half-written message survives closing it.
 * If the panel has not been opened `frame.chatHintDelayMs` after the page loaded, a bouncing
 * "Need help?" hint appears beside the button until it is dismissed (for the rest of the visit) or
 * the panel is opened.
 */

import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '../icons/Icon.tsx';
import { useSite } from '../renderer/ContentContext.tsx';
import styles from './ChatWidget.module.css';
import { FRAME_IDS } from './frameIds.ts';

let formModule: Promise<typeof import('../forms/ContactForm.tsx')> | undefined;
function loadForm() {
  formModule ??= import('../forms/ContactForm.tsx');
  formModule.catch(() => {
    formModule = undefined; // A failed chunk load (e.g. offline) is retried next time.
  });
  return formModule;
}
const ContactForm = lazy(() => loadForm().then((m) => ({ default: m.ContactForm })));

/** Remembers for the visit (the browser tab's session) that the hint was dismissed. */
export const HINT_DISMISSED_KEY = 'chat-hint-dismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(HINT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    window.sessionStorage.setItem(HINT_DISMISSED_KEY, '1');
  } catch {
    // Storage may be unavailable (private mode): the hint then stays away for this page only.
  }
}

export function ChatWidget() {
  const frame = useSite().frame;
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [hintDue, setHintDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = FRAME_IDS.chatPanel;
  const titleId = FRAME_IDS.chatTitle;

  useEffect(() => {
    if (readDismissed()) setDismissed(true);
  }, []);

  // The delay only makes the hint due; whether it shows is `showHint` below.
  useEffect(() => {
    const timer = setTimeout(() => setHintDue(true), frame.chatHintDelayMs);
    return () => clearTimeout(timer);
  }, [frame.chatHintDelayMs]);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const openPanel = () => {
    setEverOpened(true);
    setOpen(true);
  };
  const closePanel = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const dismissHint = () => {
    setDismissed(true);
    rememberDismissed();
    buttonRef.current?.focus();
  };
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    closePanel();
  };

  // Specification: only while closed, after the delay, until dismissed or the panel is opened. Once
  // opened (so also while open), it does not come back, even after the panel is closed again.
  const showHint = hintDue && !everOpened && !dismissed;

  return (
    <div className={styles.widget}>
      {everOpened && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={styles.panel}
          hidden={!open}
          onKeyDown={onEscape}
        >
          <div className={styles.panelHeader}>
            <h2 id={titleId} className={styles.panelTitle}>
              {frame.chatTitle}
            </h2>
            <button type="button" className={styles.close} aria-label={frame.closeLabel} onClick={closePanel}>
              <Icon name="x" />
            </button>
          </div>
          <div className={styles.panelBody}>
            <Suspense fallback={<div className={styles.loading} aria-hidden="true" />}>
              <ContactForm onSent={closePanel} />
            </Suspense>
          </div>
        </div>
      )}

      <div className={styles.hintSlot} aria-live="polite">
        {showHint && (
          <div className={styles.hint}>
            <button type="button" className={styles.hintText} onClick={openPanel}>
              {frame.chatHint}
            </button>
            <button
              type="button"
              className={styles.hintDismiss}
              aria-label={frame.dismissHintLabel}
              onClick={dismissHint}
            >
              <Icon name="x" />
            </button>
          </div>
        )}
      </div>

      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-label={frame.chatButtonLabel}
        aria-expanded={open}
        // It names the panel only once the panel is in the document (it is added at the first
        // opening): a reference to a missing id is invalid ARIA.
        aria-controls={everOpened ? panelId : undefined}
        onPointerEnter={() => void loadForm().catch(() => {})}
        onFocus={() => void loadForm().catch(() => {})}
        onClick={() => (open ? closePanel() : openPanel())}
        onKeyDown={onEscape}
      >
        {open ? <Icon name="x" /> : <Icon name="message-circle-more" />}
      </button>
    </div>
  );
}
