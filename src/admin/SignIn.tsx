import { type FormEvent, useId, useState } from 'react';
import { CodeRequired, type SessionInfo, type StaffClient } from './api.ts';
import { useFocusOnShow } from './focus.ts';

interface Props {
  client: StaffClient;
  onSignedIn(session: SessionInfo): void;
  /** Why the sign-in screen shows (a session that ended, the staff area being off), if known. */
  notice?: string | undefined;
}

/**
 * The sign-in screen: email and password, then, for an account with two-step sign-in, the code of
 * its authenticator app (or a recovery code). The server checks all three together, so the email
 * and password stay in the form while the code is asked for.
 */
export function SignIn({ client, onSignedIn, notice }: Props) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** The server asked for a code (its words); undefined: not yet. */
  const [codeAsked, setCodeAsked] = useState<string>();
  const emailRef = useFocusOnShow<HTMLInputElement>();
  const codeRef = useFocusOnShow<HTMLInputElement>(codeAsked !== undefined);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const code = data.get('code');
    setError(undefined);
    setBusy(true);
    try {
      onSignedIn(
        await client.signIn(
          String(data.get('email') ?? ''),
          String(data.get('password') ?? ''),
          typeof code === 'string' ? code : undefined,
        ),
      );
    } catch (e) {
      if (e instanceof CodeRequired && codeAsked === undefined) setCodeAsked(e.message);
      else setError(e instanceof Error ? e.message : String(e));
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
        {codeAsked !== undefined ? (
          <>
            <label htmlFor={`${id}-code`}>Code from your authenticator app</label>
            <p className="hint" id={`${id}-code-hint`}>
              {codeAsked}
            </p>
            <input
              ref={codeRef}
              id={`${id}-code`}
              name="code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              aria-describedby={`${id}-code-hint`}
              required
            />
          </>
        ) : null}
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
