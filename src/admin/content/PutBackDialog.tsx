/**
 * Put back (issue 35): a page taken down returns to the site at its address. The server removes its
 * "taken down" mark and the redirect from its address in one commit; Publish then puts it live.
 */
import { ActionDialog } from './ActionDialog.tsx';
import type { ContentApi, PageSummary, SiteFiles } from './api.ts';
import { nameOf } from './kinds.ts';

export function PutBackDialog({
  page,
  site,
  client,
  onPutBack,
  onCancel,
}: {
  page: PageSummary;
  site: SiteFiles;
  client: ContentApi;
  onPutBack: () => void;
  onCancel: () => void;
}) {
  const putBack = async () => {
    const version = site.files[page.file]?.version;
    if (!version) return;
    await client.putBack(page.file, version);
    onPutBack();
  };
  return (
    <ActionDialog
      heading={<>Put “{nameOf(page)}” back on the site?</>}
      action="Put back"
      onAct={putBack}
      onCancel={onCancel}
    >
      <p>
        The page is served at <code>{page.path}</code> again, in its menus and lists, and its address no
        longer sends visitors elsewhere. Like a save, the change goes live when it is published.
      </p>
    </ActionDialog>
  );
}
