/**
 * The staff area's Content section: the visual page editor. The staff app shell (src/admin/)
 * lazy-loads this module, so none of the editor reaches the public pages or the inbox.
 * (Placeholder: the editor itself is being built; the contract below is fixed.)
 */

/** What the shell hands the section: where the staff API lives and who is signed in. */
export interface ContentSectionProps {
  /** Base URL of the staff API, e.g. `/backend/api/admin`. */
  api: string;
  /** The session's CSRF token, sent as `X-CSRF-Token` on every POST/PUT/DELETE. */
  csrfToken: string;
  staff: { name: string; email: string; role: 'admin' | 'content' | 'inbox' };
}

export default function ContentSection(_props: ContentSectionProps) {
  return (
    <section aria-labelledby="content-heading">
      <h1 id="content-heading">Content</h1>
      <p>The page editor is on its way.</p>
    </section>
  );
}
