import { type FormEvent, useId, useState } from 'react';
import type { SessionInfo, StaffClient } from './api.ts';
import { useFocusOnShow } from './focus.ts';

interface Props {
  client: StaffClient;
  onSignedIn(session: SessionInfo): void;
  /** Why the sign-in screen shows (a session that ended, the staff area being off), if known. */
  notice?: string | undefined;
}

/** The sign-in screen: email and password. */
export function SignIn({ client, onSignedIn, notice }: Props) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const emailRef = useFocusOnShow<HTMLInputElement>();
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setError(undefined);
    setBusy(true);
    try {
      onSignedIn(await client.signIn(String(data.get('email') ?? ''), String(data.get('password') ?? '')));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  return (
    <main className="app">
      <h1>Staff area</h1>
      {notice && !error ? (
        <p className="error" role="alert">
          {notice}
        </p>
      ) : null}
      <form className="signin" onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
        <label htmlFor={`${id}-email`}>Email</label>
        <input ref={emailRef} id={`${id}-email`} name="email" type="email" autoComplete="username" required />
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
        <div aria-live="polite">
          {error ? (
            <p className="error" role="alert" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </main>
  );
}
