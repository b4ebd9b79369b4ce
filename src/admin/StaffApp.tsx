import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { TwoStepSettings } from './account/TwoStepSettings.tsx';
import { type SessionInfo, SignedOut, StaffClient } from './api.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Inbox } from './inbox/Inbox.tsx';
import { SignIn } from './SignIn.tsx';

// The page editor is its own chunk: loaded only when someone opens Content.
const ContentSection = lazy(() => import('./content/ContentSection.tsx'));

export type Section = 'inbox' | 'content' | 'account';

interface Props {
  /** Base URL of the staff API, e.g. /backend/api/admin. */
  api: string;
  fetch?: typeof fetch;
  confirm?: (message: string) => boolean;
}

const canInbox = (s: SessionInfo) => s.staff.role === 'admin' || s.staff.role === 'inbox';
const canContent = (s: SessionInfo) =>
  s.staff.role === 'admin' || s.staff.role === 'content' || s.staff.role === 'publisher';

/** The section the address asks for (#inbox, #content), if the account may see it. */
function sectionFor(session: SessionInfo, hash: string): Section {
  const wanted = hash.replace(/^#/, '').split('/')[0];
  if (wanted === 'account') return 'account';
  if (wanted === 'content' && canContent(session)) return 'content';
  return canInbox(session) ? 'inbox' : 'content';
}

const ROLE_NAMES = {
  admin: 'administrator',
  content: 'content editor',
  publisher: 'publisher',
  inbox: 'inbox',
} as const;

/** The staff area: the sign-in screen, then a shell with the sections the account's role allows. */
export function StaffApp({ api, fetch: fetchFn, confirm = (m) => window.confirm(m) }: Props) {
  const client = useMemo(() => new StaffClient(api, fetchFn), [api, fetchFn]);
  /** undefined: still asking the server; null: signed out. */
  const [session, setSession] = useState<SessionInfo | null>();
  const [notice, setNotice] = useState<string>();
  const [hash, setHash] = useState(() => window.location.hash);

  useEffect(() => {
    client.onSignedOut = (message) => {
      setNotice(message);
      setSession(null);
    };
    client
      .session()
      .then(setSession)
      .catch((e: unknown) => {
        if (!(e instanceof SignedOut)) setNotice(e instanceof Error ? e.message : String(e));
        setSession(null);
      });
  }, [client]);

  useEffect(() => {
    const onHash = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const navigate = useCallback((target: string) => {
    window.location.hash = target;
    setHash(target);
  }, []);

  const refreshCounts = useCallback(async () => {
    const fresh = await client.session();
    setSession(fresh);
  }, [client]);

  if (session === undefined)
    return (
      <main className="app">
        <p>Loading…</p>
      </main>
    );
  if (session === null)
    return (
      <SignIn
        client={client}
        notice={notice}
        onSignedIn={(s) => {
          setNotice(undefined);
          setSession(s);
        }}
      />
    );

  // An account whose role must use two-step sign-in sees only its set-up until it is on.
  const forced = session.mustSetUpTwoStep === true;
  const section = forced ? 'account' : sectionFor(session, hash);
  const { staff } = session;
  const link = (target: Section, text: string) => (
    <a
      href={`#${target}`}
      className={section === target ? 'tab current' : 'tab'}
      aria-current={section === target ? 'page' : undefined}
    >
      {text}
    </a>
  );

  return (
    <div className="app">
      <header className="top">
        <p className="brand">Staff area</p>
        <nav className="sections" aria-label="Staff area">
          {!forced && canInbox(session) ? link('inbox', 'Inbox') : null}
          {!forced && canContent(session) ? link('content', 'Content') : null}
          {link('account', 'Account')}
        </nav>
        <p className="who">
          {staff.name} <span className="role">({ROLE_NAMES[staff.role]})</span>
        </p>
        <button
          type="button"
          onClick={() => {
            client.signOut().finally(() => {
              setNotice(undefined);
              setSession(null);
            });
          }}
        >
          Sign out
        </button>
      </header>
      <main>
        {/* Each screen fails on its own (ErrorBoundary): the header and the other section stay. */}
        {section === 'account' ? (
          <TwoStepSettings client={client} forced={forced} onChanged={() => void refreshCounts()} />
        ) : section === 'content' ? (
          <ErrorBoundary key="content" screen="the Content section">
            <Suspense fallback={<p>Loading the editor…</p>}>
              <ContentSection
                api={api}
                csrfToken={session.csrfToken}
                staff={{ name: staff.name, email: staff.email, role: staff.role }}
              />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <ErrorBoundary key="inbox" screen="the Inbox">
            <Inbox
              client={client}
              session={session}
              refreshCounts={refreshCounts}
              confirm={confirm}
              route={hash.startsWith('#inbox/') ? hash.slice('#inbox/'.length).split('/') : []}
              navigate={navigate}
            />
          </ErrorBoundary>
        )}
      </main>
    </div>
  );
}
