/** The form for a new page: a title, and an address made from it that the user may change. */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { parse } from 'yaml';
import { pageEntriesOf } from '../../content/pageEntry.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import type { ContentApi, PageSummary, SiteFiles } from './api.ts';
import styles from './content.module.css';
import type { Data } from './document.ts';
import { nameOf } from './kinds.ts';
import { addressFor, addressHint, addressProblem, copyPage, fileFor, nextOrderIn } from './newPage.ts';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';
import { useReturnFocus } from './returnFocus.ts';

export function NewPageDialog({
  from,
  site,
  client,
  onCreated,
  onCancel,
}: {
  from: PageSummary;
  site: SiteFiles;
  client: ContentApi;
  onCreated: (file: string, text: string, version: string) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  /**
   * What the user typed in the address box; null (never typed) or '' (emptied): the address
   * follows the title. An emptied box stays empty while the user types a new one, and shows the
   * title's address again as soon as the title changes.
   */
  const [address, setAddress] = useState<string | null>(null);
  const typed = address !== null && address.trim() !== '';
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { heading: useId(), title: useId(), address: useId(), problem: useId() };

  useReturnFocus();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, []);

  /** Every page as data (a file that does not parse is the validator's to report). */
  const pages = useMemo(() => {
    const list: { file: string; page: Data }[] = [];
    for (const [file, { text }] of Object.entries(site.files)) {
      if (!file.startsWith('pages/')) continue;
      try {
        const page = parse(text) as unknown;
        if (page && typeof page === 'object') list.push({ file, page: page as Data });
      } catch {}
    }
    return list;
  }, [site]);

  /** Every address in use: each page's path and aliases, named by the page that holds it. */
  const taken = useMemo(() => {
    const files = Object.entries(site.files).map(([file, { text }]) => [file, text] as const);
    return new Map(
      pageEntriesOf(files, bundledSchemas).flatMap((page) => [
        [page.path, `the page "${page.name}"`] as const,
        ...page.aliases.map((alias) => [alias, `the page "${page.name}" as another address`] as const),
      ]),
    );
  }, [site]);

  const path = typed ? (address as string) : title ? addressFor(from.path, title) : '';
  const problem = path ? addressProblem(path, taken) : null;

  const create = async () => {
    if (!title.trim() || !path || problem) return;
    setBusy(true);
    setError(null);
    try {
      const source = parse(site.files[from.file]?.text ?? '') as Data;
      const listing = source.listing as Data | undefined;
      const order = listing
        ? nextOrderIn(
            pages.map((p) => p.page),
            listing.collection,
          )
        : undefined;
      const saved = await client.create(
        fileFor(path),
        copyPage(source, path, title.trim(), order),
        from.file,
      );
      onCreated(fileFor(path), saved.text, saved.version);
    } catch (e) {
      // A refusal names its problems (the validator's words): show them, not only their count.
      setError(refusalOf(e));
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={ids.heading} onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <h2 id={ids.heading}>New page like “{nameOf(from)}”</h2>
        <p>The new page starts as a copy of this one; change its words and pictures after.</p>
        <p>
          <label htmlFor={ids.title}>Title</label>
          <br />
          <input
            id={ids.title}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (!typed) setAddress(null);
            }}
            required
          />
        </p>
        <p>
          <label htmlFor={ids.address}>Address</label>
          <br />
          <input
            id={ids.address}
            value={address === '' ? '' : path}
            onChange={(e) => setAddress(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={ids.problem}
          />
        </p>
        <p id={ids.problem} className={problem ? styles.fieldError : styles.status}>
          {problem ?? addressHint(path, typed)}
        </p>
        {error && <RefusalAlert refusal={error} />}
        <button
          type="submit"
          className={styles.primary}
          disabled={busy || !title.trim() || !path || !!problem}
        >
          Create page
        </button>{' '}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </form>
    </dialog>
  );
}
