/**
 * The contact form of the chat panel: name, email, mobile number (digits only, at most 10, stripped
 * as typed) and a message. On success the fields clear and `onSent` closes the panel. Its words
 * come from site.yaml (forms.contact); the panel's title is the frame's.
 */
import { useState } from 'react';
import { useSite } from '../renderer/ContentContext.tsx';
import { useApi } from './api.ts';
import { DefinedField } from './DefinedField.tsx';
import { type ContactField, contact } from './definitions/contact.ts';
import { emptyValues, type FieldDefinition, formFields } from './definitions/types.ts';
import { dialogOf, preloadDialogs } from './dialogs.ts';
import { fieldStyles, Honeypot, honeypotOf, PrivacyNote, SubmitButton } from './fields.tsx';
import { checkContact, responses, sanitizeMobileInput } from './rules.ts';
import { useSubmission } from './useSubmission.ts';

type ContactValues = Record<ContactField, string>;
const EMPTY = emptyValues(contact);

export function ContactForm({ onSent }: { onSent: () => void }) {
  const words = useSite().forms.contact;
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const set = (key: ContactField) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  // The mobile number keeps digits only, at most 10, as typed.
  const input = (field: FieldDefinition<ContactField>) =>
    field.digitsOnly ? (raw: string) => set(field.key)(sanitizeMobileInput(raw)) : set(field.key);

  const send = async (form: HTMLFormElement) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const result = await api.postJson(contact.path, { ...trimmed, ...honeypotOf(form) });
    if (result.kind === 'network') return dialogOf(responses.contactNetwork);
    if (!result.ok) return dialogOf(responses.contactFailure);
    setValues(EMPTY);
    onSent();
    return dialogOf(contact.success);
  };

  return (
    <form
      className={fieldStyles.grid}
      noValidate
      onFocus={preloadDialogs}
      onSubmit={(e) => handle(e, () => checkContact(values), send)}
    >
      {/* One array of siblings, as if written out: React's useId numbers fields by their place. */}
      {[
        ...formFields(contact).map((field) => (
          <DefinedField
            key={field.key}
            field={field}
            label={words.labels[field.key] ?? field.label}
            value={values[field.key]}
            onValue={input(field)}
            full
          />
        )),
        <div key="actions" className={`${fieldStyles.actions} ${fieldStyles.full}`}>
          <SubmitButton busy={busy} label={words.submit} busyLabel={words.busyLabel} buttonRef={submitRef} />
          <PrivacyNote />
        </div>,
        <Honeypot key="honeypot" />,
      ]}
    </form>
  );
}
