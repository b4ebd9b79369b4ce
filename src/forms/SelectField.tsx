/**
 * A dropdown of fixed choices, built as the WAI-ARIA "select-only combobox": a button showing the
 * choice that opens a listbox. Click toggles it open/closed; choosing closes it. Keyboard: Down/Up/
 * Enter/Space/Home/End open it, arrows/Home/End/PageUp/PageDown move, Enter/Space choose, Escape
 * and Tab close, typing letters jumps to the matching choice. The visible label is a <label> for the
 * button: clicking it focuses the button and toggles the list, as clicking the button does.
 */

import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../icons/Icon.tsx';
import styles from './Fields.module.css';

export interface SelectFieldProps {
  name: string;
  label: string;
  placeholder: string;
  options: readonly string[];
  value: string;
  onValue: (value: string) => void;
  full?: boolean;
}

const PAGE = 10;

export function SelectField({ name, label, placeholder, options, value, onValue, full }: SelectFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const labelRef = useRef<HTMLLabelElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const selectedIndex = options.indexOf(value);
  const last = options.length - 1;

  const openAt = (index: number) => {
    setActive(Math.max(0, Math.min(last, index)));
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option !== undefined) onValue(option);
    setOpen(false);
  };

  // Close when a pointer goes down outside (the label toggles through the button instead).
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!wrapperRef.current?.contains(target) && !labelRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  // Keep the active choice in view.
  useEffect(() => {
    if (!open) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const typeAhead = (key: string): number | undefined => {
    const now = Date.now();
    typed.current = {
      text: (now - typed.current.at > 700 ? '' : typed.current.text) + key.toLowerCase(),
      at: now,
    };
    const query = typed.current.text;
    const start = open ? active + (query.length === 1 ? 1 : 0) : Math.max(selectedIndex, 0);
    for (let k = 0; k < options.length; k++) {
      const i = (start + k) % options.length;
      if (options[i]?.toLowerCase().startsWith(query)) return i;
    }
    return undefined;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const current = Math.max(selectedIndex, 0);
    if (!open) {
      switch (e.key) {
        case 'ArrowDown':
        case 'ArrowUp':
        case 'Enter':
        case ' ':
          e.preventDefault();
          openAt(current);
          return;
        case 'Home':
          e.preventDefault();
          openAt(0);
          return;
        case 'End':
          e.preventDefault();
          openAt(last);
          return;
      }
    } else {
      switch (e.key) {
        case 'ArrowDown':
          e.preventDefault();
          setActive((a) => Math.min(last, a + 1));
          return;
        case 'ArrowUp':
          e.preventDefault();
          if (e.altKey) choose(active);
          else setActive((a) => Math.max(0, a - 1));
          return;
        case 'Home':
          e.preventDefault();
          setActive(0);
          return;
        case 'End':
          e.preventDefault();
          setActive(last);
          return;
        case 'PageDown':
          e.preventDefault();
          setActive((a) => Math.min(last, a + PAGE));
          return;
        case 'PageUp':
          e.preventDefault();
          setActive((a) => Math.max(0, a - PAGE));
          return;
        case 'Enter':
        case ' ':
          e.preventDefault();
          choose(active);
          return;
        case 'Escape':
          e.preventDefault();
          setOpen(false);
          return;
        case 'Tab':
          setOpen(false);
          return;
      }
    }
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== ' ') {
      const match = typeAhead(e.key);
      if (match !== undefined) {
        e.preventDefault();
        openAt(match);
      }
    }
  };

  return (
    <div className={full ? `${styles.field} ${styles.full}` : styles.field}>
      <div className={styles.labelRow}>
        {/* Buttons are labelable: a click on the label is passed on to the button. */}
        <label ref={labelRef} id={labelId} htmlFor={buttonId} className={styles.label}>
          {label}
        </label>
      </div>
      <div ref={wrapperRef} className={styles.select}>
        <button
          id={buttonId}
          type="button"
          role="combobox"
          data-field={name}
          className={`${styles.control} ${styles.selectButton}`}
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-controls={listId}
          aria-expanded={open}
          aria-required="true"
          aria-activedescendant={open ? optionId(active) : undefined}
          onClick={(e) => {
            // Also when the click came from the label: the keyboard then works on the list.
            e.currentTarget.focus();
            if (open) setOpen(false);
            else openAt(Math.max(selectedIndex, 0));
          }}
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            // Focus moving to another control closes the list. Focus going nowhere (a press on the
            // label or the page) is left to the click that follows / the outside-pointer handler.
            const next = e.relatedTarget as Node | null;
            if (next && !wrapperRef.current?.contains(next)) setOpen(false);
          }}
        >
          <span className={value ? styles.selectValue : `${styles.selectValue} ${styles.placeholder}`}>
            {value || placeholder}
          </span>
          <Icon name="chevron-down" className={styles.chevron} size={18} />
        </button>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={-1}
          hidden={!open}
          className={styles.listbox}
          // Keep focus on the button while choosing with the pointer.
          onMouseDown={(e) => e.preventDefault()}
        >
          {options.map((option, i) => (
            // Options are reached through the combobox (aria-activedescendant), so they take no focus or keys.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            <div
              key={option}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={option === value}
              className={i === active && open ? `${styles.option} ${styles.optionActive}` : styles.option}
              onClick={() => choose(i)}
              onMouseMove={() => i !== active && setActive(i)}
            >
              <span>{option}</span>
              {option === value && <Icon name="check" className={styles.tick} size={16} />}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
