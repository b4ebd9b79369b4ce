/**
 * Brochure request: one email field; the brochure is sent by the company afterwards. Its words come
 * from site.yaml (forms.brochure); the block adds a sentence about its brochure.
 */
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
import { API_PATHS, checkBrochure, FIELD_MAX_LENGTHS, responses } from '../../forms/rules.ts';
import { useSubmission } from '../../forms/useSubmission.ts';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import styles from './BrochureForm.module.css';

export default function BrochureForm({ block }: BlockProps<'brochureForm'>) {
  const words = useSite().forms.brochure;
  const anchor = block.anchor ?? 'brochure';
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [email, setEmail] = useState('');
  const headingId = `${anchor}-heading`;

  const send = async (form: HTMLFormElement) => {
    const result = await api.postJson(API_PATHS.brochure, { email, ...honeypotOf(form) });
    if (result.kind === 'network') return dialogOf(responses.brochureNetwork);
    if (!result.ok) return dialogOf(responses.brochureFailure);
    setEmail('');
    return dialogOf(responses.brochureSuccess);
  };

  return (
    <section id={anchor} className={`section ${styles.section}`} aria-labelledby={headingId}>
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
                maxLength={FIELD_MAX_LENGTHS.email}
                required
              />
              <SubmitButton
                busy={busy}
                label={words.submit}
                visibleBusyLabel={false}
                buttonRef={submitRef}
                className={`button button-accent ${styles.submit}`}
              />
            </div>
            {words.note && <p className={fieldStyles.note}>{words.note}</p>}
            <PrivacyNote />
            <Honeypot />
          </form>
        </div>
      </div>
    </section>
  );
}
