/**
 * The forms' dialogs: sweetalert2, loaded on first use (never in the first-load bundle) together with
 * its token-based styles. The icon follows the message (warning, error, success). The dialog is
 * modal, traps focus, and hands focus back to a given element (the submit button or the field at
 * fault) when it closes.
 *
 * Keep sweetalert2's own class names out of this file: the bundle check (scripts/check-bundle.ts)
 * looks for them in the first-load code, and this module may be part of it.
 */
import type { ApiResult } from './api.ts';
import type { DialogIcon, DialogMessage } from './rules.ts';

export interface DialogContent {
  title: string;
  text: string;
  icon: DialogIcon;
}

type Swal = typeof import('sweetalert2').default;
let loading: Promise<Swal> | undefined;

function loadSwal(): Promise<Swal> {
  loading ??= Promise.all([import('sweetalert2'), import('./dialogs.css')]).then(([m]) => m.default);
  loading.catch(() => {
    loading = undefined; // A failed chunk load (e.g. offline) is retried next time.
  });
  return loading;
}

/** Starts loading the dialog code early, e.g. when a visitor starts filling in a form. */
export function preloadDialogs(): void {
  loadSwal().catch(() => {});
}

const ICON_COLOURS: Record<DialogIcon, string> = {
  success: 'var(--color-success)',
  warning: 'var(--color-warning)',
  error: 'var(--color-error)',
};

export const dialogOf = (m: DialogMessage, text: string = m.message): DialogContent => ({
  title: m.title,
  text,
  icon: m.icon,
});

/** Focus `el` unless it has gone or is hidden (the form may have closed with its panel meanwhile). */
function focusIfShown(el: HTMLElement | null | undefined): void {
  if (el?.isConnected && !el.closest('[hidden], [inert]')) el.focus();
}

/**
 * The dialog after the server answered a form that repeats the server's own words on failure (demo
 * and application): success on 200 (after `onSuccess`), else the failure dialog with the server's
 * `message` when it sent one.
 */
export function answerDialog(
  result: ApiResult,
  success: DialogMessage,
  failure: DialogMessage,
  onSuccess: () => void,
): DialogContent {
  if (result.kind === 'response' && result.status === 200) {
    onSuccess();
    return dialogOf(success);
  }
  return dialogOf(failure, (result.kind === 'response' ? result.message : undefined) ?? failure.message);
}

/**
 * Shows a dialog and resolves once it is closed. Focus returns to whatever had it when the dialog
 * opened, then moves to `returnFocusTo` if that is given and still shown.
 */
export async function showDialog(content: DialogContent, returnFocusTo?: HTMLElement | null): Promise<void> {
  let swal: Swal;
  try {
    swal = await loadSwal();
  } catch {
    window.alert(`${content.title}\n\n${content.text}`);
    focusIfShown(returnFocusTo);
    return;
  }
  await swal.fire({
    title: content.title,
    text: content.text,
    icon: content.icon,
    iconColor: ICON_COLOURS[content.icon],
    buttonsStyling: false,
    returnFocus: true,
    customClass: {
      container: 'form-dialog-container',
      popup: 'form-dialog',
      title: 'form-dialog-title',
      htmlContainer: 'form-dialog-text',
      confirmButton: 'button button-primary form-dialog-confirm',
    },
  });
  focusIfShown(returnFocusTo);
}
