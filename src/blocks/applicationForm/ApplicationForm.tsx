/**
 * "Apply for this position": name, email, phone, cover letter and a CV file, sent as multipart with
 * the page's job title as the position. A new job title (navigating between career pages keeps this
 * component mounted) starts a fresh, empty form. Its words come from site.yaml (forms.application);
 * the block may add an intro sentence.
 */
import { useRef, useState } from 'react';
import { jobTitleOf } from '../../content/model.ts';
import { useApi } from '../../forms/api.ts';
import { dialogOf, preloadDialogs, showDialog } from '../../forms/dialogs.ts';
import {
  FileField,
  fieldStyles,
  Honeypot,
  honeypotOf,
  PrivacyNote,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../forms/fields.tsx';
import {
  API_PATHS,
  CV_ACCEPT,
  checkApplication,
  checkCvFile,
  FIELD_MAX_LENGTHS,
  responses,
} from '../../forms/rules.ts';
import { useSubmission } from '../../forms/useSubmission.ts';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import { usePage } from '../../renderer/PageView.tsx';
import styles from './ApplicationForm.module.css';

export default function ApplicationForm({ block }: BlockProps<'applicationForm'>) {
  const position = jobTitleOf(usePage().page) ?? '';
  // Keyed by the position: another job's page gets a new, empty form.
  return <ApplicationFormFields key={position} block={block} position={position} />;
}

interface TextValues {
  fullName: string;
  email: string;
  phone: string;
  coverLetter: string;
}
const EMPTY: TextValues = { fullName: '', email: '', phone: '', coverLetter: '' };

function ApplicationFormFields({ block, position }: BlockProps<'applicationForm'> & { position: string }) {
  const words = useSite().forms.application;
  const { labels } = words;
  const anchor = block.anchor ?? 'apply';
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [values, setValues] = useState<TextValues>(EMPTY);
  const [cv, setCv] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (key: keyof TextValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const headingId = `${anchor}-heading`;

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
    body.append('fullName', values.fullName);
    body.append('email', values.email);
    body.append('phone', values.phone);
    body.append('coverLetter', values.coverLetter);
    if (cv) body.append('cv', cv, cv.name);
    body.append('position', position);
    for (const [key, value] of Object.entries(honeypotOf(form))) body.append(key, value);
    const result = await api.postMultipart(API_PATHS.application, body, { readMessage: true });
    if (result.kind === 'response' && result.status === 200) {
      setValues(EMPTY);
      setCv(null);
      if (fileRef.current) fileRef.current.value = '';
      return dialogOf(responses.applicationSuccess);
    }
    const message = result.kind === 'response' ? result.message : undefined;
    return dialogOf(responses.applicationFailure, message ?? responses.applicationFailure.message);
  };

  return (
    <section id={anchor} className={`section ${styles.section}`} aria-labelledby={headingId}>
      <div className={`container ${styles.container}`}>
        <form
          className={fieldStyles.card}
          noValidate
          aria-labelledby={headingId}
          onFocus={preloadDialogs}
          onSubmit={(e) => handle(e, () => checkApplication({ ...values, cv, position }), send)}
        >
          <div className={styles.intro}>
            <h2 id={headingId} className={styles.heading}>
              {words.heading}
            </h2>
            {block.intro && <p className={styles.text}>{block.intro}</p>}
          </div>
          <div className={fieldStyles.grid}>
            <TextField
              name="fullName"
              label={labels.fullName}
              value={values.fullName}
              onValue={set('fullName')}
              autoComplete="name"
              maxLength={FIELD_MAX_LENGTHS.fullName}
              required
            />
            <TextField name="position" label={labels.position} value={position} readOnly />
            <TextField
              name="email"
              label={labels.email}
              value={values.email}
              onValue={set('email')}
              type="email"
              autoComplete="email"
              maxLength={FIELD_MAX_LENGTHS.email}
              required
            />
            <TextField
              name="phone"
              label={labels.phone}
              value={values.phone}
              onValue={set('phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={FIELD_MAX_LENGTHS.phone}
              required
            />
            <TextAreaField
              name="coverLetter"
              label={labels.coverLetter}
              value={values.coverLetter}
              onValue={set('coverLetter')}
              maxLength={FIELD_MAX_LENGTHS.coverLetter}
              rows={5}
              required
              full
            />
            <FileField
              name="cv"
              label={labels.cv}
              hint={words.cvHint}
              accept={CV_ACCEPT}
              inputRef={fileRef}
              onFile={onFile}
              required
              full
            />
            <div className={`${fieldStyles.actions} ${fieldStyles.full}`}>
              <SubmitButton busy={busy} label={words.submit} buttonRef={submitRef} />
              <PrivacyNote />
            </div>
            <p className={`${fieldStyles.note} ${fieldStyles.full}`}>{words.note}</p>
          </div>
          <Honeypot />
        </form>
      </div>
    </section>
  );
}
