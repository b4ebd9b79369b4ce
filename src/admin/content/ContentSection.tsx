/**
 * The staff area's Content section: the visual page editor. The staff app shell (src/admin/)
 * lazy-loads this module, so none of the editor reaches the public pages or the inbox.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageEntryOf, parsedPage } from '../../content/pageEntry.ts';
import { bundledSchemas } from '../../validator/bundledSchemas.ts';
import type { Role } from '../api.ts';
import {
  ApiError,
  contentApi,
  type DraftGroup,
  type LiveClash,
  NO_REVIEW,
  type PageSummary,
  type Review,
  type ReviewFlags,
  type SiteFiles,
} from './api.ts';
import styles from './content.module.css';
import { DeletedPages } from './DeletedPages.tsx';
import { DraftBar } from './DraftBar.tsx';
import { DraftsView } from './DraftsView.tsx';
import { nameOf } from './kinds.ts';
import { MoveDialog } from './MoveDialog.tsx';
import { NewPageDialog } from './NewPageDialog.tsx';
import { PageEditor } from './PageEditor.tsx';
import { PageList } from './PageList.tsx';
import { PublishButton } from './Publish.tsx';
import { PutBackDialog } from './PutBackDialog.tsx';
import { withPictureChange } from './pictureAddresses.ts';
import { RedirectList } from './RedirectList.tsx';
import { ReviewView } from './ReviewView.tsx';
import { SiteEditor } from './SiteEditor.tsx';
import { sectionFromHash } from './siteSections.ts';
import { TakeDownDialog } from './TakeDownDialog.tsx';

/** What the shell hands the section: where the staff API lives and who is signed in. */
export interface ContentSectionProps {
  /** Base URL of the staff API, e.g. `/backend/api/admin`. */
  api: string;
  /** The session's CSRF token, sent as `X-CSRF-Token` on every POST/PUT/DELETE. */
  csrfToken: string;
  staff: { name: string; email: string; role: Role };
}

type Screen =
  | { name: 'list' }
  | { name: 'page'; file: string }
  | { name: 'site' }
  | { name: 'redirects' }
  | { name: 'drafts' }
  | { name: 'review'; id: number }
  | { name: 'deleted' };

/**
 * The server's drafts (enabled false: every save goes live with the next Publish of the site), and
 * whether they are reviewed before they go live (absent: an older server, without review).
 */
interface DraftsState {
  enabled: boolean;
  drafts: DraftGroup[];
  review?: ReviewFlags;
  /** Fields the live branch and a draft both changed, waiting for a person's choice. */
  clashes?: LiveClash[];
}

/** The reviews, read with review on only (`error`: why they could not be read). */
interface ReviewsState {
  reviews: Review[];
  error: string | null;
}

const NO_REVIEWS: ReviewsState = { reviews: [], error: null };

const NO_DRAFTS: DraftsState = { enabled: false, drafts: [] };

