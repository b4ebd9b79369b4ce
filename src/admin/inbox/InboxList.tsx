import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Labels, SignedOut, type StaffClient, type SubmissionPage } from '../api.ts';
import { fieldText, formatDate } from '../format.ts';
import { LIST_COLUMNS, PAGE_SIZE } from './columns.ts';

export interface ListQuery {
  q: string;
  status: 'all' | 'open' | 'handled';
  page: number;
}

interface Props {
  client: StaffClient;
  labels: Labels;
  form: string;
  query: ListQuery;
  focusHeading: boolean;
  onQuery(query: ListQuery): void;
  onOpen(id: number): void;
}

const STATUSES = [
  ['all', 'All'],
  ['open', 'Open'],
  ['handled', 'Handled'],
] as const;

/** One form's submissions, newest first: search, status filter, paging, CSV export. */
export function InboxList({ client, labels, form, query, focusHeading, onQuery, onOpen }: Props) {
  const [data, setData] = useState<SubmissionPage>();
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    setError(undefined);
    client
      .list(form, { ...query, pageSize: PAGE_SIZE })
      .then((page) => {
        if (live) setData(page);
      })
      .catch((e: unknown) => {
        if (live && !(e instanceof SignedOut)) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, [client, form, query]);

  useEffect(() => {
    if (focusHeading && data) heading.current?.focus();
  }, [focusHeading, data]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const status = String(values.get('status'));
    onQuery({
      q: String(values.get('q') ?? ''),
      status: status === 'open' || status === 'handled' ? status : 'all',
      page: 1,
    });
  }

  const columns = LIST_COLUMNS[form] ?? [];
  const label = (key: string) => labels.fields[key] ?? key;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {labels.forms[form]?.many ?? form}
      </h2>
      <search>
        <form className="filters" onSubmit={apply} key={`${query.q}|${query.status}`}>
          <label htmlFor={`${id}-q`}>Search</label>
          <input type="search" id={`${id}-q`} name="q" defaultValue={query.q} />
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} name="status" defaultValue={query.status}>
            {STATUSES.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
          <button type="submit">Apply</button>
          <a className="button" href={client.exportUrl(form)} download="">
            Export CSV
          </a>
        </form>
      </search>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {!data ? (
        error ? null : (
          <p>Loading…</p>
        )
      ) : data.items.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Received</th>
              {columns.map((c) => (
                <th scope="col" key={c}>
                  {label(c)}
                </th>
              ))}
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id} className={row.handledAt ? 'handled' : undefined}>
                <td>
                  <a
                    href={`#inbox/${row.form}/${row.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      onOpen(row.id);
                    }}
                  >
                    {`#${row.id} · ${formatDate(row.createdAt)}`}
                  </a>
                </td>
                {columns.map((c) => (
                  <td key={c}>{fieldText(row.fields[c])}</td>
                ))}
                <td>{row.handledAt ? 'Handled' : 'Open'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No submissions.</p>
      )}
      {data ? (
        <nav className="pager" aria-label="Pages">
          <button
            type="button"
            disabled={data.page <= 1}
            onClick={() => onQuery({ ...query, page: query.page - 1 })}
          >
            Previous
          </button>
          <span>{`Page ${data.page} of ${pages} (${data.total} in all)`}</span>
          <button
            type="button"
            disabled={data.page >= pages}
            onClick={() => onQuery({ ...query, page: query.page + 1 })}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
