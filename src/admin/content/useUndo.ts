/**
 * Undo and redo over the editor's document. Every change is a step; typing in the same field
 * within a second extends the step it started (so Undo takes back a word, not a letter).
 */
import { useCallback, useReducer } from 'react';

interface State<T> {
  past: T[];
  present: T;
  future: T[];
  /** The field the last step was typing in, and when, to merge keystrokes. */
  lastKey: string | null;
  lastAt: number;
}

type Action<T> =
  | { type: 'set'; value: T; mergeKey?: string | undefined; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; value: T };

const MERGE_MS = 1000;
const LIMIT = 200;

function reducer<T>(state: State<T>, action: Action<T>): State<T> {
  switch (action.type) {
    case 'set': {
      if (Object.is(action.value, state.present)) return state;
      const merge =
        action.mergeKey !== undefined &&
        action.mergeKey === state.lastKey &&
        action.at - state.lastAt < MERGE_MS;
      return {
        past: merge ? state.past : [...state.past, state.present].slice(-LIMIT),
        present: action.value,
        future: [],
        lastKey: action.mergeKey ?? null,
        lastAt: action.at,
      };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (previous === undefined) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastKey: null,
        lastAt: 0,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return { past: [...state.past, state.present], present: next, future: rest, lastKey: null, lastAt: 0 };
    }
    case 'reset':
      return { past: [], present: action.value, future: [], lastKey: null, lastAt: 0 };
  }
}

export function useUndo<T>(initial: T) {
  const [state, dispatch] = useReducer(reducer<T>, undefined, () => ({
    past: [],
    present: initial,
    future: [],
    lastKey: null,
    lastAt: 0,
  }));
  const set = useCallback(
    (value: T, mergeKey?: string) => dispatch({ type: 'set', value, mergeKey, at: Date.now() }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const reset = useCallback((value: T) => dispatch({ type: 'reset', value }), []);
  return {
    value: state.present,
    set,
    undo,
    redo,
    reset,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
  };
}
