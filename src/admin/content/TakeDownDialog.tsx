/**
 * Take down (issue 35): asks where the page's address should lead from now on, offering its
 * section's main page first (a closed job: /careers), then takes the page off the site. The server
 * marks the page taken down and adds the redirect in one commit; the page list then says "Taken
 * down", and Publish puts it live.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ContentApi, PageSummary, SiteFiles } from './api.ts';
import styles from './content.module.css';
import { nameOf } from './kinds.ts';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';

/** The pages that stay on the site when `page` is taken down. */
const staying = (page: PageSummary, pages: readonly PageSummary[]) =>
  pages.filter((p) => !p.unpublished && !p.problem && p.file !== page.file);

/**
 * The addresses a taken-down page may lead to: every live page's, its section's main page first.
 * Its own other addresses are among them: another page answers there from now on.
 */
export function takeDownTargets(page: PageSummary, pages: readonly PageSummary[]): string[] {
  const live = [...staying(page, pages).flatMap((p) => [p.path, ...p.aliases]), ...page.aliases];
  const section = page.path.replace(/\/[^/]+$/, '') || '/';
  const first = live.includes(section) ? section : '/';
  return [first, ...[...new Set(live)].filter((a) => a !== first).sort()];
}

/** The pages that can take over the taken-down page's other addresses: its own kind first. */
export function aliasHolders(page: PageSummary, pages: readonly PageSummary[]): PageSummary[] {
  const candidates = staying(page, pages);
  return [
    ...candidates.filter((p) => p.kind === page.kind),
    ...candidates.filter((p) => p.kind !== page.kind),
  ];
}

export function TakeDownDialog({
  page,
  pages,
  site,
  client,
  onTakenDown,
  onCancel,
}: {
  page: PageSummary;
  pages: readonly PageSummary[];
  site: SiteFiles;
  client: ContentApi;
  onTakenDown: (text: string, version: string) => void;
  onCancel: () => void;
}) {
  const targets = useMemo(() => takeDownTargets(page, pages), [page, pages]);
  const [to, setTo] = useState(targets[0] ?? '/');
  const holders = useMemo(() => aliasHolders(page, pages), [page, pages]);
  const [aliasesTo, setAliasesTo] = useState<Record<string, string>>(() =>
    Object.fromEntries(page.aliases.map((alias) => [alias, holders[0]?.file ?? ''])),
  );
  const holderIds = useId();
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { heading: useId(), target: useId() };
  const name = nameOf(page);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, []);

  const takeDown = async () => {
    const version = site.files[page.file]?.version;
    if (!version) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await client.takeDown(
        page.file,
        version,
        to,
        page.aliases.length ? aliasesTo : undefined,
      );
      onTakenDown(saved.text, saved.version);
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
          void takeDown();
        }}
      >
        <h2 id={ids.heading}>Take down “{name}”?</h2>
        <p>
          The page leaves the site: its menus, lists and the sitemap no longer show it, and visitors who open{' '}
          <code>{page.path}</code> are sent on to the page you choose. Its file is kept, so it can be
          published again. The change goes live when you publish the site.
        </p>
        <p>
          <label htmlFor={ids.target}>Its address leads to</label>
          <br />
          <select id={ids.target} value={to} onChange={(e) => setTo(e.target.value)}>
            {targets.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </select>
        </p>
        {page.aliases.map((alias, i) => (
          <p key={alias}>
            <label htmlFor={`${holderIds}-${i}`}>
              This page also answers at <code>{alias}</code>. From now on, that address shows
            </label>
            <br />
            <select
              id={`${holderIds}-${i}`}
              value={aliasesTo[alias] ?? ''}
              onChange={(e) => setAliasesTo((current) => ({ ...current, [alias]: e.target.value }))}
            >
              {holders.map((p) => (
                <option key={p.file} value={p.file}>
                  {nameOf(p)} ({p.path})
                </option>
              ))}
            </select>
          </p>
        ))}
        {error && <RefusalAlert refusal={error} />}
        <button type="submit" className={styles.danger} disabled={busy}>
          Take down
        </button>{' '}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </form>
    </dialog>
  );
}
