/** The first screen of the Content section: every page, grouped by kind, to open one. */
import type { ReactNode } from 'react';
import type { PageSummary } from './api.ts';
import styles from './content.module.css';
import { describeChange, groupByKind } from './kinds.ts';

export function PageList({
  pages,
  onOpen,
  onSiteSettings,
  onNewPage,
  actions,
}: {
  actions?: ReactNode;
  pages: readonly PageSummary[];
  onOpen: (file: string) => void;
  onSiteSettings: () => void;
  onNewPage: (from: PageSummary) => void;
}) {
  return (
    <div className={styles.list}>
      <div className={styles.listHeader}>
        <h1 id="content-heading">Content</h1>
        <div className={styles.headerActions}>
          {actions}
          <button type="button" className={styles.secondary} onClick={onSiteSettings}>
            Site settings
          </button>
        </div>
      </div>
      <p className={styles.lead}>Choose a page to change its words, pictures and sections.</p>
      {groupByKind(pages).map((group) => (
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
              {group.pages.map((page) => (
                <tr key={page.file}>
                  <th scope="row">
                    <button type="button" className={styles.linkButton} onClick={() => onOpen(page.file)}>
                      {page.title}
                    </button>
                  </th>
                  <td>
                    <code>{page.path}</code>
                  </td>
                  <td>{describeChange(page.lastChange)}</td>
                  <td>
                    {page.kind !== 'home' && (
                      <button
                        type="button"
                        className={styles.small}
                        onClick={() => onNewPage(page)}
                        aria-label={`New page like ${page.title}`}
                      >
                        New page like this
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
