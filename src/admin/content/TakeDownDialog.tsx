/**
 * Take down (issue 35): asks where the page's address should lead from now on, offering its
 * section's main page first (a closed job: /careers), then takes the page off the site. The server
 * marks the page taken down and adds the redirect in one commit; the page list then says "Taken
 * down", and Publish puts it live.
 */
import { useId, useMemo, useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import type { ContentApi, PageSummary, SiteFiles } from './api.ts';
import { nameOf } from './kinds.ts';

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
  onTakenDown: (text: string, version: string, removed: boolean) => void;
  onCancel: () => void;
}) {
  const targets = useMemo(() => takeDownTargets(page, pages), [page, pages]);
  const [to, setTo] = useState(targets[0] ?? '/');
  const holders = useMemo(() => aliasHolders(page, pages), [page, pages]);
  const [aliasesTo, setAliasesTo] = useState<Record<string, string>>(() =>
    Object.fromEntries(page.aliases.map((alias) => [alias, holders[0]?.file ?? ''])),
  );
  const ids = { target: useId(), holder: useId(), keep: useId() };
  const [remove, setRemove] = useState(false);

  const takeDown = async () => {
    const version = site.files[page.file]?.version;
    if (!version) return;
    const saved = await client.takeDown(
      page.file,
      version,
      to,
      page.aliases.length ? aliasesTo : undefined,
      remove,
    );
    onTakenDown(saved.text, saved.version, remove);
  };

  return (
    <ActionDialog
      heading={<>Take down “{nameOf(page)}”?</>}
      action={remove ? 'Delete' : 'Take down'}
      danger
      onAct={takeDown}
      onCancel={onCancel}
    >
      <p>
        The page leaves the site: its menus, lists and the sitemap no longer show it, and visitors who open{' '}
        <code>{page.path}</code> are sent on to the page you choose. Like a save, the change goes live when it
        is published.
      </p>
      <fieldset>
        <legend>Its file</legend>
        <label>
          <input type="radio" name={ids.keep} checked={!remove} onChange={() => setRemove(false)} /> Keep it,
          marked taken down: <strong>Put back</strong> in the list publishes it again
        </label>
        <br />
        <label>
          <input type="radio" name={ids.keep} checked={remove} onChange={() => setRemove(true)} /> Delete it:
          <strong> Deleted pages</strong> can bring it back from the history
        </label>
      </fieldset>
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
          <label htmlFor={`${ids.holder}-${i}`}>
            This page also answers at <code>{alias}</code>. From now on, that address shows
          </label>
          <br />
          <select
            id={`${ids.holder}-${i}`}
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
    </ActionDialog>
  );
}
