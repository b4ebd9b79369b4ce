/**
 * What a preview link shows (server/editor/preview/previewRoutes.ts serves its shell): one page's
 * draft, drawn read-only by the editor's own preview (the site's components and CSS, at phone,
 * tablet or desktop width), under a band that says it is a draft, not published, who shared it
 * and until when the link works. The rest of the site (menus, cards) is as it is live.
 */
import { useEffect, useMemo, useState } from 'react';
import type { SiteFiles } from '../content/api.ts';
import { docFromText } from '../content/document.ts';
import { dateTimeText } from '../content/kinds.ts';
import { Preview } from '../content/Preview.tsx';
import { parseSite } from '../content/previewContent.ts';
import own from './PreviewLinkApp.module.css';
import { type LinkDecision, ReviewerDecision } from './ReviewerDecision.tsx';

export const previewLinkWords = {
  heading: 'Draft, not published',
  about: (who: string, until: string) =>
    `A preview of changes that are not on the live site yet, shared by ${who}. This link works until ${until}.`,
  status: 'A preview: links and forms in it do nothing.',
  loading: 'Loading the draft…',
  failed: 'The draft could not be loaded. Check your connection and reload the page.',
};

/** What GET <api>/preview/<link> answers. */
interface PreviewData {
  file: string;
  madeBy: string;
  expiresAt: string;
  site: Pick<SiteFiles, 'files' | 'images'>;
  /** With review on, a link that names its reviewer: their earlier decisions from it. */
  review?: { reviewer: string; decisions: LinkDecision[] } | null;
}

type State = { loading: true } | { message: string } | { data: PreviewData };

/** `api`: the link's data address (the shell's <meta name="preview-api">). */
export default function PreviewLinkApp({
  api,
  fetchImpl = fetch,
}: {
  api: string;
  fetchImpl?: typeof fetch;
}) {
  const [state, setState] = useState<State>({ loading: true });
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const res = await fetchImpl(api, { credentials: 'omit' });
        const body = (await res.json()) as PreviewData | { message?: string };
        if (!live) return;
        // A link revoked or expired since the page was opened says so in the server's words.
        if (!res.ok || !('file' in body))
          setState({ message: ('message' in body && body.message) || previewLinkWords.failed });
        else setState({ data: body });
      } catch {
        if (live) setState({ message: previewLinkWords.failed });
      }
    })();
    return () => {
      live = false;
    };
  }, [api, fetchImpl]);

  if ('loading' in state)
    return (
      <main className="app">
        <p role="status">{previewLinkWords.loading}</p>
      </main>
    );
  if ('message' in state)
    return (
      <main className="app">
        <h1>{previewLinkWords.heading}</h1>
        <p role="alert">{state.message}</p>
      </main>
    );
  return <DraftPreview api={api} data={state.data} fetchImpl={fetchImpl} />;
}

function DraftPreview({ api, data, fetchImpl }: { api: string; data: PreviewData; fetchImpl: typeof fetch }) {
  const parsed = useMemo(
    () =>
      parseSite({ ...data.site, history: { enabled: false } }, (path) =>
        path.startsWith('/images/') ? `${api}${path.split('/').map(encodeURIComponent).join('/')}` : path,
      ),
    [api, data],
  );
  // Site settings are shown on the home page; a page, as itself.
  const shown = data.file === 'site.yaml' ? parsed.pages.find((p) => p.page.path === '/') : undefined;
  const file = shown?.file ?? data.file;
  const doc = useMemo(() => docFromText(data.site.files[file]?.text ?? ''), [data, file]);
  const title = typeof doc.details.title === 'string' ? doc.details.title : file;
  useEffect(() => {
    document.title = `${previewLinkWords.heading}: ${title}`;
  }, [title]);
  return (
    <div className={own.layout}>
      <header className={own.band}>
        <h1 className={own.heading}>
          {previewLinkWords.heading}: <span className={own.title}>{title}</span>
        </h1>
        <p className={own.about}>{previewLinkWords.about(data.madeBy, dateTimeText(data.expiresAt))}</p>
        {data.review && (
          <ReviewerDecision
            api={api}
            reviewer={data.review.reviewer}
            decisions={data.review.decisions}
            fetchImpl={fetchImpl}
          />
        )}
      </header>
      <div className={own.preview}>
        <Preview
          doc={doc}
          file={file}
          parsed={parsed}
          focused={null}
          onPick={() => undefined}
          label="draft"
          status={previewLinkWords.status}
        />
      </div>
    </div>
  );
}
