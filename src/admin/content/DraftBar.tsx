/**
 * A page's draft, said above its editor: that the saved changes are not live yet (by whom, when),
 * with Publish this page, Discard draft and Share a preview (a link for someone without an account). Publishing takes what is saved: with unsaved changes
 * the button waits for Save. Nothing is shown when the page is as it is live.
 */
import { useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import type { ContentApi, PageDraft, PublishStatus } from './api.ts';
import styles from './content.module.css';
import own from './DraftBar.module.css';
import { describeChange } from './kinds.ts';
import { SharePreviewDialog } from './SharePreviewDialog.tsx';
import { publishStatusText, usePublish } from './usePublish.ts';

export const draftBarWords = {
  isNew: 'New page: not on the live site until it is published.',
  changed: (who: string) => `Not live yet: saved changes by ${who}.`,
  others: (n: number) =>
    ` Publishing it also publishes ${n} other file${n === 1 ? '' : 's'} changed with it.`,
  saveFirst: 'Save first: Publish takes what is saved.',
};

export function DraftBar({
  file,
  draft,
  dirty,
  client,
  onPublished,
  onDiscarded,
}: {
  file: string;
  draft: PageDraft;
  /** The editor has unsaved changes. */
  dirty: boolean;
  client: ContentApi;
  onPublished: (status: PublishStatus) => void;
  onDiscarded: () => void;
}) {
  const run = usePublish(client, onPublished);
  const [asking, setAsking] = useState(false);
  const [sharing, setSharing] = useState(false);
  const who =
    draft.by.length && draft.at ? describeChange({ name: draft.by.join(', '), date: draft.at }) : '';
  return (
    <section className={own.bar} aria-label="Draft">
      <p className={own.words}>
        {draft.change === 'new' ? draftBarWords.isNew : draftBarWords.changed(who || 'someone')}
        {draft.with > 0 && draftBarWords.others(draft.with)}
        {dirty && ` ${draftBarWords.saveFirst}`}
      </p>
      <button
        type="button"
        className={styles.primary}
        disabled={dirty || run.running}
        onClick={() => void run.start([file])}
      >
        {run.running ? 'Publishing…' : 'Publish this page'}
      </button>
      {draft.change !== 'new' && (
        <button
          type="button"
          className={styles.secondary}
          disabled={run.running}
          onClick={() => setAsking(true)}
        >
          Discard draft
        </button>
      )}
      <button type="button" className={styles.secondary} onClick={() => setSharing(true)}>
        Share a preview
      </button>
      <span role="status" className={styles.status}>
        {publishStatusText(run)}
      </span>
      {run.running && <progress aria-label="Publishing progress" />}
      {sharing && <SharePreviewDialog file={file} client={client} onClose={() => setSharing(false)} />}
      {asking && (
        <ActionDialog
          heading="Discard this page's draft?"
          action="Discard draft"
          danger
          onCancel={() => setAsking(false)}
          onAct={async () => {
            await client.discard([file]);
            setAsking(false);
            onDiscarded();
          }}
        >
          <p>
            The page returns to what is on the live site. The discarded words stay in its history, where they
            can be brought back.
          </p>
        </ActionDialog>
      )}
    </section>
  );
}
