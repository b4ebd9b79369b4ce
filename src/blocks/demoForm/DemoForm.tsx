/**
 * The demo / inquiry request form. Its words come from site.yaml (forms.demo, and forms.busyLabel
 * while sending), its service type
 * choices from site.yaml's serviceTypes; validation from src/forms/rules.ts (shared with the server).
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
  TextAreaField,
  TextField,
} from '../../forms/fields.tsx';
import {
  API_PATHS,
  checkDemo,
  DEMO_QUERY_MAX,
  type DemoValues,
  FIELD_MAX_LENGTHS,
  responses,
} from '../../forms/rules.ts';
import { SelectField } from '../../forms/SelectField.tsx';
import { useSubmission } from '../../forms/useSubmission.ts';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import styles from './DemoForm.module.css';

const EMPTY: DemoValues = { name: '', phone: '', email: '', serviceType: '', query: '' };

export default function DemoForm({ block }: BlockProps<'demoForm'>) {
  const site = useSite();
  const texts = site.forms.demo;
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [values, setValues] = useState<DemoValues>(EMPTY);
  const set = (key: keyof DemoValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const headingId = `${block.anchor ?? 'demo'}-heading`;

  const send = async (form: HTMLFormElement) => {
    const result = await api.postJson(
      API_PATHS.demo,
      { ...values, ...honeypotOf(form) },
      { readMessage: true },
    );
    if (result.kind === 'response' && result.status === 200) {
      setValues(EMPTY);
      return dialogOf(responses.demoSuccess);
    }
    const message = result.kind === 'response' ? result.message : undefined;
    return dialogOf(responses.demoFailure, message ?? responses.demoFailure.message);
  };

  return (
    <section id={block.anchor ?? 'demo'} className={`section ${styles.section}`} aria-labelledby={headingId}>
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro}>
          <h2 id={headingId} className={styles.heading}>
            {texts.heading}
          </h2>
          <p className={styles.text}>{texts.intro}</p>
        </div>
        <form
          className={fieldStyles.card}
          noValidate
          aria-labelledby={headingId}
          onFocus={preloadDialogs}
          onSubmit={(e) => handle(e, () => checkDemo(values), send)}
        >
          <div className={fieldStyles.grid}>
            <TextField
              name="name"
              label={texts.labels.name}
              value={values.name}
              onValue={set('name')}
              autoComplete="name"
              maxLength={FIELD_MAX_LENGTHS.name}
              required
            />
            <TextField
              name="phone"
              label={texts.labels.phone}
              value={values.phone}
              onValue={set('phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={FIELD_MAX_LENGTHS.phone}
              required
            />
            <TextField
              name="email"
              label={texts.labels.email}
              value={values.email}
              onValue={set('email')}
              type="email"
              autoComplete="email"
              maxLength={FIELD_MAX_LENGTHS.email}
              required
            />
            <SelectField
              name="serviceType"
              label={texts.labels.serviceType}
              placeholder={texts.serviceTypePlaceholder}
              options={site.serviceTypes}
              value={values.serviceType}
              onValue={set('serviceType')}
            />
            <TextAreaField
              name="query"
              label={texts.labels.query}
              value={values.query}
              onValue={set('query')}
              maxLength={DEMO_QUERY_MAX}
              countMax={DEMO_QUERY_MAX}
              rows={4}
              required
              full
            />
            <div className={`${fieldStyles.actions} ${fieldStyles.full}`}>
              <SubmitButton busy={busy} label={texts.submit} buttonRef={submitRef} />
              <PrivacyNote />
            </div>
          </div>
          <Honeypot />
        </form>
      </div>
    </section>
  );
}
