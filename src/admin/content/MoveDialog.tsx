/**
 * Change address (issue 35): asks for the page's new address and moves it there. The server moves
 * the file, leads the old address on to the new one (a permanent redirect) and updates the site's
 * links to it, in one commit; Publish then puts it live.
 */
import { useId, useState } from 'react';
import { ActionDialog } from './ActionDialog.tsx';
import type { ContentApi, Moved, PageSummary, SiteFiles } from './api.ts';
import styles from './content.module.css';
import { nameOf } from './kinds.ts';

export function MoveDialog({
  page,
  site,
  client,
  onMoved,
  onCancel,
}: {
  page: PageSummary;
  site: SiteFiles;
  client: ContentApi;
  onMoved: (moved: Moved) => void;
  onCancel: () => void;
}) {
  const [to, setTo] = useState(page.path);
  const ids = { address: useId(), hint: useId() };

  const move = async () => {
    const version = site.files[page.file]?.version;
    if (!version) return;
    onMoved(await client.move(page.file, version, to));
  };

  return (
    <ActionDialog
      heading={<>Change the address of “{nameOf(page)}”</>}
      action="Change address"
      disabled={to.trim() === page.path}
      onAct={move}
      onCancel={onCancel}
    >
      <p>
        Visitors and search engines who open <code>{page.path}</code> are sent on to the new address, and the
        links to it on the site’s other pages and in its menus are changed to the new one. The change goes
        live when you publish the site.
      </p>
      <p>
        <label htmlFor={ids.address}>New address</label>
        <br />
        <input
          id={ids.address}
          type="text"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-describedby={ids.hint}
          spellCheck={false}
          autoComplete="off"
        />
        <br />
        <span id={ids.hint} className={styles.status}>
          A slash, then lower-case words joined by hyphens, such as /services/fleet-tracking.
        </span>
      </p>
    </ActionDialog>
  );
}
