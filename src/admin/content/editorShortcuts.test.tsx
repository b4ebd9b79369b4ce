import { fireEvent, render, screen } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { editorShortcuts, SHORTCUT_KEYS } from './editorShortcuts.ts';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';

/** A key event as React hands it to the handler, from an aria-keyshortcuts entry like "Control+Shift+Z". */
function keyEvent(shortcut: string) {
  const parts = shortcut.split('+');
  const event = {
    key: parts.at(-1)?.toLowerCase() ?? '',
    ctrlKey: parts.includes('Control'),
    metaKey: parts.includes('Meta'),
    shiftKey: parts.includes('Shift'),
    altKey: false,
    preventDefault: vi.fn(),
  };
  return event as unknown as KeyboardEvent;
}

describe('editor shortcuts', () => {
  it('does what each announced shortcut names, and the buttons announce them', () => {
    for (const action of ['undo', 'redo', 'save'] as const) {
      for (const shortcut of SHORTCUT_KEYS[action].split(' ')) {
        const actions = { undo: vi.fn(), redo: vi.fn(), save: vi.fn() };
        editorShortcuts(actions)(keyEvent(shortcut));
        expect(actions[action], `${shortcut} does ${action}`).toHaveBeenCalledTimes(1);
        expect(Object.values(actions).filter((f) => f.mock.calls.length).length).toBe(1);
      }
    }
    const history = { undo: vi.fn(), redo: vi.fn(), canUndo: true, canRedo: true };
    render(<UndoRedoButtons history={history} />);
    expect(screen.getByRole('button', { name: 'Undo' }).getAttribute('aria-keyshortcuts')).toBe(
      SHORTCUT_KEYS.undo,
    );
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(redo.getAttribute('aria-keyshortcuts')).toContain('Control+Y');
    fireEvent.click(redo);
    expect(history.redo).toHaveBeenCalledTimes(1);
  });
});
