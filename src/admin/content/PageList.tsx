/**
 * The first screen of the Content section: every page, grouped by kind, to open one. A page is
 * shown by its own name (listing title or first heading), with its search title on hover; a search
 * box narrows the list; each page links to where it is on the public site. A file the editor
 * cannot open (a link, a text that explodes when read) is listed with what is wrong with it.
 */
import { type ReactNode, useId, useState } from 'react';
import type { PageSummary } from './api.ts';
import styles from './content.module.css';
import { describeChange, groupByKind, matchingPages, nameOf } from './kinds.ts';
import own from './PageList.module.css';
import { ReviewBadge } from './ReviewMarks.tsx';
import { RowMenu } from './RowMenu.tsx';

export function PageList({
  pages,
  onOpen,
  onSiteSettings,
  onRedirects,
  onNewPage,
  onTakeDown,
  onMove,
  onPutBack,
  onDrafts,
  draftCount = 0,
  onDeleted,
  actions,
  reviewRequired = false,
}: {
  /** Drafts are reviewed before they go live (CONTENT_REVIEW): Show offers the pages in review. */
  reviewRequired?: boolean;
  /** Opens the list of deleted pages (absent: no button). */
  onDeleted?: () => void;
  actions?: ReactNode;
  /** Opens the Drafts view (absent: the server keeps no drafts, and the list shows no states). */
  onDrafts?: () => void;
  /** How many drafts the site has. */
  draftCount?: number;
  pages: readonly PageSummary[];
  onOpen: (file: string) => void;
  onSiteSettings: () => void;
  /** Opens the list of redirects (old addresses and where they lead); without it, no button. */
  onRedirects?: () => void;
  onNewPage: (from: PageSummary) => void;
  /** Opens Take down for a page (absent: no button). */
  onTakeDown?: (page: PageSummary) => void;
  onMove?: (page: PageSummary) => void;
  onPutBack?: (page: PageSummary) => void;
}) {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<PageFilter>('all');
  const searchId = useId();
  const filterId = useId();
  const shown = matchingPages(pages, query).filter(FILTERS[filter].keeps);
  const offersReview = reviewRequired || pages.some((p) => p.review);
  return (
    <div className={styles.list}>
      <div className={styles.listHeader}>
        <h1 id="content-heading">Content</h1>
        <div className={styles.headerActions}>
          {onDrafts && (
            <button type="button" className={styles.primary} onClick={onDrafts}>
              Drafts and publishing{draftCount ? ` (${draftCount})` : ''}
            </button>
          )}
          {actions}
          <button type="button" className={styles.secondary} onClick={onSiteSettings}>
            Site settings
          </button>
          {onRedirects && (
            <button type="button" className={styles.secondary} onClick={onRedirects}>
              Redirects
            </button>
          )}
          {onDeleted && (
            <button type="button" className={styles.secondary} onClick={onDeleted}>
              Deleted pages
            </button>
          )}
        </div>
      </div>
      <p className={styles.lead}>Choose a page to change its words, pictures and sections.</p>
      <search className={own.search}>
        <label htmlFor={searchId}>Find a page</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name or address"
        />
        <label htmlFor={filterId}>Show</label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => setFilter(event.target.value as PageFilter)}
        >
          {Object.entries(FILTERS)
            .filter(([value]) => value !== 'review' || offersReview || filter === 'review')
            .map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
        </select>
      </search>
      {(query || filter !== 'all') && (
        <p role="status">
          {shown.length === 0
            ? query
              ? `No page matches "${query}".`
              : `No page is ${FILTERS[filter].none}.`
            : shown.length === 1
              ? `1 page ${query ? `matches "${query}"` : 'is shown'}.`
              : `${shown.length} pages ${query ? `match "${query}"` : 'are shown'}.`}
        </p>
      )}
      {groupByKind(shown).map((group) => (
        <section key={group.kind} aria-labelledby={`kind-${group.kind}`} className={styles.group}>
          <h2 id={`kind-${group.kind}`}>{group.heading}</h2>
          <table className={styles.pageTable}>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Address</th>
                <th scope="col">Last change</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.pages.map((page) =>
                page.problem ? (
                  <ProblemRow key={page.file} page={page} />
                ) : (
                  <PageRow
                    key={page.file}
                    page={page}
                    onOpen={onOpen}
                    onNewPage={onNewPage}
                    {...(onTakeDown && { onTakeDown })}
                    {...(onMove && { onMove })}
                    {...(onPutBack && { onPutBack })}
                  />
                ),
              )}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

function PageRow({
  page,
  onOpen,
  onNewPage,
  onTakeDown,
  onMove,
  onPutBack,
}: {
  page: PageSummary;
  onOpen: (file: string) => void;
  onNewPage: (from: PageSummary) => void;
  onTakeDown?: (page: PageSummary) => void;
  onMove?: (page: PageSummary) => void;
  onPutBack?: (page: PageSummary) => void;
}) {
  const name = nameOf(page);
  // The home page and the page shown for a wrong address are always on the site.
  const mayTakeDown = onTakeDown && !page.unpublished && page.kind !== 'home' && page.path !== '/404';
  // Their addresses are fixed too; a page taken down moves once it is published again.
  const mayMove = onMove && !page.unpublished && page.kind !== 'home' && page.path !== '/404';
  return (
    <tr>
      <th scope="row">
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onOpen(page.file)}
          title={`Search title: ${page.title}`}
        >
          {name}
        </button>
        {page.unpublished && <span className={own.badge}>Taken down</span>}
        {page.closes && !page.unpublished && (
          <span className={`${own.badge} ${own.scheduleBadge}`} title={closingTitle(page.closes)}>
            Open until {dayOf(page.closes)}
            <span className={styles.visuallyHidden}>: {closingTitle(page.closes)}</span>
          </span>
        )}
        {page.schedule?.takeDownAt && !page.unpublished && (
          <span className={`${own.badge} ${own.scheduleBadge}`}>
            Leaves the site {minuteOf(page.schedule.takeDownAt)}
            <span className={styles.visuallyHidden}> (scheduled)</span>
          </span>
        )}
        {page.schedule?.publishAt && page.draft && (
          <span className={`${own.badge} ${own.scheduleBadge}`}>
            Goes live {minuteOf(page.schedule.publishAt)}
            <span className={styles.visuallyHidden}> (scheduled)</span>
          </span>
        )}
        {page.draft && (
          <span className={`${own.badge} ${own.draftBadge}`} title={draftTitle(page.draft)}>
            {page.draft.change === 'new' ? 'New, not published' : 'Draft'}
            <span className={styles.visuallyHidden}>: {draftTitle(page.draft)}</span>
          </span>
        )}
        {page.review && <ReviewBadge review={page.review} />}
      </th>
      <td>
        <code>{page.path}</code>
      </td>
      <td>{describeChange(page.lastChange)}</td>
      <td>
        <div className={own.actions}>
          {!page.unpublished && (
            <a href={page.path} target="_blank" rel="noopener noreferrer" className={own.viewLink}>
              View on site
              <span className={styles.visuallyHidden}>: {name} (opens in a new tab)</span>
            </a>
          )}
          {onPutBack && page.unpublished && (
            <button
              type="button"
              className={styles.small}
              onClick={() => onPutBack(page)}
              aria-label={`Put back ${name}`}
            >
              Put back
            </button>
          )}
          <RowMenu
            pageName={name}
            actions={[
              ...(page.kind !== 'home'
                ? [
                    {
                      label: 'New page like this',
                      name: `New page like this: ${name}`,
                      run: () => onNewPage(page),
                    },
                  ]
                : []),
              ...(mayMove
                ? [
                    {
                      label: 'Change address',
                      name: `Change address of ${name}`,
                      run: () => onMove(page),
                    },
                  ]
                : []),
              ...(mayTakeDown
                ? [{ label: 'Take down', name: `Take down ${name}`, run: () => onTakeDown(page) }]
                : []),
            ]}
          />
        </div>
      </td>
    </tr>
  );
}

type PageFilter = 'all' | 'drafts' | 'review' | 'live' | 'down';

/** The page list's filters by state: each with its words and which pages it keeps. */
const FILTERS: Record<PageFilter, { label: string; none: string; keeps: (page: PageSummary) => boolean }> = {
  all: { label: 'All pages', none: 'here', keeps: () => true },
  drafts: {
    label: 'With unpublished changes',
    none: 'waiting to be published',
    keeps: (p) => Boolean(p.draft),
  },
  review: {
    label: 'In review',
    none: 'in review',
    // Waiting for a reviewer, or sent back to its editor with changes to make.
    keeps: (p) => p.review?.state === 'in-review' || p.review?.state === 'changes-requested',
  },
  live: { label: 'Live, unchanged', none: 'live without changes', keeps: (p) => !p.draft && !p.unpublished },
  down: { label: 'Taken down', none: 'taken down', keeps: (p) => p.unpublished },
};

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "28 Feb 2027" for 2027-02-28 (the date as written, whatever the browser's time zone). */
const dayOf = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

/** "10 Jan 2027, 09:00" for 2027-01-10T09:00 (the site's time zone, as written); a day that does not exist as written. */
const minuteOf = (at: string) => {
  const day = new Date(`${at.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? at : `${DAY.format(day)}, ${at.slice(11, 16)}`;
};

/** A job opening's schedule, said in full: it leaves the site by itself the day after it closes. */
function closingTitle(closes: string): string {
  const next = new Date(`${closes}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return `Scheduled: leaves the site by itself on ${DAY.format(next)}, its address leading to /careers`;
}

/** A draft badge's hover text: who changed the page and when. */
function draftTitle(draft: NonNullable<PageSummary['draft']>): string {
  return draft.by.length && draft.at
    ? `Unpublished changes by ${describeChange({ name: draft.by.join(', '), date: draft.at })}`
    : 'Unpublished changes';
}

/** A file the editor cannot open: its name and what is wrong, nothing to press. */
function ProblemRow({ page }: { page: PageSummary }) {
  return (
    <tr>
      <th scope="row">
        <code>{page.file}</code>
      </th>
      <td colSpan={3}>
        <p className={own.problem}>Cannot be opened here: {page.problem}</p>
      </td>
    </tr>
  );
}
