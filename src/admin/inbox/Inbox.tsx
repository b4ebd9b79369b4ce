import { useRef, useState } from 'react';
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
  /** The address's parts after #inbox: [form, id] (so a reload or a shared link opens the same view). */
  route: string[];
  /** Goes to another address of the staff app (a new history entry: Back returns). */
  navigate(hash: string): void;
}

const FIRST_PAGE: ListQuery = { q: '', status: 'all', page: 1 };

/** The submissions inbox: one tab per form the account may see, a list, and a detail view. */
export function Inbox({ client, session, refreshCounts, confirm, route, navigate }: Props) {
  const forms = session.forms;
  const [formPart, idPart] = route;
  const form = forms.some((f) => f.form === formPart) ? (formPart ?? '') : (forms[0]?.form ?? '');
  const detail = idPart && /^\d{1,12}$/.test(idPart) ? Number(idPart) : null;
  // Search, filter and page belong to one form: another form starts from its first page.
  const [query, setQuery] = useState<ListQuery>(FIRST_PAGE);
  const [queryForm, setQueryForm] = useState(form);
  if (queryForm !== form) {
    setQueryForm(form);
    setQuery(FIRST_PAGE);
  }
  /** The person moved inside the inbox (another view than the first): its heading takes the focus. */
  const firstView = useRef(`${form}/${detail}`);
  const moved = firstView.current !== `${form}/${detail}`;
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
              onClick={() => navigate(`#inbox/${f.form}`)}
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
          onBack={() => navigate(`#inbox/${form}`)}
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
          onQuery={setQuery}
          onOpen={(id) => navigate(`#inbox/${form}/${id}`)}
        />
      ) : null}
    </>
  );
}
