/**
 * The contact form of the chat panel: name, email, mobile number (digits only, at most 10, stripped
 * as typed) and a message. On success the fields clear and `onSent` closes the panel.
 */
import { useState } from 'react';
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
  responses,
  sanitizeMobileInput,
} from './rules.ts';
import { useSubmission } from './useSubmission.ts';

/** Generic field words; the panel's title and any lead-in are the frame's (site.yaml). */
export interface ContactFormLabels {
  name: string;
  email: string;
  mobileNumber: string;
  message: string;
  submit: string;
  sending: string;
}

export const CONTACT_LABELS: ContactFormLabels = {
  name: 'Name',
  email: 'Email',
  mobileNumber: 'Mobile Number',
  message: 'Message',
  submit: 'Send Message',
  sending: 'Sending...',
};

const EMPTY: ContactValues = { name: '', email: '', mobileNumber: '', message: '' };

export function ContactForm({ onSent, labels }: { onSent: () => void; labels?: Partial<ContactFormLabels> }) {
  const words = { ...CONTACT_LABELS, ...labels };
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
        label={words.name}
        value={values.name}
        onValue={set('name')}
        autoComplete="name"
        required
        full
      />
      <TextField
        name="email"
        label={words.email}
        value={values.email}
        onValue={set('email')}
        type="email"
        autoComplete="email"
        required
        full
      />
      <TextField
        name="mobileNumber"
        label={words.mobileNumber}
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
        label={words.message}
        value={values.message}
        onValue={set('message')}
        countMax={CONTACT_MESSAGE_MAX}
        rows={4}
        required
        full
      />
      <div className={`${fieldStyles.actions} ${fieldStyles.full}`}>
        <SubmitButton busy={busy} label={words.submit} busyLabel={words.sending} buttonRef={submitRef} />
        <PrivacyNote />
      </div>
      <Honeypot />
    </form>
  );
}
