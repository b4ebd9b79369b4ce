/** Brochure request: one email field; the brochure is sent by the company afterwards. */
import { useState } from 'react';
import { useApi } from '../../forms/api.ts';
import { dialogOf, preloadDialogs } from '../../forms/dialogs.ts';
import {
  fieldStyles,
  Honeypot,
  honeypotOf,
  PrivacyNote,
  SubmitButton,
  TextField,
} from '../../forms/fields.tsx';
import { API_PATHS, checkBrochure, responses } from '../../forms/rules.ts';
import { useSubmission } from '../../forms/useSubmission.ts';
import type { BlockProps } from '../../renderer/registry.ts';
import styles from './BrochureForm.module.css';

/** The schema's defaults (schema/blocks/brochureForm.schema.json), used when a prop is left out. */
export const BROCHURE_DEFAULTS = {
  anchor: 'brochure',
  heading: 'Get the Brochure',
  emailLabel: 'Email Address',
  placeholder: 'you@example.com',
  submitLabel: 'Submit',
} as const;

export default function BrochureForm({ block }: BlockProps<'brochureForm'>) {
  const words = { ...BROCHURE_DEFAULTS, ...block };
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [email, setEmail] = useState('');
  const headingId = `${words.anchor}-heading`;

  const send = async (form: HTMLFormElement) => {
    const result = await api.postJson(API_PATHS.brochure, { email, ...honeypotOf(form) });
    if (result.kind === 'network') return dialogOf(responses.brochureNetwork);
    if (!result.ok) return dialogOf(responses.brochureFailure);
    setEmail('');
    return dialogOf(responses.brochureSuccess);
  };

  return (
    <section id={words.anchor} className={`section ${styles.section}`} aria-labelledby={headingId}>
      <div className="container">
        <div className={`${fieldStyles.card} ${styles.card}`}>
          <div className={styles.intro}>
            <h2 id={headingId} className={styles.heading}>
              {words.heading}
            </h2>
            {block.text && <p className={styles.text}>{block.text}</p>}
          </div>
          <form
            className={styles.form}
            noValidate
            aria-labelledby={headingId}
            onFocus={preloadDialogs}
            onSubmit={(e) => handle(e, () => checkBrochure({ email }), send)}
          >
            <div className={styles.row}>
              <TextField
                name="email"
                label={words.emailLabel}
                value={email}
                onValue={setEmail}
                type="email"
                autoComplete="email"
                placeholder={words.placeholder}
                required
              />
              <SubmitButton
                busy={busy}
                label={words.submitLabel}
                busyLabel="Submitting..."
                visibleBusyLabel={false}
                buttonRef={submitRef}
                className={`button button-accent ${styles.submit}`}
              />
            </div>
            {block.privacyNote && <p className={fieldStyles.note}>{block.privacyNote}</p>}
            <PrivacyNote />
            <Honeypot />
          </form>
        </div>
      </div>
    </section>
  );
}
