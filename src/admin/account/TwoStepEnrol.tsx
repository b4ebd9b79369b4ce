import { type FormEvent, useId, useState } from 'react';
import type { StaffClient, TwoStepSetup } from '../api.ts';
import { useFocusOnShow } from '../focus.ts';
import { QrCode } from './QrCode.tsx';
import { twoStepWords as words } from './twoStepWords.ts';

/** The key in groups of four, easier to copy by hand (the app ignores the spaces). */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up an authenticator: the QR code and key, then a code from the app to confirm, then the
 * recovery codes, shown this once. `onDone` runs when the person says they saved them.
 */
export function TwoStepEnrol({ client, onDone }: { client: StaffClient; onDone(): void }) {
  const [setup, setSetup] = useState<TwoStepSetup>();
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const stepHeading = useFocusOnShow<HTMLHeadingElement>(setup ? (codes ? 'codes' : 'scan') : 'start');

  async function run<T>(work: () => Promise<T>, then: (value: T) => void) {
    setError(undefined);
    setBusy(true);
    try {
      then(await work());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void run(
      () => client.confirmTwoStep(code),
      (r) => setCodes(r.recoveryCodes),
    );
  };

  const errorText = error ? (
    <p className="error" role="alert" id={`${id}-error`}>
      {error}
    </p>
  ) : null;

  if (codes)
    return (
      <section aria-labelledby={`${id}-codes`}>
        <h2 id={`${id}-codes`} ref={stepHeading} tabIndex={-1}>
          {words.savedHeading}
        </h2>
        <p>{words.savedIntro}</p>
        <ol className="recovery-codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <button type="button" className="primary" onClick={onDone}>
          {words.savedDone}
        </button>
      </section>
    );

  if (!setup)
    return (
      <div>
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => void run(() => client.beginTwoStep(), setSetup)}
        >
          {words.start}
        </button>
        <div aria-live="polite">{errorText}</div>
      </div>
    );

  return (
    <section aria-labelledby={`${id}-scan`}>
      <h2 id={`${id}-scan`} ref={stepHeading} tabIndex={-1}>
        {words.scan}
      </h2>
      <QrCode qr={setup.qr} label={words.qrLabel} />
      <p>
        {words.typeKey} <code className="secret">{grouped(setup.secret)}</code>
      </p>
      <form className="signin" onSubmit={confirm} aria-describedby={error ? `${id}-error` : undefined}>
        <label htmlFor={`${id}-code`}>{words.codeLabel}</label>
        <input
          id={`${id}-code`}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\s*(\d\s*){6}"
          maxLength={12}
          required
        />
        <button type="submit" className="primary" disabled={busy}>
          {words.turnOn}
        </button>
        <div aria-live="polite">{errorText}</div>
      </form>
    </section>
  );
}
