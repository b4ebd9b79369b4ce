import { useState } from 'react';
import type { SessionInfo, StaffClient } from '../api.ts';
import { useFocusOnShow } from '../focus.ts';
import { InboxDetail } from './InboxDetail.tsx';
import { InboxList, type ListQuery } from './InboxList.tsx';

interface Props {
  client: StaffClient;
  session: SessionInfo;
  /** Reloads the open / total counts of the forms (after a change). */
  refreshCounts(): Promise<void>;
  confirm(message: string): boolean;
}

const FIRST_PAGE: ListQuery = { q: '', status: 'all', page: 1 };

/** The submissions inbox: one tab per form the account may see, a list, and a detail view. */
export function Inbox({ client, session, refreshCounts, confirm }: Props) {
  const forms = session.forms;
  const [form, setForm] = useState(forms[0]?.form ?? '');
  const [query, setQuery] = useState<ListQuery>(FIRST_PAGE);
  const [detail, setDetail] = useState<number | null>(null);
  /** The person moved inside the inbox: the new view's heading takes the focus. */
  const [moved, setMoved] = useState(false);
  const h1 = useFocusOnShow<HTMLHeadingElement>();
  const title = (name: string, count: 'one' | 'many' = 'many') => session.labels.forms[name]?.[count] ?? name;

  return (
    <>
      <h1 ref={h1} tabIndex={-1}>
        Submissions inbox
      </h1>
      {forms.length === 0 ? (
        <p>Your account may see no form’s submissions.</p>
      ) : (
        <nav className="tabs" aria-label="Forms">
          {forms.map((f) => (
            <button
              key={f.form}
              type="button"
              className={f.form === form ? 'tab current' : 'tab'}
              aria-current={f.form === form ? 'page' : undefined}
              onClick={() => {
                setForm(f.form);
                setQuery(FIRST_PAGE);
                setDetail(null);
                setMoved(true);
              }}
            >
              {title(f.form)} <span className="count">{`${f.open} open / ${f.total}`}</span>
            </button>
          ))}
        </nav>
      )}
      {form && detail !== null ? (
        <InboxDetail
          client={client}
          labels={session.labels}
          form={form}
          id={detail}
          confirm={confirm}
          onBack={() => {
            setDetail(null);
            setMoved(true);
          }}
          onChanged={refreshCounts}
        />
      ) : form ? (
        <InboxList
          key={form}
          client={client}
          labels={session.labels}
          form={form}
          query={query}
          focusHeading={moved}
          onQuery={(q) => {
            setQuery(q);
            setMoved(true);
          }}
          onOpen={(id) => {
            setDetail(id);
            setMoved(true);
          }}
        />
      ) : null}
    </>
  );
}
