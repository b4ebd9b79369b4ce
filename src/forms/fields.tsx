/**
 * Labelled form controls shared by the four forms. Every control has a visible label above it, a
 * 44px target, a token focus ring and a `data-field` name (used to focus the field at fault).
 */
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useSite } from '../renderer/ContentContext.tsx';
import { SmartLink } from '../renderer/links.tsx';
import styles from './Fields.module.css';
import { HONEYPOT_FIELD } from './rules.ts';

export { styles as fieldStyles };

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  hintId?: string;
  aside?: ReactNode;
  full?: boolean;
  children: ReactNode;
}

/** One ref callback setting every given ref. */
function refs<T>(...all: (Ref<T> | undefined)[]): (el: T | null) => void {
  return (el) => {
    for (const r of all) {
      if (typeof r === 'function') r(el);
      else if (r) (r as RefObject<T | null>).current = el;
    }
  };
}

/**
 * A visitor can type into the pre-rendered form before its code has run. Once it runs (hydration),
 * the field takes over what it already holds, so what is checked and sent is what the visitor sees.
 */
function useAdoptTyped<T extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  onValue: ((value: string) => void) | undefined,
): RefObject<T | null> {
  const own = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after the first render.
  useEffect(() => {
    const shown = own.current?.value;
    if (onValue && shown !== undefined && shown !== value) onValue(shown);
  }, []);
  return own;
}

function FieldFrame({ id, label, hint, hintId, aside, full, children }: FieldFrameProps) {
  return (
    <div className={full ? `${styles.field} ${styles.full}` : styles.field}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
      </div>
      {children}
      {aside}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'>;

export interface TextFieldProps extends InputProps {
  name: string;
  label: string;
  value: string;
  onValue?: (value: string) => void;
  hint?: ReactNode;
  full?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ name, label, value, onValue, hint, full, inputRef, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const own = useAdoptTyped<HTMLInputElement>(value, onValue);
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId} full={full}>
      <input
        {...rest}
        ref={refs(own, inputRef)}
        id={id}
        name={name}
        data-field={name}
        className={styles.control}
        value={value}
        aria-describedby={hint ? hintId : undefined}
        onChange={onValue ? (e: ChangeEvent<HTMLInputElement>) => onValue(e.target.value) : undefined}
      />
    </FieldFrame>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'name'>;

export interface TextAreaFieldProps extends AreaProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Shows "n/max" under the field. */
  countMax?: number;
  full?: boolean;
}

export function TextAreaField({ name, label, value, onValue, countMax, full, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const own = useAdoptTyped<HTMLTextAreaElement>(value, onValue);
  const counterId = `${id}-count`;
  const counter =
    countMax !== undefined ? (
      <span
        id={counterId}
        className={value.length >= countMax ? `${styles.counter} ${styles.counterLimit}` : styles.counter}
      >
        {value.length}/{countMax}
      </span>
    ) : undefined;
  return (
    <FieldFrame id={id} label={label} full={full} aside={counter}>
      <textarea
        {...rest}
        ref={own}
        id={id}
        name={name}
        data-field={name}
        className={styles.control}
        value={value}
        aria-describedby={counter ? counterId : undefined}
        onChange={(e) => onValue(e.target.value)}
      />
    </FieldFrame>
  );
}

export interface FileFieldProps extends Omit<InputProps, 'type'> {
  name: string;
  label: string;
  hint?: ReactNode;
  full?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onFile: (file: File | null, input: HTMLInputElement) => void;
}

export function FileField({ name, label, hint, full, inputRef, onFile, ...rest }: FileFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const own = useRef<HTMLInputElement>(null);
  // A file chosen before the form's code ran (see useAdoptTyped) is checked and kept like any other.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after the first render.
  useEffect(() => {
    const input = own.current;
    const file = input?.files?.[0];
    if (input && file) onFile(file, input);
  }, []);
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId} full={full}>
      <input
        {...rest}
        ref={refs(own, inputRef)}
        type="file"
        id={id}
        name={name}
        data-field={name}
        className={`${styles.control} ${styles.file}`}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null, e.target)}
      />
    </FieldFrame>
  );
}

export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

export interface SubmitButtonProps {
  busy: boolean;
  label: string;
  /**
   * Shown while busy (default: site.yaml `forms.busyLabel`); `visibleBusyLabel: false` keeps it for
   * screen readers only (spinner alone).
   */
  busyLabel?: string;
  visibleBusyLabel?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  className?: string;
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
  visibleBusyLabel = true,
  buttonRef,
  className = 'button button-primary',
}: SubmitButtonProps) {
  // The pre-rendered page shows the form before its code runs; a submit then would be the browser's
  // own (a GET putting the fields in the address). Disabled until hydrated, it cannot happen: a
  // disabled default button also stops Enter from submitting.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const sharedBusyLabel = useSite().forms.busyLabel;
  const shownWhileBusy = busyLabel ?? sharedBusyLabel;
  return (
    <button
      ref={buttonRef}
      type="submit"
      className={`${className} ${styles.submit}`}
      disabled={busy || !hydrated}
      aria-busy={busy}
    >
      {busy ? (
        <>
          <Spinner />
          <span className={visibleBusyLabel ? undefined : 'visually-hidden'}>{shownWhileBusy}</span>
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** The link to the privacy notice, next to every form's submit button (site.yaml `forms.privacy`). */
export function PrivacyNote({ className }: { className?: string }) {
  const privacy = useSite().forms.privacy;
  if (!privacy) return null;
  const { text, link } = privacy;
  return (
    <p className={className ? `${styles.privacy} ${className}` : styles.privacy}>
      <SmartLink href={link}>{text}</SmartLink>
    </p>
  );
}

/**
 * The hidden honeypot input (see HONEYPOT_FIELD): people never see or reach it. Its label
 * (site.yaml `forms.honeypotLabel`) is for the bots that fill in every labelled field.
 */
export function Honeypot() {
  const label = useSite().forms.honeypotLabel;
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        {label}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** `{ website: value }` when a bot filled the honeypot, else nothing: spread it into the payload. */
export function honeypotOf(form: HTMLFormElement): Record<string, string> {
  const input = form.elements.namedItem(HONEYPOT_FIELD);
  const value = input instanceof HTMLInputElement ? input.value : '';
  return value ? { [HONEYPOT_FIELD]: value } : {};
}
