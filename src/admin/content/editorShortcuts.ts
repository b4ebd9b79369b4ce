import type { KeyboardEvent } from 'react';

/**
 * The editors' keyboard shortcuts, the same on every editing screen: Ctrl/Cmd+Z undo,
 * Shift+Ctrl/Cmd+Z (or Ctrl/Cmd+Y) redo, Ctrl/Cmd+S save. Each only repeats a button, so a screen
 * reader or keyboard user loses nothing without them.
 */
/** The same shortcuts as aria-keyshortcuts values, for the buttons they repeat. */
export const SHORTCUT_KEYS = {
  undo: 'Control+Z Meta+Z',
  redo: 'Control+Shift+Z Meta+Shift+Z Control+Y Meta+Y',
  save: 'Control+S Meta+S',
} as const;

export function editorShortcuts(actions: { undo: () => void; redo: () => void; save: () => void }) {
  return (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      actions.undo();
    } else if ((key === 'z' && event.shiftKey) || key === 'y') {
      event.preventDefault();
      actions.redo();
    } else if (key === 's') {
      event.preventDefault();
      actions.save();
    }
  };
}
