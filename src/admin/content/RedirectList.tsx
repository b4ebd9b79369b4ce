/**
 * The site's redirects (redirects.yaml, as GET /site sends its text): each old address and the page
 * it now leads to, read-only. Visitors and search engines asking for an old address are sent on with
 * a permanent redirect (301); the file itself is changed in the repository, where `npm run
 * validate` refuses a loop, a chain, a target with no page and a redirect over a live page.
 */
import { parse } from 'yaml';
import type { Redirect } from '../../content/model.ts';
import { REDIRECTS_FILE } from '../../validator/redirectRules.ts';
import { useFocusOnShow } from '../focus.ts';
import styles from './content.module.css';

type Reading = { redirects: Redirect[] } | { problem: string };

/** The entries of redirects.yaml's text that have both addresses (null text: the site has none). */
export function readRedirects(text: string | null | undefined): Reading {
  if (text === null || text === undefined) return { redirects: [] };
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const list = (data as { redirects?: unknown } | null)?.redirects;
  if (!Array.isArray(list)) return { redirects: [] };
  return {
    redirects: list.flatMap((entry: Partial<Redirect> | null) =>
      typeof entry?.from === 'string' && typeof entry.to === 'string'
        ? [{ from: entry.from, to: entry.to, ...(typeof entry.note === 'string' && { note: entry.note }) }]
        : [],
    ),
  };
}

export function RedirectList({ text, onBack }: { text: string | null | undefined; onBack: () => void }) {
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const reading = readRedirects(text);
  return (
    <div className={styles.list}>
      <button type="button" className={styles.secondary} onClick={onBack}>
        ← All pages
      </button>
      <h1 ref={heading} tabIndex={-1} id="redirects-heading">
        Redirects
      </h1>
      <p className={styles.lead}>
        Old addresses of the site and the page each now leads to. Visitors and search engines asking for an
        old address are sent on to the new one. The list is kept in {REDIRECTS_FILE} in the site's repository;
        it cannot be changed here.
      </p>
      {'problem' in reading ? (
        <div className={styles.problems} role="alert">
          <h2>The redirects cannot be read</h2>
          <p>
            {REDIRECTS_FILE} has a mistake: {reading.problem}
          </p>
        </div>
      ) : reading.redirects.length === 0 ? (
        <p>This site has no redirects.</p>
      ) : (
        <table className={styles.pageTable} aria-labelledby="redirects-heading">
          <thead>
            <tr>
              <th scope="col">Old address</th>
              <th scope="col">
                <span aria-hidden="true">→ </span>Leads to
              </th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {reading.redirects.map((redirect, i) => (
              // An old address written twice is listed twice (the validator refuses the second).
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered.
              <tr key={i}>
                <th scope="row">
                  <code>{redirect.from}</code>
                </th>
                <td>
                  <a href={redirect.to} target="_blank" rel="noopener noreferrer">
                    <code>{redirect.to}</code>
                    <span className={styles.visuallyHidden}> (opens in a new tab)</span>
                  </a>
                </td>
                <td>{redirect.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