export default function ContentSection({ api, csrfToken, staff }: ContentSectionProps) {
  const client = useMemo(() => contentApi(api, csrfToken), [api, csrfToken]);
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [site, setSite] = useState<SiteFiles | null>(null);
  const [drafts, setDrafts] = useState<DraftsState>(NO_DRAFTS);
  const [reviews, setReviews] = useState<ReviewsState>(NO_REVIEWS);
  /** Changes when a page's draft is discarded: its editor opens again on the live text. */
  const [editorRound, setEditorRound] = useState(0);
  /** What the last Publish this page said, shown where its draft band was. */
  const [pagePublished, setPagePublished] = useState<{ file: string; message: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Site settings has addresses of its own (#content/site/<section>): opened at one, it opens there.
  const [screen, setScreen] = useState<Screen>(() =>
    sectionFromHash(window.location.hash) ? { name: 'site' } : { name: 'list' },
  );
  const [newFrom, setNewFrom] = useState<PageSummary | null>(null);
  const [takingDown, setTakingDown] = useState<PageSummary | null>(null);
  const [moving, setMoving] = useState<PageSummary | null>(null);
  const [puttingBack, setPuttingBack] = useState<PageSummary | null>(null);
  /** What the last action on the page list did, said until the next one. */
  const [notice, setNotice] = useState('');
  // A server that has no /drafts (404: an older one) keeps no drafts: saves go live with Publish the
  // site. Any other failure is an error, never taken for "no drafts" (that would offer to publish all).
  const readDrafts = useCallback(
    () =>
      client.drafts().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return NO_DRAFTS;
        throw error;
      }),
    [client],
  );

  // The reviews, with review on; a failure is said where they are listed, the rest works on.
  const readReviews = useCallback(
    async (d: DraftsState): Promise<ReviewsState> => {
      if (!d.review?.required) return NO_REVIEWS;
      try {
        return { reviews: (await client.reviews()).reviews, error: null };
      } catch (error) {
        return { reviews: [], error: error instanceof Error ? error.message : String(error) };
      }
    },
    [client],
  );
  const readDraftsAndReviews = useCallback(async () => {
    const d = await readDrafts();
    return { d, r: await readReviews(d) };
  }, [readDrafts, readReviews]);

  const reload = useCallback(async () => {
    try {
      const [p, s, { d, r }] = await Promise.all([client.pages(), client.site(), readDraftsAndReviews()]);
      setPages(p);
      setSite(s);
      setDrafts(d);
      setReviews(r);
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  }, [client, readDraftsAndReviews]);

  /** The pages' states, the drafts and the reviews, after a save, a Publish or a review (a failure keeps what is shown). */
  const refreshStates = useCallback(async () => {
    try {
      const [p, { d, r }] = await Promise.all([client.pages(), readDraftsAndReviews()]);
      setPages(p);
      setDrafts(d);
      setReviews(r);
    } catch {
      // The list is read again on the next action.
    }
  }, [client, readDraftsAndReviews]);

  const saved = useCallback(
    (file: string, text: string, version: string) => {
      setSite((s) => (s ? { ...s, files: { ...s.files, [file]: { text, version } } } : s));
      void refreshStates();
    },
    [refreshStates],
  );
  /** How the list's notices end: where the change goes live from. */
  const toGoLive = drafts.enabled ? 'Publish its draft' : 'Publish the site';
  /** Whether drafts are reviewed before they go live, and whether this account may publish. */
  const reviewFlags = drafts.review ?? NO_REVIEW;

  useEffect(() => {
    void reload();
  }, [reload]);

  // Colleagues save, submit and publish while this tab stays open: the list and the Drafts view
  // read the states again each time they are shown, so neither shows what was true an hour ago.
  const shown = screen.name;
  const firstShown = useRef(true);
  useEffect(() => {
    if (firstShown.current) {
      firstShown.current = false;
      return;
    }
    if (shown === 'list' || shown === 'drafts') void refreshStates();
  }, [shown, refreshStates]);

  // An upload or a deletion changes the site's pictures at once: the validator, the preview and
  // every picture chooser know it before anything is published.
  useEffect(
    () =>
      client.onPictures((change) =>
        setSite((s) => (s ? { ...s, images: withPictureChange(s.images, change) } : s)),
      ),
    [client],
  );

  /** The open page's draft band, while it has unpublished changes. */
  const pageDraftBar = (file: string, dirty: boolean) => {
    const page = pages?.find((p) => p.file === file);
    const draft = page?.draft;
    // One status region, there from the start, says how this page's Publish ended (a region
    // created with its words already in it is not announced by every screen reader).
    const published = pagePublished?.file === file ? pagePublished.message : '';
    const said = (
      <p role="status" className={published ? styles.notice : styles.visuallyHidden}>
        {published}
      </p>
    );
    if (!draft) return said;
    return (
      <>
        {said}
        <DraftBar
          file={file}
          draft={draft}
          dirty={dirty}
          client={client}
          review={page?.review}
          reviewFlags={reviewFlags}
          onSubmitted={() => void refreshStates()}
          onPublished={(status) => {
            if (status.state === 'done') setPagePublished({ file, message: status.message ?? 'Published.' });
            void refreshStates();
          }}
          onDiscarded={() => {
            // The editor opens again on the live text (a new version of the file).
            void reload().then(() => setEditorRound((n) => n + 1));
          }}
        />
      </>
    );
  };

  if (loadError) {
    return (
      <section className={styles.root}>
        <div className={styles.list}>
          <h1 id="content-heading">Content</h1>
          <p role="alert">The pages could not be loaded: {loadError}</p>
          <button type="button" className={styles.primary} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  if (!pages || !site) {
    return (
      <section className={styles.root}>
        <div className={styles.list}>
          <h1 id="content-heading">Content</h1>
          <p role="status">Loading the pages…</p>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.root}>
      {screen.name === 'list' && notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      {screen.name === 'list' && (
        <PageList
          pages={pages}
          onOpen={(file) => setScreen({ name: 'page', file })}
          onSiteSettings={() => setScreen({ name: 'site' })}
          onRedirects={() => setScreen({ name: 'redirects' })}
          onNewPage={setNewFrom}
          onTakeDown={setTakingDown}
          onMove={setMoving}
          onPutBack={setPuttingBack}
          onDeleted={() => setScreen({ name: 'deleted' })}
          reviewRequired={reviewFlags.required}
          {...(drafts.enabled
            ? { onDrafts: () => setScreen({ name: 'drafts' }), draftCount: drafts.drafts.length }
            : { actions: <PublishButton client={client} /> })}
        />
      )}
      {screen.name === 'deleted' && (
        <DeletedPages
          client={client}
          onBack={() => setScreen({ name: 'list' })}
          onRestored={(page) => {
            setNotice(`${page.title} is back at ${page.path}. ${toGoLive} to put it on the live site again.`);
            setScreen({ name: 'list' });
            void reload();
          }}
        />
      )}
      {screen.name === 'drafts' && (
        <DraftsView
          drafts={drafts.drafts}
          pages={pages}
          client={client}
          onBack={() => setScreen({ name: 'list' })}
          onOpen={(file) => setScreen({ name: 'page', file })}
          onChanged={() => void reload()}
          review={reviewFlags}
          reviews={reviews.reviews}
          reviewsError={reviews.error}
          onOpenReview={(id) => setScreen({ name: 'review', id })}
          clashes={drafts.clashes ?? []}
        />
      )}
      {screen.name === 'review' && (
        <ReviewView
          key={screen.id}
          id={screen.id}
          client={client}
          site={site}
          mayPublish={reviewFlags.mayPublish}
          onBack={() => setScreen({ name: 'drafts' })}
          onChanged={() => void refreshStates()}
        />
      )}
      {screen.name === 'list' && takingDown && (
        <TakeDownDialog
          page={takingDown}
          pages={pages}
          site={site}
          client={client}
          onCancel={() => setTakingDown(null)}
          onTakenDown={(_text, _version, removed) => {
            setNotice(
              `${nameOf(takingDown)} is ${removed ? 'deleted (Deleted pages can bring it back)' : 'taken down'}. ${toGoLive} to take it off the live site.`,
            );
            setTakingDown(null);
            // The page and redirects.yaml both changed: read the list and the files again.
            void reload();
          }}
        />
      )}
      {screen.name === 'list' && puttingBack && (
        <PutBackDialog
          page={puttingBack}
          site={site}
          client={client}
          onCancel={() => setPuttingBack(null)}
          onPutBack={() => {
            setNotice(
              `${nameOf(puttingBack)} is back at ${puttingBack.path}. ${toGoLive} to put it on the live site again.`,
            );
            setPuttingBack(null);
            void reload();
          }}
        />
      )}
      {screen.name === 'list' && moving && (
        <MoveDialog
          page={moving}
          site={site}
          client={client}
          onCancel={() => setMoving(null)}
          onMoved={(moved) => {
            const links = moved.relinked.length;
            setNotice(
              `${nameOf(moving)} is now at ${moved.path}; ${moving.path} leads there${links ? `, and the links to it in ${links} file${links === 1 ? '' : 's'} were changed` : ''}. ${toGoLive} to put it live.`,
            );
            setMoving(null);
            // The page's file, redirects.yaml and the files that linked to it changed.
            void reload();
          }}
        />
      )}
      {screen.name === 'list' && newFrom && (
        <NewPageDialog
          from={newFrom}
          site={site}
          client={client}
          onCancel={() => setNewFrom(null)}
          onCreated={(file, text, version) => {
            saved(file, text, version);
            setPages((list) => [
              ...(list ?? []),
              {
                ...pageEntryOf(file, parsedPage(text), bundledSchemas),
                lastChange: { name: staff.name, date: new Date().toISOString() },
                ...(drafts.enabled && { draft: { change: 'new', by: [staff.name], at: null, with: 0 } }),
              },
            ]);
            void refreshStates();
            setNewFrom(null);
            setScreen({ name: 'page', file });
          }}
        />
      )}
      {screen.name === 'redirects' && (
        <RedirectList text={site.redirects} onBack={() => setScreen({ name: 'list' })} />
      )}
      {screen.name === 'site' && (
        <SiteEditor
          site={site}
          client={client}
          account={staff.email}
          onBack={() => {
            window.history.replaceState(null, '', '#content');
            setScreen({ name: 'list' });
          }}
          onSaved={saved}
        />
      )}
      {screen.name === 'page' && (
        <PageEditor
          key={`${screen.file}\n${editorRound}`}
          file={screen.file}
          site={site}
          pages={pages}
          client={client}
          account={staff.email}
          onBack={() => setScreen({ name: 'list' })}
          onSaved={saved}
          {...(drafts.enabled && { draftBar: (dirty: boolean) => pageDraftBar(screen.file, dirty) })}
        />
      )}
    </section>
  );
}
