import { useEffect, useState } from 'react';
import { type Labels, SignedOut, type StaffClient, type Submission } from '../api.ts';
import { useFocusOnShow } from '../focus.ts';
import { fieldText, formatDate } from '../format.ts';

interface Props {
  client: StaffClient;
  labels: Labels;
  form: string;
  id: number;
  confirm(message: string): boolean;
  onBack(): void;
  /** A change that alters the counts (handled, deleted). */
  onChanged(): Promise<void>;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One submission: every field, mark handled / open, CV download, delete (after a confirmation). */
export function InboxDetail({ client, labels, form, id, confirm, onBack, onChanged }: Props) {
  const [row, setRow] = useState<Submission>();
  const [error, setError] = useState<string>();
  const heading = useFocusOnShow<HTMLHeadingElement>(row ? 'shown' : 'loading');
  const one = labels.forms[form]?.one ?? form;
  const label = (key: string) => labels.fields[key] ?? key;

  useEffect(() => {
    let live = true;
    client
      .get(form, id)
      .then((r) => {
        if (live) setRow(r);
      })
      .catch((e: unknown) => {
        if (live && !(e instanceof SignedOut)) setError(messageOf(e));
      });
    return () => {
      live = false;
    };
  }, [client, form, id]);

  async function toggleHandled() {
    if (!row) return;
    setError(undefined);
    try {
      setRow(await client.setHandled(form, row.id, !row.handledAt));
      await onChanged();
    } catch (e) {
      if (!(e instanceof SignedOut)) setError(messageOf(e));
    }
  }

  async function remove() {
    if (!row) return;
    if (
      !confirm(
        `Delete ${one.toLowerCase()} #${row.id} for good${form === 'application' ? ', with its CV' : ''}?`,
      )
    )
      return;
    setError(undefined);
    try {
      await client.remove(form, row.id);
      await onChanged();
      onBack();
    } catch (e) {
      if (!(e instanceof SignedOut)) setError(messageOf(e));
    }
  }

  return (
    <article aria-labelledby="submission-title">
      <h2 id="submission-title" ref={heading} tabIndex={-1}>
        {`${one} #${id}`}
      </h2>
      {row ? (
        <dl>
          <dt>Received</dt>
          <dd>{formatDate(row.createdAt)}</dd>
          {Object.entries(row.fields).map(([key, value]) => [
            <dt key={`${key}-t`}>{label(key)}</dt>,
            <dd key={`${key}-d`} className="value">
              {fieldText(value)}
            </dd>,
          ])}
          <dt>Client IP (truncated)</dt>
          <dd>{row.clientIp}</dd>
          <dt>Browser</dt>
          <dd className="value">{row.userAgent}</dd>
          <dt>Status</dt>
          <dd>{row.handledAt ? `Handled ${formatDate(row.handledAt)}` : 'Open'}</dd>
        </dl>
      ) : error ? null : (
        <p>Loading…</p>
      )}
      <div className="actions">
        <button type="button" onClick={onBack}>
          Back to the list
        </button>
        {row && form === 'application' ? (
          <a className="button" href={client.cvUrl(row.id)} download="">
            Download CV
          </a>
        ) : null}
        {row ? (
          <>
            <button type="button" className="primary" onClick={toggleHandled}>
              {row.handledAt ? 'Mark as open' : 'Mark as handled'}
            </button>
            <button type="button" className="danger" onClick={remove}>
              Delete
            </button>
          </>
        ) : null}
      </div>
      <div aria-live="polite">
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </article>
  );
}
