/** One block of the page in the form pane: its fieldset, buttons to move or remove it, its fields. */
import type { ErrorSchema } from '@rjsf/utils';
import { memo } from 'react';
import styles from './content.module.css';
import type { Data } from './document.ts';
import type { EditorFormContext } from './formContext.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { blockLabel, blockSchema, blockSummary, blockTypes } from './schemaForms.ts';

export interface BlockCardProps {
  blockKey: string;
  index: number;
  count: number;
  data: Data;
  errors: ErrorSchema | undefined;
  blockErrors: readonly string[] | undefined;
  context: EditorFormContext;
  active: boolean;
  onChange: (key: string, data: Data, fieldId?: string) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
}

function BlockCardImpl(props: BlockCardProps) {
  const { blockKey, index, count, data, errors, blockErrors, context, active } = props;
  const type = String(data.type ?? '');
  const known = blockTypes.includes(type);
  const label = known ? blockLabel(type) : `Unknown block "${type}"`;
  const name = `block ${index + 1} (${label})`;
  return (
    <fieldset
      className={`${styles.blockCard} ${active ? styles.blockCardActive : ''}`}
      id={`block-${blockKey}`}
      data-block-key={blockKey}
    >
      <legend>
        {index + 1}. {label}
      </legend>
      <div className={styles.blockActions}>
        <button
          type="button"
          id={`up-${blockKey}`}
          className={styles.small}
          disabled={index === 0}
          onClick={() => props.onMove(blockKey, -1)}
          aria-label={`Move ${name} up`}
        >
          Move up
        </button>
        <button
          type="button"
          id={`down-${blockKey}`}
          className={styles.small}
          disabled={index === count - 1}
          onClick={() => props.onMove(blockKey, 1)}
          aria-label={`Move ${name} down`}
        >
          Move down
        </button>
        <button
          type="button"
          className={styles.danger}
          onClick={() => props.onRemove(blockKey)}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
      </div>
      {known && <p className={styles.blockHelp}>{blockSummary(type)}</p>}
      {blockErrors?.map((m) => (
        <p key={m} className={styles.fieldError}>
          {m}
        </p>
      ))}
      {known && (
        <SchemaForm
          schema={blockSchema(type)}
          data={data}
          idPrefix={blockKey}
          errors={errors}
          context={context}
          onChange={(next, id) => props.onChange(blockKey, next, id)}
          isBlock
        />
      )}
    </fieldset>
  );
}

export const BlockCard = memo(BlockCardImpl);
