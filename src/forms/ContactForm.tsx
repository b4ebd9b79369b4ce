/**
 * The contact form of the chat panel: name, email, mobile number (digits only, at most 10, stripped
 * as typed) and a message. On success the fields clear and `onSent` closes the panel. Its words
 * come from site.yaml (forms.contact); the panel's title is the frame's.
 */
import { useState } from 'react';
import { useSite } from '../renderer/ContentContext.tsx';
import { useApi } from './api.ts';
import { dialogOf, preloadDialogs } from './dialogs.ts';
import {
  fieldStyles,
  Honeypot,
  honeypotOf,
  PrivacyNote,
  SubmitButton,
  TextAreaField,
  TextField,
} from './fields.tsx';
import {
  API_PATHS,
  CONTACT_MESSAGE_MAX,
  CONTACT_MOBILE_LENGTH,
  type ContactValues,
  checkContact,
  FIELD_MAX_LENGTHS,
  responses,
  sanitizeMobileInput,
} from './rules.ts';
import { useSubmission } from './useSubmission.ts';

const EMPTY: ContactValues = { name: '', email: '', mobileNumber: '', message: '' };

export function ContactForm({ onSent }: { onSent: () => void }) {
  const words = useSite().forms.contact;
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const set = (key: keyof ContactValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const send = async (form: HTMLFormElement) => {
    const trimmed: ContactValues = {
      name: values.name.trim(),
      email: values.email.trim(),
      mobileNumber: values.mobileNumber.trim(),
      message: values.message.trim(),
    };
    const result = await api.postJson(API_PATHS.contact, { ...trimmed, ...honeypotOf(form) });
    if (result.kind === 'network') return dialogOf(responses.contactNetwork);
    if (!result.ok) return dialogOf(responses.contactFailure);
    setValues(EMPTY);
    onSent();
    return dialogOf(responses.contactSuccess);
  };

  return (
    <form
      className={fieldStyles.grid}
      noValidate
      onFocus={preloadDialogs}
      onSubmit={(e) => handle(e, () => checkContact(values), send)}
    >
      <TextField
        name="name"
        label={words.labels.name}
        value={values.name}
        onValue={set('name')}
        autoComplete="name"
        maxLength={FIELD_MAX_LENGTHS.name}
        required
        full
      />
      <TextField
        name="email"
        label={words.labels.email}
        value={values.email}
        onValue={set('email')}
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTHS.email}
        required
        full
      />
      <TextField
        name="mobileNumber"
        label={words.labels.mobileNumber}
        value={values.mobileNumber}
        onValue={(raw) => set('mobileNumber')(sanitizeMobileInput(raw))}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={CONTACT_MOBILE_LENGTH}
        required
        full
      />
      <TextAreaField
        name="message"
        label={words.labels.message}
        value={values.message}
        onValue={set('message')}
        countMax={CONTACT_MESSAGE_MAX}
        rows={4}
        required
        full
      />
      <div className={`${fieldStyles.actions} ${fieldStyles.full}`}>
        <SubmitButton busy={busy} label={words.submit} busyLabel={words.busyLabel} buttonRef={submitRef} />
        <PrivacyNote />
      </div>
      <Honeypot />
    </form>
  );
}
