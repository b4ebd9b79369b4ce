/** Beside a field both people changed: their words and the user's, and the choice between them. */
import type { FieldConflict } from './api.ts';
import styles from './content.module.css';
import own from './EditorToolbar.module.css';
import { editorWords } from './editorWords.ts';

/** A value as the user knows it: the words, a list's items, or "(empty)". */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return editorWords.field.empty;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(shownValue).join(' · ');
  if (typeof value === 'object') return Object.values(value).map(shownValue).join(' · ');
  return String(value);
}

export interface FieldChoiceProps {
  field: FieldConflict;
  label: string;
  onDecide: (field: FieldConflict, choice: 'theirs' | 'mine') => void;
}

export function FieldChoice({ field, label, onDecide }: FieldChoiceProps) {
  const words = editorWords.field;
  return (
    <div className={own.choice} data-conflict-choice="">
      <p>
        {words.intro(label)} <q>{shownValue(field.theirs)}</q>
      </p>
      <p>
        {words.mine} <q>{shownValue(field.mine)}</q>
      </p>
      <button
        type="button"
        className={styles.small}
        aria-label={`${words.keepTheirs}: ${label}`}
        onClick={() => onDecide(field, 'theirs')}
      >
        {words.keepTheirs}
      </button>{' '}
      <button
        type="button"
        className={styles.small}
        aria-label={`${words.keepMine}: ${label}`}
        onClick={() => onDecide(field, 'mine')}
      >
        {words.keepMine}
      </button>
    </div>
  );
}
