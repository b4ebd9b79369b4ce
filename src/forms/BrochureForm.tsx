/**
 * Brochure request: the one email field of its definition (definitions/brochure.ts); the brochure
 * is sent by the company afterwards. Its words come from site.yaml (forms.brochure); the
 * brochureForm block frames it and gives the class names of its row and button.
 */
import { useState } from 'react';
import { useSite } from '../renderer/ContentContext.tsx';
import { useApi } from './api.ts';
import { DefinedField } from './DefinedField.tsx';
import { brochure } from './definitions/brochure.ts';
import { formFields } from './definitions/types.ts';
import { dialogOf, preloadDialogs } from './dialogs.ts';
import { fieldStyles, Honeypot, honeypotOf, PrivacyNote, SubmitButton } from './fields.tsx';
import { checkBrochure, responses } from './rules.ts';
import { useSubmission } from './useSubmission.ts';

export interface BrochureFormProps {
  headingId: string;
  classNames: { form: string; row: string; submit: string };
}

export function BrochureForm({ headingId, classNames }: BrochureFormProps) {
  const words = useSite().forms.brochure;
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [email, setEmail] = useState('');
  const [field] = formFields(brochure);

  const send = async (form: HTMLFormElement) => {
    const result = await api.postJson(brochure.path, { email, ...honeypotOf(form) });
    if (result.kind === 'network') return dialogOf(responses.brochureNetwork);
    if (!result.ok) return dialogOf(responses.brochureFailure);
    setEmail('');
    return dialogOf(brochure.success);
  };

  return (
    <form
      className={classNames.form}
      noValidate
      aria-labelledby={headingId}
      onFocus={preloadDialogs}
      onSubmit={(e) => handle(e, () => checkBrochure({ email }), send)}
    >
      <div className={classNames.row}>
        {field && (
          <DefinedField
            field={field}
            label={words.emailLabel}
            value={email}
            onValue={setEmail}
            placeholder={words.placeholder}
          />
        )}
        <SubmitButton
          busy={busy}
          label={words.submit}
          visibleBusyLabel={false}
          buttonRef={submitRef}
          className={`button button-accent ${classNames.submit}`}
        />
      </div>
      {words.note && <p className={fieldStyles.note}>{words.note}</p>}
      <PrivacyNote />
      <Honeypot />
    </form>
  );
}
