/**
 * The demo / inquiry request form: its fields come from its definition (definitions/demo.ts), its
 * words from site.yaml (forms.demo, and forms.busyLabel while sending), its service type choices
 * from site.yaml's serviceTypes; validation is the definition's rules (shared with the server).
 * The demoForm block places it next to its heading.
 */
import { useState } from 'react';
import { useSite } from '../renderer/ContentContext.tsx';
import { useApi } from './api.ts';
import { DefinedField } from './DefinedField.tsx';
import { type DemoField, demo } from './definitions/demo.ts';
import { emptyValues, formFields } from './definitions/types.ts';
import { answerDialog, preloadDialogs } from './dialogs.ts';
import { fieldStyles, Honeypot, honeypotOf, PrivacyNote, SubmitButton } from './fields.tsx';
import { checkDemo, responses } from './rules.ts';
import { useSubmission } from './useSubmission.ts';

const EMPTY = emptyValues(demo);

export function DemoForm({ headingId }: { headingId: string }) {
  const site = useSite();
  const texts = site.forms.demo;
  const api = useApi();
  const { busy, handle, submitRef } = useSubmission();
  const [values, setValues] = useState<Record<DemoField, string>>(EMPTY);
  const set = (key: DemoField) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const send = async (form: HTMLFormElement) => {
    const result = await api.postJson(demo.path, { ...values, ...honeypotOf(form) }, { readMessage: true });
    return answerDialog(result, demo.success, responses.demoFailure, () => setValues(EMPTY));
  };

  return (
    <form
      className={fieldStyles.card}
      noValidate
      aria-labelledby={headingId}
      onFocus={preloadDialogs}
      onSubmit={(e) => handle(e, () => checkDemo(values), send)}
    >
      {/* One array of siblings, as if written out: React's useId numbers fields by their place. */}
      <div className={fieldStyles.grid}>
        {[
          ...formFields(demo).map((field) => (
            <DefinedField
              key={field.key}
              field={field}
              label={texts.labels[field.key] ?? field.label}
              value={values[field.key]}
              onValue={set(field.key)}
              full={field.input === 'textarea'}
              placeholder={field.input === 'select' ? texts.serviceTypePlaceholder : undefined}
              options={site.serviceTypes}
            />
          )),
          <div key="actions" className={`${fieldStyles.actions} ${fieldStyles.full}`}>
            <SubmitButton busy={busy} label={texts.submit} buttonRef={submitRef} />
            <PrivacyNote />
          </div>,
        ]}
      </div>
      <Honeypot />
    </form>
  );
}
