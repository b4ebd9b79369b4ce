/** The app's page as index.html has it, for the dev server to add the page's data block to. */
export const APP_PAGE =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/entry-client.tsx"></script></body></html>';
