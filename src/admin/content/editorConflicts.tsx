/**
 * Where a refused save's conflicting fields are shown: each undecided one gets its choice beside
 * its field (through the forms' `fieldChoices`), and the notice's buttons go to the field.
 */
import { useMemo } from 'react';
import { conflictKey, type FieldConflict } from './api.ts';
import type { FieldChoiceProps } from './FieldChoice.tsx';
import type { SaveStatus } from './useEditedFile.ts';

const NONE: ReadonlyMap<string, FieldChoiceProps> = new Map();

function focusField(id: string) {
  const field = document.getElementById(id);
  field?.scrollIntoView?.({ block: 'center' });
  field?.focus();
}

export function useConflictFields({
  status,
  labelOf,
  idOf,
  decide,
}: {
  status: SaveStatus;
  labelOf: (field: FieldConflict) => string;
  /** The form field's id for a conflict's place. */
  idOf: (field: FieldConflict) => string;
  decide: (field: FieldConflict, choice: 'theirs' | 'mine') => void;
}) {
  const conflict = status.kind === 'conflict' ? status.conflict : null;
  // Recomputed only while there is a conflict, so the forms are not re-rendered for it otherwise.
  const choices = useMemo(() => {
    if (!conflict) return NONE;
    const open = new Map<string, FieldChoiceProps>();
    for (const field of conflict.fields) {
      if (conflict.decided.has(conflictKey(field.path))) continue;
      const id = idOf(field);
      open.set(id, {
        field,
        label: labelOf(field),
        onDecide: (f, choice) => {
          decide(f, choice);
          // The choice goes away once made: the keyboard goes to the field it was about.
          requestAnimationFrame(() => focusField(id));
        },
      });
    }
    return open.size ? open : NONE;
  }, [conflict, idOf, labelOf, decide]);
  return { choices, labelOf, goTo: (field: FieldConflict) => focusField(idOf(field)) };
}
