import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { StaffClient, TwoStepStatus } from '../api.ts';
import { useFocusOnShow } from '../focus.ts';
import { TwoStepEnrol } from './TwoStepEnrol.tsx';
import { twoStepWords as words } from './twoStepWords.ts';

interface Props {
  client: StaffClient;
  /** The person may do nothing else until it is on (their role must use it). */
  forced?: boolean;
  /** Told when two-step sign-in has been turned on or off (the app then asks for the session again). */
  onChanged(): void;
}

/** Account → Two-step sign-in: whether it is on, setting it up, turning it off. */
export function TwoStepSettings({ client, forced = false, onChanged }: Props) {
  const [status, setStatus] = useState<TwoStepStatus>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const h1 = useFocusOnShow<HTMLHeadingElement>();
  const id = useId();

  const load = useCallback(() => {
    client
      .twoStepStatus()
      .then(setStatus, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [client]);
  useEffect(load, [load]);

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setError(undefined);
    setBusy(true);
    try {
      await client.disableTwoStep(code);
      load();
      onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account">
      <h1 ref={h1} tabIndex={-1}>
        {words.heading}
      </h1>
      {forced ? <p className="error">{words.required}</p> : null}
      <p>{words.intro}</p>
      {!status ? (
        <div aria-live="polite">
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : (
            <p>Loading…</p>
          )}
        </div>
      ) : status.enabled ? (
        <>
          <p>
            <strong>{words.on}</strong> {words.codesLeft(status.recoveryCodesLeft)}
          </p>
          {status.required ? <p>{words.requiredNote}</p> : null}
          <form className="signin" onSubmit={turnOff} aria-describedby={error ? `${id}-error` : undefined}>
            <label htmlFor={`${id}-off`}>{words.turnOffLabel}</label>
            <input
              id={`${id}-off`}
              name="code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              required
            />
            <button type="submit" className="danger" disabled={busy}>
              {words.turnOff}
            </button>
            <div aria-live="polite">
              {error ? (
                <p className="error" role="alert" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          </form>
        </>
      ) : (
        <>
          <p>{words.off}</p>
          <TwoStepEnrol
            client={client}
            onDone={() => {
              load();
              onChanged();
            }}
          />
        </>
      )}
    </div>
  );
}
