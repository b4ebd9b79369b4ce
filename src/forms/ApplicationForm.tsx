/**
 * "Apply for this position": the fields of its definition (definitions/application.ts) with a CV
 * file, sent as multipart with the page's job title as the position. Its words come from site.yaml
 * (forms.application). The applicationForm block places it and its heading (the `children`, shown
 * first inside the form) on a career page, and gives each job title a fresh form.
 */
import { type ReactNode, useRef, useState } from 'react';
import { useSite } from '../renderer/ContentContext.tsx';
import { useApi } from './api.ts';
import { DefinedField } from './DefinedField.tsx';
import { type ApplicationField, application } from './definitions/application.ts';
import { emptyValues, formFields, sentFields } from './definitions/types.ts';
import { answerDialog, dialogOf, preloadDialogs, showDialog } from './dialogs.ts';
import { fieldStyles, Honeypot, honeypotOf, PrivacyNote, SubmitButton } from './fields.tsx';
import { checkApplication, checkCvFile, responses } from './rules.ts';
import { useSubmission } from './useSubmission.ts';

const EMPTY = emptyValues(application);

export function ApplicationForm({
  position,
  headingId,
  children,
}: {
  position: string;
  headingId: string;
  children: ReactNode;
}) {
  const words = useSite().forms.application;
  const { labels } = words;
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [typed, setValues] = useState<Record<ApplicationField, string>>(EMPTY);
  const values = { ...typed, position };
  const [cv, setCv] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (key: ApplicationField) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const onFile = (file: File | null, input: HTMLInputElement) => {
    const failure = file ? checkCvFile(file) : null;
    if (!file || failure) {
      input.value = ''; // The file is discarded.
      setCv(null);
      if (failure) void showDialog(dialogOf(failure), input);
      return;
    }
    setCv(file);
  };

  const send = async (form: HTMLFormElement) => {
    const body = new FormData();
    for (const field of sentFields(application)) body.append(field.key, values[field.key]);
    if (cv) body.append('cv', cv, cv.name);
    for (const [key, value] of Object.entries(honeypotOf(form))) body.append(key, value);
    const result = await api.postMultipart(application.path, body, { readMessage: true });
    return answerDialog(result, application.success, responses.applicationFailure, () => {
      setValues(EMPTY);
      setCv(null);
      if (fileRef.current) fileRef.current.value = '';
    });
  };

  return (
    <form
      className={fieldStyles.card}
      noValidate
      aria-labelledby={headingId}
      onFocus={preloadDialogs}
      onSubmit={(e) => handle(e, () => checkApplication({ ...values, cv }), send)}
    >
      {children}
      {/* One array of siblings, as if written out: React's useId numbers fields by their place. */}
      <div className={fieldStyles.grid}>
        {[
          ...formFields(application).map((field) => (
            <DefinedField
              key={field.key}
              field={field}
              label={labels[field.key as keyof typeof labels] ?? field.label}
              value={values[field.key]}
              onValue={set(field.key)}
              full={field.input === 'textarea' || field.input === 'file'}
              hint={words.cvHint}
              inputRef={fileRef}
              onFile={onFile}
            />
          )),
          <div key="actions" className={`${fieldStyles.actions} ${fieldStyles.full}`}>
            <SubmitButton busy={busy} label={words.submit} buttonRef={submitRef} />
            <PrivacyNote />
          </div>,
          <p key="note" className={`${fieldStyles.note} ${fieldStyles.full}`}>
            {words.note}
          </p>,
        ]}
      </div>
      <Honeypot />
    </form>
  );
}
