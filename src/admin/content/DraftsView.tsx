/**
 * Drafts: every saved change that is not live yet, across the site, one row per draft (files
 * changed together are one draft: a page and its pictures, or everything a change of address
 * touched). Each says what changed, by whom and when; the user ticks the drafts to publish and
 * presses Publish selected, or discards a draft (after a question). The Publish's progress and the
 * publish log are shown below.
 */
import { useId, useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import type { ContentApi, DraftGroup, PageSummary } from './api.ts';
import styles from './content.module.css';
import own from './DraftsView.module.css';
import { changeWords, draftFileName, draftName } from './draftNames.ts';
import { describeChange } from './kinds.ts';
import { PublishProgress } from './Publish.tsx';
import { usePublish } from './usePublish.ts';

const keyOf = (group: DraftGroup) => group.files.map((f) => f.file).join('\n');
/** A draft is unticked while any of its files is: a picture added to it later keeps it unticked. */
const isUnticked = (group: DraftGroup, unticked: ReadonlySet<string>) =>
  group.files.some((f) => unticked.has(f.file));

export function DraftsView({
  drafts,
  pages,
  client,
  onBack,
  onOpen,
  onChanged,
}: {
  drafts: readonly DraftGroup[];
  pages: readonly PageSummary[];
  client: ContentApi;
  onBack: () => void;
  onOpen: (file: string) => void;
  /** The drafts changed (published or discarded): read them again. */
  onChanged: () => void;
}) {
  // Every draft is ticked until the user unticks it; a draft that arrives later is ticked too.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [discarding, setDiscarding] = useState<DraftGroup | null>(null);
  const run = usePublish(client, onChanged);
  const chosen = drafts.filter((g) => !isUnticked(g, unticked));
  const headingId = useId();
  const toggle = (group: DraftGroup, on: boolean) =>
    setUnticked((set) => {
      const next = new Set(set);
      for (const { file } of group.files) {
        if (on) next.delete(file);
        else next.add(file);
      }
      return next;
    });

  return (
    <div className={styles.list}>
      <div className={styles.listHeader}>
        <h1 id={headingId}>Drafts</h1>
        <button type="button" className={styles.secondary} onClick={onBack}>
          ← All pages
        </button>
      </div>
      <p className={styles.lead}>
        Saved changes that are not on the live site yet. Tick the ones to publish; the others stay drafts.
      </p>
      {drafts.length === 0 ? (
        <p>Every saved change is live: there are no drafts.</p>
      ) : (
        <table className={styles.pageTable} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Publish</th>
              <th scope="col">What changed</th>
              <th scope="col">By</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((group) => {
              const name = draftName(group, pages);
              const page = group.files.find((f) => pages.some((p) => p.file === f.file));
              return (
                <tr key={keyOf(group)}>
                  <td>
                    <input
                      type="checkbox"
                      className={own.tick}
                      checked={!isUnticked(group, unticked)}
                      onChange={(event) => toggle(group, event.target.checked)}
                      aria-label={`Publish ${name}`}
                      disabled={run.running}
                    />
                  </td>
                  <th scope="row">
                    <ul className={own.files}>
                      {group.files.map((f) => (
                        <li key={f.file}>
                          {draftFileName(f.file, pages)}{' '}
                          <span className={own.change}>{changeWords[f.change]}</span>
                        </li>
                      ))}
                    </ul>
                  </th>
                  <td>
                    {group.by.length && group.at
                      ? describeChange({ name: group.by.join(', '), date: group.at })
                      : 'Not recorded'}
                  </td>
                  <td>
                    <div className={own.actions}>
                      {page && (
                        <button
                          type="button"
                          className={styles.small}
                          onClick={() => onOpen(page.file)}
                          aria-label={`Open ${draftFileName(page.file, pages)}`}
                        >
                          Open
                        </button>
                      )}
                      <button
                        type="button"
                        className={styles.small}
                        onClick={() => setDiscarding(group)}
                        disabled={run.running}
                        aria-label={`Discard the draft of ${name}`}
                      >
                        Discard
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className={styles.publish}>
        <button
          type="button"
          className={styles.primary}
          disabled={run.running || chosen.length === 0}
          onClick={() => void run.start(chosen.flatMap((g) => g.files.map((f) => f.file)))}
        >
          {run.running
            ? 'Publishing…'
            : `Publish selected${drafts.length ? ` (${chosen.length} of ${drafts.length})` : ''}`}
        </button>
        <PublishProgress run={run} />
      </div>
      {discarding && (
        <ActionDialog
          heading={`Discard the draft of ${draftName(discarding, pages)}?`}
          action="Discard draft"
          danger
          onCancel={() => setDiscarding(null)}
          onAct={async () => {
            await client.discard(discarding.files.map((f) => f.file));
            setDiscarding(null);
            onChanged();
          }}
        >
          <p>
            {discarding.files.length === 1 ? 'It returns' : 'They return'} to what is on the live site
            {discarding.files.some((f) => f.change === 'new') ? ', so a new page in it is removed' : ''}. The
            discarded words stay in the history, where they can be brought back.
          </p>
        </ActionDialog>
      )}
    </div>
  );
}
